import { sql } from 'kysely';
import { BusinessError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { dataScopeFilter, memberReferences } from '../../core/permissions.repository.ts';
import { type DataScope, mergeScopes, type PermissionService } from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { MenuRow } from '../../db/schema.ts';
import { visiblePortalIds } from '../portal/portal-access.ts';
import { DataInterfaceAccessRepository } from './data-interface-access.repository.ts';
import type { FormTableRef } from './sql-guard.ts';

/** The data-interface page: its holders run any interface. */
export const dataInterfaceMenu = 'systemData.dataInterface';
/** Design pages whose designers preview forms, portals and reports with the interfaces they read. */
const designMenus = [dataInterfaceMenu, 'onlineDev.webDesign', 'onlineDev.portal', 'onlineDev.dataReport'];
const printMenu = 'system.printDev';
/** How long a user's right to call an interface, or its scope on a form, is reused. */
const ttlMs = 10_000;
const cacheLimit = 20_000;

/**
 * Who may run an interface through the widget calls, and which rows of generated forms' tables
 * its SQL reads for them (docs/architecture.md, data interfaces: access).
 */
export class DataInterfaceAccess {
  /** `userId:interfaceId` of calls allowed, until when. Refusals are not kept: they are rare and must follow a grant at once. */
  private readonly allowed = new Map<string, number>();
  private readonly scopes = new Map<string, { scope: DataScope | null; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly permissions: PermissionService,
    private readonly pagesOfModule: (moduleId: string) => Promise<MenuRow[]>,
    bus: EventBus,
  ) {
    bus.subscribe((event) => {
      if (event.type === 'authorize.changed' || event.type === dataInterfaceReferencesChanged) this.forget();
    });
  }

  forget() {
    this.allowed.clear();
    this.scopes.clear();
  }

  /**
   * Refuses (400, 无权调用该数据接口) a caller who can open no form, portal, flow, report or print
   * template using the interface and holds none of the design pages; administrators pass.
   */
  async requireCallable(session: Session, interfaceId: string): Promise<void> {
    if (session.isAdministrator) return;
    const key = `${session.userId}:${interfaceId}`;
    if ((this.allowed.get(key) ?? 0) > Date.now()) return;
    if (!(await this.callable(session, interfaceId))) throw new BusinessError('dataInterface.callDenied');
    if (this.allowed.size >= cacheLimit) this.allowed.clear();
    this.allowed.set(key, Date.now() + ttlMs);
  }

  private async callable(session: Session, interfaceId: string): Promise<boolean> {
    const access = await this.permissions.access(session);
    if (designMenus.some((code) => access.menus.has(code))) return true;
    const repo = new DataInterfaceAccessRepository(this.db);
    const used = await repo.references(interfaceId);
    if (used.printIds.length && access.menus.has(printMenu)) return true;
    if (used.menus.some((menu) => access.menus.has(menu.enCode))) return true;
    if (used.portalIds.length) {
      const visible = await visiblePortalIds(this.db, access);
      if (used.portalIds.some((id) => visible.has(id))) return true;
    }
    if (!used.flows.length) return false;
    if (
      await repo.takesPart(
        session.userId,
        used.flows.map((f) => f.id),
      )
    )
      return true;
    const mine = await memberReferences(this.db, session.userId);
    return used.flows.some((flow) => flow.enabled && launchableBy(flow.graph, mine));
  }

  /**
   * The caller's data scope on a generated form: the union over the enabled menus opening it that
   * the caller holds (as its records' pages apply it); null when it holds none.
   */
  private async scopeOn(session: Session, formId: string): Promise<DataScope | null> {
    const key = `${session.userId}:${formId}`;
    const cached = this.scopes.get(key);
    if (cached && cached.until > Date.now()) return cached.scope;
    const access = await this.permissions.access(session);
    const pages = (await this.pagesOfModule(formId)).filter((m) => access.menus.has(m.enCode));
    const scope = pages.length
      ? mergeScopes(await Promise.all(pages.map((m) => this.permissions.dataScope(session, m.enCode))))
      : null;
    if (this.scopes.size >= cacheLimit) this.scopes.clear();
    this.scopes.set(key, { scope, until: Date.now() + ttlMs });
    return scope;
  }

  /**
   * `statement` with every generated form's table it reads replaced by the rows of that table the
   * caller's data scope reaches (a sub-table: the rows of the records it reaches), the scope's
   * values bound through `bind`. Refuses (400) a form none of whose menus the caller holds.
   * Administrators read the statement as written.
   */
  async scoped(
    statement: string,
    tables: readonly FormTableRef[],
    session: Session,
    bind: (value: unknown) => string,
  ): Promise<string> {
    if (session.isAdministrator || !tables.length) return statement;
    const bytes = Buffer.from(statement, 'utf8');
    const parts: string[] = [];
    let at = 0;
    for (const ref of [...tables].sort((a, b) => a.start - b.start)) {
      const scope = await this.scopeOn(session, ref.formId);
      if (!scope) {
        const name = await new DataInterfaceAccessRepository(this.db).formName(ref.formId);
        throw new BusinessError('dataInterface.formDenied', { name });
      }
      parts.push(bytes.subarray(at, ref.start).toString('utf8'));
      const original = bytes.subarray(ref.start, ref.end).toString('utf8');
      parts.push(
        scope.all ? original : `(${this.scopeQuery(ref, scope, bind)})${ref.aliased ? '' : ` as ${ref.table}`}`,
      );
      at = ref.end;
    }
    parts.push(bytes.subarray(at).toString('utf8'));
    return parts.join('');
  }

  /** The rows of `ref`'s table within `scope`, as SQL whose values `bind` numbers after the statement's own. */
  private scopeQuery(ref: FormTableRef, scope: DataScope, bind: (value: unknown) => string): string {
    const main = `vd_${ref.formId}`;
    const reached = this.db
      .withoutPlugins()
      .selectFrom(sql.table(main).as('r'))
      .where(dataScopeFilter(scope, { organizeId: 'r.organize_id', userId: 'r.creator_user_id' }));
    const query =
      ref.table === main
        ? reached.selectAll().compile()
        : this.db
            .withoutPlugins()
            .selectFrom(sql.table(ref.table).as('c'))
            .selectAll()
            .where(sql.ref('c.parent_id'), 'in', reached.select(sql.ref('r.id').as('id')))
            .compile();
    // Kysely numbers the scope's values from $1; they follow the statement's own values.
    return query.sql.replace(/\$(\d+)/g, (_m, n: string) => bind(query.parameters[Number(n) - 1]));
  }
}

/** The bus event a definition's save publishes when the interfaces it names may have changed. */
export const dataInterfaceReferencesChanged = 'dataInterface.referencesChanged';

/** Whether a flow's start node lets one of `mine` (the user's member references) launch it: nobody listed lets everyone. */
function launchableBy(graph: string | null, mine: ReadonlySet<string>): boolean {
  if (!graph) return false;
  try {
    const initiators = (JSON.parse(graph) as { properties?: { initiator?: unknown } }).properties?.initiator;
    if (!Array.isArray(initiators) || initiators.length === 0) return true;
    return initiators.some((ref) => typeof ref === 'string' && mine.has(ref));
  } catch {
    return false;
  }
}
