import { type ExpressionBuilder, sql } from 'kysely';
import { likePattern } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { moduleIdOf } from '../menu/menu-info.ts';

/** The definitions that use one interface: what a caller must be able to open to call it. */
export interface InterfaceReferences {
  /** Print templates reading it (print_dev.interface_id). */
  printIds: string[];
  /** Generated forms whose form, list or app list names it, or names one of those print templates. */
  formIds: string[];
  /** Enabled menus opening one of those forms (types 3, 4), or a type 5 report: an enabled report reading the interface, or the interface itself. */
  menus: { enCode: string; moduleId: string }[];
  /** Portals whose cards name it. */
  portalIds: string[];
  /** Flows whose main version names it (an approver interface) or launches with one of those forms. */
  flows: { id: string; graph: string | null; enabled: boolean }[];
}

type Source = ExpressionBuilder<Database, 'visualDev'>;

/**
 * Where definitions name an interface. Definitions keep widgets as JSON in which an interface is a
 * string value under many keys (`interfaceId`, `propsUrl`, `treePropsUrl`, a print template's id
 * under `printId`/`printIds`, a flow node's `interfaceId`...): a definition names an id when its
 * JSON holds it as a whole string, `"<id>"`. Ids are random, so no other value spells one.
 */
export class DataInterfaceAccessRepository {
  constructor(private readonly db: Db | Trx) {}

  async references(interfaceId: string): Promise<InterfaceReferences> {
    const quoted = (id: string) => likePattern(`"${id}"`);
    const printIds = (
      await this.db.selectFrom('printDev').select('id').where('interfaceId', '=', interfaceId).execute()
    ).map((r) => r.id);
    const keys = [interfaceId, ...printIds].map(quoted);
    const mentions = (eb: Source) =>
      eb.or(
        keys.flatMap((key) => [
          eb(sql<string>`coalesce(released_form_data, form_data)`, 'like', key),
          eb(sql<string>`coalesce(released_column_data, column_data)`, 'like', key),
          eb('releasedAppColumnData', 'like', key),
        ]),
      );
    const [formIds, reportIds] = await Promise.all([
      this.db
        .selectFrom('visualDev')
        .select('id')
        .where(mentions)
        .execute()
        .then((rows) => rows.map((r) => r.id)),
      this.db
        .selectFrom('report')
        .select('id')
        .where('enabledMark', '=', 1)
        .where(sql<string>`datasets::text`, 'like', quoted(interfaceId))
        .execute()
        .then((rows) => rows.map((r) => r.id)),
    ]);
    const modules = [interfaceId, ...formIds, ...reportIds];
    const [menus, portals, flows] = await Promise.all([
      this.db
        .selectFrom('menu')
        .select(['enCode', 'type', 'propertyJson'])
        .where('type', 'in', [3, 4, 5])
        .where('enabledMark', '=', 1)
        .where((eb) => eb.or(modules.map((id) => eb('propertyJson', 'like', quoted(id)))))
        .execute(),
      this.db.selectFrom('portal').select('id').where('formData', 'like', quoted(interfaceId)).execute(),
      this.db
        .selectFrom('flowDef as f')
        .innerJoin('flowTemplate as t', 't.id', 'f.templateId')
        .innerJoin('flowVersion as v', 'v.id', 'f.mainVersionId')
        .select(['f.id', 'v.graph', 't.enabledMark'])
        .where('f.deleteMark', '=', 0)
        .where((eb) =>
          eb.or([
            eb('v.graph', 'like', quoted(interfaceId)),
            ...(formIds.length ? [eb('v.formId', 'in', formIds)] : []),
          ]),
        )
        .execute(),
    ]);
    return {
      printIds,
      formIds,
      menus: menus.flatMap((menu) => {
        const moduleId = moduleIdOf(menu.propertyJson);
        const fits =
          menu.type === 5 ? moduleId === interfaceId || reportIds.includes(moduleId) : formIds.includes(moduleId);
        return fits ? [{ enCode: menu.enCode, moduleId }] : [];
      }),
      portalIds: portals.map((p) => p.id),
      flows: flows.map((f) => ({ id: f.id, graph: f.graph, enabled: f.enabledMark === 1 })),
    };
  }

  /** Whether the user launched, handles or handled a task of one of `flowIds`. */
  async takesPart(userId: string, flowIds: string[]): Promise<boolean> {
    if (!flowIds.length) return false;
    const row = await this.db
      .selectFrom('flowTask as t')
      .select('t.id')
      .where('t.flowId', 'in', flowIds)
      .where((eb) =>
        eb.or([
          eb('t.creatorUserId', '=', userId),
          eb.exists(
            eb
              .selectFrom('flowTaskOperator as o')
              .select('o.id')
              .whereRef('o.taskId', '=', 't.id')
              .where('o.handleId', '=', userId),
          ),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The names of generated forms by id (what a refusal names). */
  async formName(formId: string): Promise<string> {
    const row = await this.db.selectFrom('visualDev').select('fullName').where('id', '=', formId).executeTakeFirst();
    return row?.fullName ?? formId;
  }
}
