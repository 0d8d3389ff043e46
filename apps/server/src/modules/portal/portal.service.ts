import {
  type PageData,
  type PortalAuth,
  type PortalInfo,
  type PortalInput,
  type PortalQuery,
  type PortalRow,
  type PortalSelectorNode,
  type PortalUpdate,
  parsePortalFormData,
} from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { Access } from '../../core/permissions.ts';
import { sanitizeRichText } from '../../core/sanitize.ts';
import type { Session } from '../../core/session.ts';
import { flipEnabledMark } from '../../core/state-switch.ts';
import type { Db } from '../../db/database.ts';
import type { DictionaryCache } from '../dictionary/dictionary-cache.ts';
import { PortalRepository, type PortalValues } from './portal.repository.ts';
import { type PortalAccess, visiblePortalIds } from './portal-access.ts';

type Row = NonNullable<Awaited<ReturnType<PortalRepository['findById']>>>;
type ListRow = Omit<Row, 'formData'>;

/** The dictionary whose entries (by enCode) are the portals' categories. */
const categoryDictionary = 'portalDesigner';

const toWire = (r: ListRow): PortalRow => ({
  id: r.id,
  fullName: r.fullName,
  enCode: r.enCode,
  category: r.category,
  type: r.type,
  linkType: r.linkType,
  customUrl: r.customUrl ?? '',
  enabledLock: r.enabledLock,
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  description: r.description ?? '',
  creatorTime: toMillis(r.creatorTime) ?? 0,
  lastModifyTime: toMillis(r.lastModifyTime),
});

const valuesOf = (input: PortalInput): PortalValues => ({
  fullName: input.fullName,
  enCode: input.enCode,
  category: input.category,
  type: input.type ?? 0,
  linkType: input.linkType ?? 0,
  customUrl: input.customUrl || null,
  enabledLock: input.enabledLock ?? 0,
  formData: cleanFormData(input.formData || null),
  sortCode: input.sortCode ?? 0,
  enabledMark: input.enabledMark ?? 1,
  description: input.description ?? null,
});

const isDesignerSave = (input: PortalUpdate): input is { id?: string; formData: string } => !('fullName' in input);

/** Text a 3.6 client puts into the page as HTML: tags, comments or processing instructions in it. */
const holdsMarkup = /<[a-z!/?]/i;

/**
 * A layout with its text cards' content sanitised (the 3.6 client draws a text card's
 * `option.defaultValue` as HTML). Plain text is left as typed, so our screen, which shows it as
 * text, is unchanged; anything else in the layout is kept byte for byte. Applied on every save and
 * on every answer, so layouts stored before this answer clean too.
 */
export function cleanFormData<T extends string | null>(formData: T): T {
  if (!formData || !holdsMarkup.test(formData)) return formData;
  let layout: unknown;
  try {
    layout = JSON.parse(formData);
  } catch {
    return formData;
  }
  let changed = false;
  const visit = (card: unknown) => {
    if (!card || typeof card !== 'object') return;
    const { jnpfKey, option, children } = card as { jnpfKey?: unknown; option?: unknown; children?: unknown };
    if (jnpfKey === 'text' && option && typeof option === 'object') {
      const value = (option as { defaultValue?: unknown }).defaultValue;
      if (typeof value === 'string' && holdsMarkup.test(value)) {
        (option as { defaultValue?: unknown }).defaultValue = sanitizeRichText(value);
        changed = true;
      }
    }
    if (Array.isArray(children)) children.forEach(visit);
  };
  const cards = (layout as { layout?: unknown } | null)?.layout;
  if (Array.isArray(cards)) cards.forEach(visit);
  return changed ? (JSON.stringify(layout) as T) : formData;
}

/** A layout must be one this platform can draw; anything else is refused before it is stored. */
function checkFormData(formData: string | null | undefined) {
  if (formData && !parsePortalFormData(formData)) throw new BusinessError('portal.badFormData');
}

/**
 * Portals (门户设计): definitions for the designer's page, and what the home page reads: the
 * viewer's default portal (their own choice, else their roles'), the portal to draw with the
 * viewer's own arrangement when the portal is not locked, and the switcher's list. What the home
 * page reads is limited to the portals the viewer may open (`PortalAccess`).
 */
export class PortalService {
  constructor(
    private readonly db: Db,
    private readonly dictionaries: DictionaryCache,
    private readonly access: PortalAccess,
  ) {}

  private async check(input: PortalInput) {
    if (!(await this.dictionaries.hasEntry(categoryDictionary, input.category)))
      throw new BusinessError('portal.categoryUnknown', { code: input.category });
    checkFormData(input.formData);
  }

  async page(query: PortalQuery): Promise<PageData<PortalRow>> {
    const params = pageParams(query);
    const { list, total } = await new PortalRepository(this.db).page(params, {
      category: query.category,
      type: query.type,
      enabledMark: query.enabledMark,
    });
    return page(list.map(toWire), total, params);
  }

  async info(id: string): Promise<PortalInfo> {
    const row = await this.find(id);
    return { ...toWire(row), formData: cleanFormData(row.formData ?? '') };
  }

  private async find(id: string): Promise<Row> {
    const row = await new PortalRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return row;
  }

  async create(input: PortalInput, session: Session): Promise<string> {
    await this.check(input);
    return this.db.transaction().execute(async (trx) => {
      const repo = new PortalRepository(trx);
      if (await repo.codeTaken(input.enCode, null)) throw new BusinessError('portal.codeTaken');
      const id = newId();
      await repo.insert(id, valuesOf(input), session.userId);
      return id;
    });
  }

  async update(id: string, input: PortalUpdate, session: Session) {
    if (isDesignerSave(input)) {
      checkFormData(input.formData);
      await this.db.transaction().execute(async (trx) => {
        const repo = new PortalRepository(trx);
        if (!(await repo.findById(id))) throw new NotFoundError();
        await repo.setFormData(id, cleanFormData(input.formData), session.userId);
      });
      return;
    }
    await this.check(input);
    await this.db.transaction().execute(async (trx) => {
      const repo = new PortalRepository(trx);
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError();
      if (await repo.codeTaken(input.enCode, id)) throw new BusinessError('portal.codeTaken');
      // The list's dialog does not carry the cards: a missing formData keeps the designed ones.
      const values = valuesOf(input);
      await repo.update(
        id,
        { ...values, formData: input.formData === undefined ? row.formData : values.formData },
        session.userId,
      );
    });
  }

  toggleState(id: string, session: Session): Promise<number> {
    return flipEnabledMark(this.db, 'portal', id, session.userId);
  }

  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new PortalRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      await repo.delete(id);
    });
  }

  /** A copy with a new name and code (name.副本xxxxx), as the other designers copy. */
  async copy(id: string, session: Session): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new PortalRepository(trx);
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError();
      const clean = { ...row, formData: cleanFormData(row.formData) };
      return repo.insertCopy(clean, session.userId);
    });
  }

  /** `Selector`: categories holding enabled portals the viewer may open, the portals in children. */
  async selector(session: Session): Promise<PortalSelectorNode[]> {
    const visible = await this.access.visible(session);
    return this.catalog(visible ? (id) => visible.has(id) : () => true);
  }

  /** Categories holding enabled portals that pass `shown`, the portals in children (also the grant wizard's tree). */
  async catalog(shown: (id: string) => boolean = () => true): Promise<PortalSelectorNode[]> {
    const portals = (await new PortalRepository(this.db).all({ enabledMark: 1 })).filter((p) => shown(p.id));
    const categories = await this.dictionaries.entries(categoryDictionary);
    const known = new Set(categories.map((c) => c.enCode));
    const groups = [
      ...categories.map((c) => ({ id: c.enCode, fullName: c.fullName })),
      // A portal whose category entry was deleted still shows, under its bare code.
      ...[...new Set(portals.map((p) => p.category).filter((c) => !known.has(c)))].map((c) => ({ id: c, fullName: c })),
    ];
    return groups
      .map((group) => ({
        id: group.id,
        fullName: group.fullName,
        parentId: '0',
        hasChildren: true,
        children: portals
          .filter((p) => p.category === group.id)
          .map((p) => ({ id: p.id, fullName: p.fullName, enCode: p.enCode, parentId: group.id, hasChildren: false })),
      }))
      .filter((group) => group.children.length > 0);
  }

  /** `{id}/auth`: the portal to draw for the viewer, with their own arrangement when they saved one. */
  async auth(id: string, session: Session): Promise<PortalAuth> {
    const repo = new PortalRepository(this.db);
    const row = await this.find(id);
    await this.access.require(session, id);
    if (row.enabledMark !== 1) throw new BusinessError('portal.disabled');
    // A lock set after a viewer arranged the cards wins: everyone sees the designed layout again.
    const custom = row.enabledLock === 1 ? null : await repo.customLayout(id, session.userId);
    return {
      id: row.id,
      fullName: row.fullName,
      type: row.type,
      linkType: row.linkType,
      customUrl: row.customUrl ?? '',
      enabledLock: row.enabledLock,
      formData: cleanFormData(custom ?? row.formData ?? ''),
      custom: custom !== null,
    };
  }

  async saveCustom(id: string, formData: string, session: Session) {
    checkFormData(formData);
    const row = await this.find(id);
    await this.access.require(session, id);
    if (row.enabledLock === 1) throw new BusinessError('portal.locked');
    await new PortalRepository(this.db).saveCustomLayout(id, session.userId, cleanFormData(formData));
  }

  async setDefault(id: string, session: Session) {
    const repo = new PortalRepository(this.db);
    if (!(await repo.isEnabled(id))) throw new BusinessError('portal.disabled');
    await this.access.require(session, id);
    await repo.setUserDefault(session.userId, id);
  }

  roleDefaults(id: string): Promise<string[]> {
    return new PortalRepository(this.db).roleIdsWithDefault(id);
  }

  async setRoleDefaults(id: string, roleIds: string[]) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new PortalRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      const unique = [...new Set(roleIds)];
      const found = new Set(await repo.existingRoleIds(unique));
      const missing = unique.find((r) => !found.has(r));
      if (missing) throw new BusinessError('portal.roleUnknown', { id: missing });
      await repo.setRoleDefaults(id, unique);
    });
  }
}

/**
 * The portal a user's home page opens: their own choice while it is enabled and theirs to open,
 * else the default of their first role in force that has an enabled one; '' when none.
 */
export async function homePortalOf(
  db: Db,
  user: { portalId: string | null; isAdministrator: boolean },
  access: Access,
): Promise<string> {
  const repo = new PortalRepository(db);
  const own = user.portalId;
  if (own && (await repo.isEnabled(own)) && (user.isAdministrator || (await visiblePortalIds(db, access)).has(own)))
    return own;
  const roleIds = access.relations.filter((r) => r.objectType === 'Role').map((r) => r.objectId);
  return (await repo.roleDefault(roleIds)) ?? '';
}
