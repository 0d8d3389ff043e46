import type { RecordPageConfig } from '@platform/shared';
import { ForbiddenError } from '../../core/errors.ts';
import { type Access, mayUseButton, mergeScopes, type PermissionService } from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { MenuRow } from '../../db/schema.ts';
import type { MenuService } from '../menu/menu.service.ts';
import { allowed, type Reach } from './record-checks.ts';
import { type FieldSlot, layoutOf } from './record-values.ts';
import { FormDefinitionRepository } from './visualdev.repository.ts';
import type { FormDefinitionService, ReleasedDefinition } from './visualdev.service.ts';

/** Who writes a record: its creator on a create, its modifier on an edit; none for a public form's visitor. */
export type Who = Pick<Session, 'userId'>;
export type Relation = Access['relations'][number];

/** The main organisation unit among a person's relations. */
export const organizeIn = (relations: readonly Relation[]) =>
  relations.find((r) => r.objectType === 'Organize')?.objectId ?? null;

/** Every field and every record of a definition: what the flow's own rules admit a reader or launcher of a task to. */
export const fullReach = (definition: ReleasedDefinition): Reach => ({
  definition,
  layout: layoutOf(definition.form, definition.plan),
  scope: { all: true },
  rights: { columns: null, forms: null },
});

/** The list fields the caller may see. */
export const visibleFields = (reach: Reach): FieldSlot[] =>
  reach.layout.fields.filter((slot) => allowed(reach.rights.columns, slot.key));

function mergeSets(sets: (Set<string> | null)[]): Set<string> | null {
  if (sets.some((s) => s === null)) return null;
  return new Set(sets.flatMap((s) => [...(s ?? [])]));
}

/**
 * What a caller reaches of a generated form: the released definition, the data scope and the
 * column and form rights merged over the menus that open it, the buttons those menus grant.
 */
export class RecordAccess {
  constructor(
    private readonly db: Db,
    private readonly definitions: FormDefinitionService,
    private readonly permissions: PermissionService,
    private readonly menus: MenuService,
  ) {}

  /**
   * The caller's reach on a definition: through the enabled menus that open it and that the caller
   * holds (only `menuId` when given), with `button` on one of them when an action needs it.
   */
  async reach(session: Session, modelId: string, menuId?: string, button?: string): Promise<Reach> {
    // Writes (the calls that name a button but export) read the definition afresh.
    const definition = await this.definitions.released(modelId, button !== undefined && button !== 'btn_export');
    const layout = layoutOf(definition.form, definition.plan);
    if (session.isAdministrator)
      return { definition, layout, scope: { all: true }, rights: { columns: null, forms: null } };
    const access = await this.permissions.access(session);
    let pages: MenuRow[] = (await this.menus.pagesOfModule(modelId)).filter((m) => access.menus.has(m.enCode));
    if (menuId) pages = pages.filter((m) => m.id === menuId);
    if (button) pages = pages.filter((m) => mayUseButton(access, m.enCode, button));
    if (!pages.length) throw new ForbiddenError();
    const [scopes, rights] = await Promise.all([
      Promise.all(pages.map((m) => this.permissions.dataScope(session, m.enCode))),
      Promise.all(pages.map((m) => this.permissions.fieldRights(session, m.enCode))),
    ]);
    return {
      definition,
      layout,
      scope: mergeScopes(scopes),
      rights: { columns: mergeSets(rights.map((r) => r.columns)), forms: mergeSets(rights.map((r) => r.forms)) },
    };
  }

  /**
   * The reach of a short link's public pages: no caller, every record, the public list's fields
   * only (`columns`), every form field.
   */
  async publicReach(modelId: string, columns: string[] | null): Promise<Reach> {
    const definition = await this.definitions.released(modelId, true);
    const { fields, tables } = layoutOf(definition.form, definition.plan);
    // The link names its columns by field, not by permission key (which fields may share).
    const layout = { fields: fields.map((s) => ({ ...s, key: s.column.field })), tables };
    return {
      definition,
      layout,
      scope: { all: true },
      rights: { columns: columns ? new Set(columns) : null, forms: null },
    };
  }

  /** Every field and record of the released definition `modelId`, for a reader the flow's rules admit. */
  async fullReach(modelId: string): Promise<Reach> {
    return fullReach(await this.definitions.released(modelId));
  }

  async config(session: Session, modelId: string, menuId?: string): Promise<RecordPageConfig> {
    const { definition } = await this.reach(session, modelId, menuId);
    return {
      id: definition.id,
      fullName: definition.fullName,
      webType: String(definition.webType),
      enableFlow: definition.enableFlow,
      // The 3.6 client resolves this template id through FlowJsonList and launches its flow.
      flowId: definition.enableFlow === 1 ? await this.flowTemplateOf(definition.id) : '',
      formData: definition.formText,
      columnData: definition.listText,
      appColumnData: definition.appListText,
    };
  }

  /** The released flow template whose flows start with this form, '' when none. */
  private async flowTemplateOf(formId: string): Promise<string> {
    const row = await new FormDefinitionRepository(this.db).flowTemplateOf(formId);
    return row?.enabledMark === 1 ? row.id : '';
  }
}
