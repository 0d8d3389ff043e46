import { type AuditObjectType, EmptyEnvelope, EnvelopeOf, Id, type PageData, PageOf } from '@platform/shared';
import type { FastifyTypeProviderDefault, preHandlerAsyncHookHandler } from 'fastify';
import { type Static, type TSchema, Type } from 'typebox';
import type { App } from './app-types.ts';
import { sessionOf } from './auth.ts';
import { type DuplicateMode, type EntityImportMessages, readEntityImport } from './entity-import.ts';
import { ok } from './envelope.ts';
import type { FieldMessages } from './error-handler.ts';
import type { MessageKey } from './i18n.ts';
import { type MenuCodes, permit, permitMenu } from './permissions.ts';
import type { Session } from './session.ts';

/** What an area's service offers for the usual administration routes. */
export interface CrudService<Query, Row, Input, Update, Info = Row, Saved = string, Updated = void>
  extends CrudWrites<Input, Update, Saved, Updated> {
  /** `session`: for an area whose list the caller's scope limits (positions, for a tiered administrator). */
  page(query: Query, session: Session): Promise<PageData<Row>>;
  info(id: string, session: Session): Promise<Info>;
}

/** The writes alone, for an area whose reads are not a paged list (areas: a lazy tree). */
export interface CrudWrites<Input, Update, Saved = string, Updated = void> {
  /** Answers the new record's id (or, with `savedAnswer`, what the route answers). */
  create(input: Input, session: Session): Promise<Saved>;
  update(id: string, input: Update, session: Session): Promise<Updated>;
  delete(id: string, session: Session): Promise<void>;
  /** Flips enabledMark and answers the new state; areas without a state switch leave it out. */
  toggleState?(id: string, session: Session): Promise<number>;
}

/**
 * The one-record calls an area offers, each optional: `recordRoutes` declares a route for each one
 * present, so an area whose list or reads are its own (a tree, a list by POST) still takes the
 * usual ones from here.
 */
export interface RecordService<Input, Update, Info, Saved = string, Updated = void> {
  info?(id: string, session: Session): Promise<Info>;
  /** Answers the new record's id (or, with `savedAnswer`, what the route answers). */
  create?(input: Input, session: Session): Promise<Saved>;
  update?(id: string, input: Update, session: Session): Promise<Updated>;
  delete?(id: string, session: Session): Promise<void>;
  /** Flips enabledMark; answers the new state where the answer says which (`stateAnswer`). */
  toggleState?(id: string, session: Session): Promise<unknown>;
}

type Operation = 'list' | 'info' | 'create' | 'update' | 'delete' | 'state';

export interface CrudRoutes<
  Query extends TSchema,
  Row extends TSchema,
  Input extends TSchema,
  Update extends TSchema,
  Info extends TSchema = Row,
> {
  /** The collection path, e.g. `/api/permission/Role`. */
  base: string;
  /** The menu whose grant opens the list and whose buttons (btn_add, btn_edit, btn_remove) guard the writes. */
  menu: MenuCodes;
  /** OpenAPI tag and the nouns its summaries use: `{ one: 'role', many: 'Roles' }`. */
  tag: string;
  noun: { one: string; many: string };
  /** `info`: the one-record answer when it carries more than a list row (default `row`). */
  schemas: { query: Query; row: Row; input: Input; update: Update; info?: Info };
  /** Summaries that say more than the default, e.g. why a delete may be refused. */
  summaries?: Partial<Record<Operation, string>>;
  /**
   * What create answers: the new id (default, `{ id }`), the id itself as `data` (the protocol's
   * applications and menus), or nothing where the protocol's answer has no data.
   */
  createAnswer?: 'id' | 'idAsData' | 'nothing';
  /**
   * Create and update answer what the service returns, under this schema, instead of the id and
   * nothing (flow templates: the id and whether the save made a new main version).
   */
  savedAnswer?: TSchema;
  /** The state switch's message: "enabled" or "disabled" (default), or the plain "updated". */
  stateAnswer?: 'enabledOrDisabled' | 'updated';
  /** Buttons other than btn_add, btn_edit and btn_remove guarding the writes (menu definitions: btn_edit for all). */
  buttons?: Partial<Record<'add' | 'edit' | 'remove', string>>;
  /** The area's own form messages for a refused body (error-handler.ts). */
  fieldMessages?: FieldMessages;
  /** The kind of object the writes change: each one's before and after go to the audit trail (core/audit.ts). */
  audit?: AuditObjectType;
}

/** The definition `recordRoutes` reads: `crudRoutes`' without the list. */
export type RecordRoutes<Input extends TSchema, Update extends TSchema, Info extends TSchema> = Omit<
  CrudRoutes<TSchema, TSchema, Input, Update, Info>,
  'schemas'
> & { schemas: { input?: Input; update?: Update; info?: Info } };

const IdParams = Type.Object({ id: Id });

/** "a role", "an application": the summaries' article. */
const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/**
 * The routes every administration area has, with the permission keys its page uses: the paged
 * list and one record (menu grant), create (btn_add), update and the state switch (btn_edit),
 * delete (btn_remove). An area adds its own calls (selectors, lookups) beside them.
 */
export function crudRoutes<
  Query extends TSchema,
  Row extends TSchema,
  Input extends TSchema,
  Update extends TSchema,
  Info extends TSchema = Row,
  Saved = string,
  Updated = void,
>(
  app: App,
  def: CrudRoutes<Query, Row, Input, Update, Info>,
  service: CrudService<Static<Query>, Static<Row>, Static<Input>, Static<Update>, Static<Info>, Saved, Updated>,
) {
  const { base, menu, noun, schemas } = def;

  // The TypeBox provider cannot resolve `Static` of a schema that is still a type parameter, so
  // these routes are declared through the default provider and their request parts typed here
  // from the same schemas the validator has checked them against.
  app.withTypeProvider<FastifyTypeProviderDefault>().get(
    base,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags: [def.tag],
        summary: def.summaries?.list ?? `${noun.many}, paged`,
        querystring: schemas.query,
        response: { 200: EnvelopeOf(PageOf(schemas.row)) },
      },
    },
    async (request) => ok(await service.page(request.query as Static<Query>, sessionOf(request))),
  );

  recordRoutes(app, { ...def, schemas: { ...schemas, info: schemas.info ?? schemas.row } }, service);
}

/**
 * Create (btn_add), update and the state switch (btn_edit), delete (btn_remove) with their usual
 * messages: `crudRoutes` without the list and the one-record read, for an area that reads otherwise.
 */
export function crudWriteRoutes<Input extends TSchema, Update extends TSchema>(
  app: App,
  def: Omit<CrudRoutes<TSchema, TSchema, Input, Update>, 'schemas'> & { schemas: { input: Input; update: Update } },
  service: CrudWrites<Static<Input>, Static<Update>>,
) {
  // The writes alone: the service's own reads (a lazy tree's) stay off this path.
  const { create, update, delete: remove, toggleState } = service;
  recordRoutes(app, def, {
    create: create.bind(service),
    update: update.bind(service),
    delete: remove.bind(service),
    ...(toggleState ? { toggleState: toggleState.bind(service) } : {}),
  });
}

/**
 * One record's routes at `{base}/:id`, one for each call the service offers: read (menu grant),
 * create at `base` (btn_add), update and the state switch at `/:id/Actions/State` (btn_edit),
 * delete (btn_remove), with the usual messages. `crudRoutes` is these and the paged list.
 */
export function recordRoutes<
  Input extends TSchema,
  Update extends TSchema,
  Info extends TSchema,
  Saved = string,
  Updated = void,
>(
  app: App,
  def: RecordRoutes<Input, Update, Info>,
  service: RecordService<Static<Input>, Static<Update>, Static<Info>, Saved, Updated>,
) {
  const { base, menu, noun, schemas } = def;
  const one = withArticle(noun.one);
  const summary = (operation: Operation, fallback: string) => def.summaries?.[operation] ?? fallback;
  const button = { add: 'btn_add', edit: 'btn_edit', remove: 'btn_remove', ...def.buttons };
  const audit = def.audit ? { audit: { object: def.audit } } : {};
  const config = { ...audit, ...(def.fieldMessages ? { fieldMessages: def.fieldMessages } : {}) };
  const common = { tags: [def.tag], params: IdParams };
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
  type WithId = { Params: { id: string } };
  const schemaOf = <S extends TSchema>(schema: S | undefined, operation: Operation): S => {
    if (!schema) throw new Error(`${base}: ${operation} needs its schema`);
    return schema;
  };

  const { info, create, update, delete: remove, toggleState } = service;
  if (info) {
    const answer = schemaOf(schemas.info, 'info');
    routes.get<WithId>(
      `${base}/:id`,
      {
        preHandler: permitMenu(menu),
        schema: {
          ...common,
          summary: summary('info', one.charAt(0).toUpperCase() + one.slice(1)),
          response: { 200: EnvelopeOf(answer) },
        },
      },
      async (request) => ok(await info.call(service, request.params.id, sessionOf(request))),
    );
  }

  if (create) {
    const body = schemaOf(schemas.input, 'create');
    const answer = def.createAnswer ?? 'id';
    const created = def.savedAnswer
      ? EnvelopeOf(def.savedAnswer)
      : {
          id: EnvelopeOf(Type.Object({ id: Type.String() })),
          idAsData: EnvelopeOf(Type.String()),
          nothing: EmptyEnvelope,
        }[answer];
    routes.post(
      base,
      {
        preHandler: permit(menu, button.add),
        config,
        schema: { tags: common.tags, summary: summary('create', `Create ${one}`), body, response: { 200: created } },
      },
      async (request) => {
        const id = await create.call(service, request.body as Static<Input>, sessionOf(request));
        const data = def.savedAnswer ? id : { id: { id }, idAsData: id, nothing: null }[answer];
        return ok(data, request.t('common.created'));
      },
    );
  }

  if (update) {
    const body = schemaOf(schemas.update, 'update');
    routes.put<WithId>(
      `${base}/:id`,
      {
        preHandler: permit(menu, button.edit),
        config,
        schema: {
          ...common,
          summary: summary('update', `Update ${one}`),
          body,
          response: { 200: def.savedAnswer ? EnvelopeOf(def.savedAnswer) : EmptyEnvelope },
        },
      },
      async (request) => {
        const saved = await update.call(service, request.params.id, request.body as Static<Update>, sessionOf(request));
        return ok(def.savedAnswer ? saved : null, request.t('common.updated'));
      },
    );
  }

  if (remove) {
    routes.delete<WithId>(
      `${base}/:id`,
      {
        preHandler: permit(menu, button.remove),
        config: audit,
        schema: { ...common, summary: summary('delete', `Delete ${one}`), response: { 200: EmptyEnvelope } },
      },
      async (request) => {
        await remove.call(service, request.params.id, sessionOf(request));
        return ok(null, request.t('common.deleted'));
      },
    );
  }

  if (toggleState) {
    const tellsState = def.stateAnswer !== 'updated';
    routes.put<WithId>(
      `${base}/:id/Actions/State`,
      {
        preHandler: permit(menu, button.edit),
        config: audit,
        schema: {
          ...common,
          summary: summary('state', `Enable or disable ${one}`),
          response: { 200: EmptyEnvelope },
        },
      },
      async (request) => {
        const state = await toggleState.call(service, request.params.id, sessionOf(request));
        const message: MessageKey = !tellsState ? 'common.updated' : state === 1 ? 'people.enabled' : 'people.disabled';
        return ok(null, request.t(message));
      },
    );
  }
}

/** An action on one record that answers only its message: copy, release, unlock, set as default. */
export interface RecordAction {
  /** The 3.6 client's method for it (it GETs some copies). */
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path, with the record's `:id`. */
  url: string;
  tags: string[];
  summary: string;
  /** The permission it needs (`permit(menu, button)`); left out where any signed-in user acts for themself. */
  preHandler?: preHandlerAsyncHookHandler;
  /** The kind of object it changes, for the audit trail (core/audit.ts). */
  audit?: AuditObjectType;
  /** The message the answer carries. */
  done: MessageKey;
}

/** Declares `def`'s route: `act` runs on the record the path names, and the answer is `done`'s message alone. */
export function recordActionRoute(
  app: App,
  def: RecordAction,
  act: (id: string, session: Session) => Promise<unknown>,
) {
  app.withTypeProvider<FastifyTypeProviderDefault>().route<{ Params: { id: string } }>({
    method: def.method,
    url: def.url,
    ...(def.preHandler ? { preHandler: def.preHandler } : {}),
    ...(def.audit ? { config: { audit: { object: def.audit } } } : {}),
    schema: { tags: def.tags, summary: def.summary, params: IdParams, response: { 200: EmptyEnvelope } },
    handler: async (request) => {
      await act(request.params.id, sessionOf(request));
      return ok(null, request.t(def.done));
    },
  });
}

/** What an area's transfer service offers for the export and import of one record. */
export interface EntityTransfer<Result> {
  /** Writes the record's file and answers the url it downloads from. */
  export(id: string): Promise<{ url: string }>;
  import(content: Buffer, mode: DuplicateMode, session: Session): Promise<Result>;
}

export interface TransferRoutes<Link extends TSchema, Result extends TSchema> {
  /** The collection path; the routes are `{base}/:id/Actions/Export` and `{base}/Actions/Import`. */
  base: string;
  menu: MenuCodes;
  tag: string;
  /**
   * The file's extension as a pattern (`/\.bb$/i`), the largest upload accepted, and the
   * duplicate handling when the upload offers no choice (else it is refused).
   */
  file: { extension: RegExp; maxBytes: number; defaultMode?: DuplicateMode };
  /** The export's method (the 3.6 client POSTs some) and its path parameter's name; GET and `id` by default. */
  exportRoute?: { method: 'GET' | 'POST'; param: string };
  /** The refusals of an upload (`readEntityImport`). */
  messages: EntityImportMessages;
  /** The message of a finished import, e.g. "skipped: the code exists" or "imported". */
  answered: (result: Static<Result>) => MessageKey;
  schemas: { link: Link; result: Result };
  summaries: { export: string; import: string };
}

/**
 * The export (menu grant) and import (btn_add) of one record as a file (protocol-admin.md section
 * 0): the export answers the url the file downloads from without authorization; the import reads
 * the multipart `file` and `type` and answers what it added.
 */
export function transferRoutes<Link extends TSchema, Result extends TSchema>(
  app: App,
  def: TransferRoutes<Link, Result>,
  transfer: EntityTransfer<Static<Result>>,
) {
  const { base, menu, messages } = def;
  const tags = [def.tag];
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();

  const exported = def.exportRoute ?? { method: 'GET', param: 'id' };
  routes.route<{ Params: Record<string, string> }>({
    method: exported.method,
    url: `${base}/:${exported.param}/Actions/Export`,
    preHandler: permitMenu(menu),
    schema: {
      tags,
      summary: def.summaries.export,
      params: Type.Object({ [exported.param]: Id }),
      response: { 200: EnvelopeOf(def.schemas.link) },
    },
    handler: async (request) => ok(await transfer.export(request.params[exported.param] as string)),
  });

  routes.post(
    `${base}/Actions/Import`,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: def.summaries.import,
        consumes: ['multipart/form-data'],
        response: { 200: EnvelopeOf(def.schemas.result) },
      },
    },
    async (request) => {
      const { content, mode } = await readEntityImport(request, { ...def.file, messages });
      const result = await transfer.import(content, mode, sessionOf(request));
      return ok(result, request.t(def.answered(result)));
    },
  );
}
