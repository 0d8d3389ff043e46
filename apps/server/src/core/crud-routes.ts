import { EmptyEnvelope, EnvelopeOf, Id, type PageData, PageOf } from '@platform/shared';
import type { FastifyTypeProviderDefault } from 'fastify';
import { type Static, type TSchema, Type } from 'typebox';
import type { App } from './app-types.ts';
import { sessionOf } from './auth.ts';
import { type DuplicateMode, type EntityImportMessages, readEntityImport } from './entity-import.ts';
import { ok } from './envelope.ts';
import type { MessageKey } from './i18n.ts';
import { permit, permitMenu } from './permissions.ts';
import type { Session } from './session.ts';

/** What an area's service offers for the usual administration routes. */
export interface CrudService<Query, Row, Input, Update, Info = Row> extends CrudWrites<Input, Update> {
  /** `session`: for an area whose list the caller's scope limits (positions, for a tiered administrator). */
  page(query: Query, session: Session): Promise<PageData<Row>>;
  info(id: string, session: Session): Promise<Info>;
}

/** The writes alone, for an area whose reads are not a paged list (areas: a lazy tree). */
export interface CrudWrites<Input, Update> {
  /** Answers the new record's id. */
  create(input: Input, session: Session): Promise<string>;
  update(id: string, input: Update, session: Session): Promise<void>;
  delete(id: string, session: Session): Promise<void>;
  /** Flips enabledMark and answers the new state; areas without a state switch leave it out. */
  toggleState?(id: string, session: Session): Promise<number>;
}

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
  menu: string;
  /** OpenAPI tag and the nouns its summaries use: `{ one: 'role', many: 'Roles' }`. */
  tag: string;
  noun: { one: string; many: string };
  /** `info`: the one-record answer when it carries more than a list row (default `row`). */
  schemas: { query: Query; row: Row; input: Input; update: Update; info?: Info };
  /** Summaries that say more than the default, e.g. why a delete may be refused. */
  summaries?: Partial<Record<'list' | 'create' | 'delete', string>>;
  /** What create answers: the new id (default), or nothing where the protocol's answer has no data. */
  createAnswer?: 'id' | 'nothing';
}

const IdParams = Type.Object({ id: Id });

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
>(
  app: App,
  def: CrudRoutes<Query, Row, Input, Update, Info>,
  service: CrudService<Static<Query>, Static<Row>, Static<Input>, Static<Update>, Static<Info>>,
) {
  const { base, menu, noun, schemas } = def;
  const tags = [def.tag];

  // The TypeBox provider cannot resolve `Static` of a schema that is still a type parameter, so
  // these routes are declared through the default provider and their request parts typed here
  // from the same schemas the validator has checked them against.
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
  type WithId = { Params: { id: string } };

  routes.get(
    base,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: def.summaries?.list ?? `${noun.many}, paged`,
        querystring: schemas.query,
        response: { 200: EnvelopeOf(PageOf(schemas.row)) },
      },
    },
    async (request) => ok(await service.page(request.query as Static<Query>, sessionOf(request))),
  );

  routes.get<WithId>(
    `${base}/:id`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: `A ${noun.one}`,
        params: IdParams,
        response: { 200: EnvelopeOf(schemas.info ?? schemas.row) },
      },
    },
    async (request) => ok(await service.info(request.params.id, sessionOf(request))),
  );

  crudWriteRoutes(app, def, service);
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
  const { base, menu, noun, schemas } = def;
  const tags = [def.tag];
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
  type WithId = { Params: { id: string } };
  const answersId = def.createAnswer !== 'nothing';

  routes.post(
    base,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: def.summaries?.create ?? `Create a ${noun.one}`,
        body: schemas.input,
        response: { 200: answersId ? EnvelopeOf(Type.Object({ id: Type.String() })) : EmptyEnvelope },
      },
    },
    async (request) => {
      const id = await service.create(request.body as Static<Input>, sessionOf(request));
      return ok(answersId ? { id } : null, request.t('common.created'));
    },
  );

  routes.put<WithId>(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: `Update a ${noun.one}`,
        params: IdParams,
        body: schemas.update,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await service.update(request.params.id, request.body as Static<Update>, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  routes.delete<WithId>(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_remove'),
      schema: {
        tags,
        summary: def.summaries?.delete ?? `Delete a ${noun.one}`,
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await service.delete(request.params.id, sessionOf(request));
      return ok(null, request.t('common.deleted'));
    },
  );

  const toggleState = service.toggleState?.bind(service);
  if (toggleState) {
    routes.put<WithId>(
      `${base}/:id/Actions/State`,
      {
        preHandler: permit(menu, 'btn_edit'),
        schema: {
          tags,
          summary: `Enable or disable a ${noun.one}`,
          params: IdParams,
          response: { 200: EmptyEnvelope },
        },
      },
      async (request) => {
        const state = await toggleState(request.params.id, sessionOf(request));
        return ok(null, request.t(state === 1 ? 'people.enabled' : 'people.disabled'));
      },
    );
  }
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
  menu: string;
  tag: string;
  /** The file's extension as a pattern (`/\.bb$/i`) and the largest upload accepted. */
  file: { extension: RegExp; maxBytes: number };
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

  routes.get<{ Params: { id: string } }>(
    `${base}/:id/Actions/Export`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: def.summaries.export,
        params: IdParams,
        response: { 200: EnvelopeOf(def.schemas.link) },
      },
    },
    async (request) => ok(await transfer.export(request.params.id)),
  );

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
