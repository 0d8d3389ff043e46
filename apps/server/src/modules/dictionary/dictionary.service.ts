import {
  type DictionaryDataInfo,
  type DictionaryDataInput,
  type DictionaryDataQuery,
  type DictionaryDataRow,
  type DictionaryEntry,
  type DictionarySelectorNode,
  type DictionaryTypeInfo,
  type DictionaryTypeInput,
  type DictionaryTypeNode,
  flagOf,
  sortOf,
} from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import type { Translate } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { buildTree, subtreeIds } from '../organize/organize-tree.ts';
import { DictionaryRepository } from './dictionary.repository.ts';
import type { DictionaryCache } from './dictionary-cache.ts';

type TypeRow = NonNullable<Awaited<ReturnType<DictionaryRepository['findType']>>>;
type EntryRow = NonNullable<Awaited<ReturnType<DictionaryRepository['findEntry']>>>;

/** The parent id of a record at the top of its tree. */
export const topParent = '0';
/**
 * Category ids the 3.6 client never lets a person edit or delete (protocol-admin.md section 1: the
 * roots of its own installations). Our ids are generated and never take these values; the rule
 * stays so a category imported or migrated under such an id keeps the client's protection.
 */
const fixedTypeIds = new Set(['0', '1']);

const typeInfoOf = (t: TypeRow): DictionaryTypeInfo => ({
  id: t.id,
  parentId: t.parentId,
  fullName: t.fullName,
  enCode: t.enCode,
  isTree: t.isTree,
  sortCode: t.sortCode,
  description: t.description ?? '',
});

const entryInfoOf = (e: EntryRow): DictionaryDataInfo => ({
  id: e.id,
  dictionaryTypeId: e.dictionaryTypeId,
  parentId: e.parentId,
  fullName: e.fullName,
  enCode: e.enCode,
  sortCode: e.sortCode,
  enabledMark: e.enabledMark,
  description: e.description ?? '',
});

const emptyText = (text: string | null | undefined) => (text ? text : null);
const truthy = (value: number | boolean | undefined) => value === 1 || value === true;

/**
 * The data-dictionary page: categories (a tree of their own; `isTree` says whether a category's
 * entries nest) and their entries. Every write drops the dictionary cache on every instance.
 */
export class DictionaryService {
  constructor(
    private readonly db: Db,
    private readonly cache: DictionaryCache,
  ) {}

  // Categories

  async typeTree(): Promise<DictionaryTypeNode[]> {
    const types = await new DictionaryRepository(this.db).types();
    return buildTree(types, (t) => ({ ...typeInfoOf(t) })) as DictionaryTypeNode[];
  }

  /** The category form's parent picker: the top node '0' first, the edited category's subtree left out. */
  async typeSelector(editedId: string, t: Translate): Promise<DictionarySelectorNode[]> {
    const types = await new DictionaryRepository(this.db).types();
    const excluded = editedId === topParent ? new Set<string>() : subtreeIds(types, editedId);
    const children = buildTree(
      types.filter((type) => !excluded.has(type.id)),
      (type) => ({ id: type.id, parentId: type.parentId, fullName: type.fullName, enCode: type.enCode }),
    );
    return [
      {
        id: topParent,
        parentId: '-1',
        fullName: t('dictionary.topNode'),
        enCode: '',
        hasChildren: children.length > 0,
        children,
      },
    ];
  }

  async typeInfo(id: string): Promise<DictionaryTypeInfo> {
    return typeInfoOf(await this.existingType(new DictionaryRepository(this.db), id));
  }

  async createType(input: DictionaryTypeInput, session: Session): Promise<string> {
    const id = await this.db.transaction().execute(async (trx) => {
      const repo = new DictionaryRepository(trx);
      await this.checkTypeParent(repo, input.parentId, null);
      if (await repo.typeCodeTaken(input.enCode, null)) throw new BusinessError('dictionary.codeTaken');
      const id = newId();
      await repo.insertType(
        id,
        {
          parentId: input.parentId,
          fullName: input.fullName,
          enCode: input.enCode,
          isTree: flagOf(input.isTree, 0),
          sortCode: sortOf(input.sortCode),
          description: emptyText(input.description),
        },
        session.userId,
      );
      return id;
    });
    await this.cache.changed();
    return id;
  }

  /** `isTree` stays as created: entries already nested (or not) would otherwise change meaning. */
  async updateType(id: string, input: DictionaryTypeInput, session: Session) {
    if (fixedTypeIds.has(id)) throw new BusinessError('dictionary.typeFixed');
    await this.db.transaction().execute(async (trx) => {
      const repo = new DictionaryRepository(trx);
      await this.existingType(repo, id);
      await this.checkTypeParent(repo, input.parentId, id);
      if (await repo.typeCodeTaken(input.enCode, id)) throw new BusinessError('dictionary.codeTaken');
      await repo.updateType(
        id,
        {
          parentId: input.parentId,
          fullName: input.fullName,
          enCode: input.enCode,
          sortCode: sortOf(input.sortCode),
          description: emptyText(input.description),
        },
        session.userId,
      );
    });
    await this.cache.changed();
  }

  async deleteType(id: string) {
    if (fixedTypeIds.has(id)) throw new BusinessError('dictionary.typeFixed');
    await this.db.transaction().execute(async (trx) => {
      const repo = new DictionaryRepository(trx);
      await this.existingType(repo, id);
      if (await repo.hasChildTypes(id)) throw new BusinessError('dictionary.typeHasChildren');
      if (await repo.hasEntries(id)) throw new BusinessError('dictionary.typeHasEntries');
      await repo.deleteType(id);
    });
    await this.cache.changed();
  }

  // Entries

  /** The entry table: every entry of a category, nested when asked; a keyword keeps the hits and their ancestors. */
  async entries(typeId: string, query: DictionaryDataQuery): Promise<DictionaryDataRow[]> {
    const repo = new DictionaryRepository(this.db);
    await this.existingType(repo, typeId);
    const all = await repo.entriesOf(typeId);
    const keyword = query.keyword?.trim().toLowerCase() ?? '';
    const tree = truthy(query.isTree);
    let rows = all;
    if (keyword) {
      const hits = all.filter(
        (e) => e.fullName.toLowerCase().includes(keyword) || e.enCode.toLowerCase().includes(keyword),
      );
      rows = hits;
      if (tree) {
        // A hit deep in the tree is shown under its ancestors, so the table keeps its shape.
        const byId = new Map(all.map((e) => [e.id, e]));
        const keep = new Set<string>();
        for (const hit of hits) {
          for (let e: EntryRow | undefined = hit; e && !keep.has(e.id); e = byId.get(e.parentId)) keep.add(e.id);
        }
        rows = all.filter((e) => keep.has(e.id));
      }
    }
    if (tree) return buildTree(rows, entryInfoOf) as DictionaryDataRow[];
    return rows.map((e) => ({ ...entryInfoOf(e), hasChildren: false, children: [] }));
  }

  /**
   * The entry form's parent picker. The 3.6 client gives a new entry `parentId = list[0].id`, so
   * the first (and only) root is the category itself; its children are the category's entries
   * (nested when it is a tree), the edited entry's subtree left out. Sending the category's id as
   * a parent means the top (the service reads it as '0').
   */
  async entrySelector(typeId: string, editedId: string): Promise<DictionarySelectorNode[]> {
    const repo = new DictionaryRepository(this.db);
    const type = await this.existingType(repo, typeId);
    let children: DictionarySelectorNode[] = [];
    if (type.isTree === 1) {
      const all = await repo.entriesOf(typeId);
      const excluded = editedId === topParent ? new Set<string>() : subtreeIds(all, editedId);
      children = buildTree(
        all.filter((e) => !excluded.has(e.id)),
        (e) => ({ id: e.id, parentId: e.parentId, fullName: e.fullName, enCode: e.enCode }),
      ) as DictionarySelectorNode[];
    }
    return [
      {
        id: type.id,
        parentId: topParent,
        fullName: type.fullName,
        enCode: type.enCode,
        hasChildren: children.length > 0,
        children,
      },
    ];
  }

  /** The form designer's options: a category's enabled entries (by its id or its code), from the cache. */
  async dataSelector(typeIdOrCode: string): Promise<DictionaryEntry[]> {
    const all = await this.cache.all();
    const type = all.find((t) => t.id === typeIdOrCode) ?? all.find((t) => t.enCode === typeIdOrCode);
    if (!type) throw new BusinessError('dictionary.typeNotFound', { id: typeIdOrCode });
    return type.dictionaryList;
  }

  async entryInfo(id: string): Promise<DictionaryDataInfo> {
    return entryInfoOf(await this.existingEntry(new DictionaryRepository(this.db), id));
  }

  async createEntry(input: DictionaryDataInput, session: Session): Promise<string> {
    const id = await this.db.transaction().execute(async (trx) => {
      const repo = new DictionaryRepository(trx);
      const type = await this.existingType(repo, input.dictionaryTypeId);
      const parentId = await this.entryParent(repo, type, input.parentId, null);
      if (await repo.entryCodeTaken(type.id, input.enCode, null)) throw new BusinessError('dictionary.codeTaken');
      const id = newId();
      await repo.insertEntries(
        [
          {
            id,
            dictionaryTypeId: type.id,
            parentId,
            fullName: input.fullName,
            enCode: input.enCode,
            sortCode: sortOf(input.sortCode),
            enabledMark: flagOf(input.enabledMark, 1),
            description: emptyText(input.description),
          },
        ],
        session.userId,
      );
      return id;
    });
    await this.cache.changed();
    return id;
  }

  /** An entry stays in its category; the body's dictionaryTypeId must name that category. */
  async updateEntry(id: string, input: DictionaryDataInput, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new DictionaryRepository(trx);
      const entry = await this.existingEntry(repo, id);
      const type = await this.existingType(repo, entry.dictionaryTypeId);
      if (input.dictionaryTypeId !== type.id) {
        throw new BusinessError('dictionary.typeNotFound', { id: input.dictionaryTypeId });
      }
      const parentId = await this.entryParent(repo, type, input.parentId, id);
      if (await repo.entryCodeTaken(type.id, input.enCode, id)) throw new BusinessError('dictionary.codeTaken');
      await repo.updateEntry(
        id,
        {
          parentId,
          fullName: input.fullName,
          enCode: input.enCode,
          sortCode: sortOf(input.sortCode),
          enabledMark: flagOf(input.enabledMark, entry.enabledMark === 1 ? 1 : 0),
          description: emptyText(input.description),
        },
        session.userId,
      );
    });
    await this.cache.changed();
  }

  async toggleEntryState(id: string, session: Session): Promise<number> {
    const next = await this.db.transaction().execute(async (trx) => {
      const repo = new DictionaryRepository(trx);
      const entry = await this.existingEntry(repo, id);
      const next = entry.enabledMark === 1 ? 0 : 1;
      await repo.setEntryState(id, next, session.userId);
      return next;
    });
    await this.cache.changed();
    return next;
  }

  async deleteEntry(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new DictionaryRepository(trx);
      await this.existingEntry(repo, id);
      if (await repo.hasChildEntries(id)) throw new BusinessError('dictionary.entryHasChildren');
      await repo.deleteEntry(id);
    });
    await this.cache.changed();
  }

  // Checks

  private async existingType(repo: DictionaryRepository, id: string): Promise<TypeRow> {
    const type = await repo.findType(id);
    if (!type) throw new BusinessError('dictionary.typeNotFound', { id });
    return type;
  }

  private async existingEntry(repo: DictionaryRepository, id: string): Promise<EntryRow> {
    const entry = await repo.findEntry(id);
    if (!entry) throw new BusinessError('dictionary.entryNotFound', { id });
    return entry;
  }

  /** '0' or an existing category that is neither the edited one nor below it. */
  private async checkTypeParent(repo: DictionaryRepository, parentId: string, editedId: string | null) {
    if (parentId === topParent) return;
    const types = await repo.types();
    if (!types.some((t) => t.id === parentId)) throw new BusinessError('dictionary.parentNotFound', { id: parentId });
    if (editedId && subtreeIds(types, editedId).has(parentId)) throw new BusinessError('dictionary.parentLoop');
  }

  /**
   * The stored parent of an entry: '0' for none, '', null or the category's own id (the picker's
   * top node); in a flat category always '0'. Otherwise an entry of the same category that is
   * neither the edited one nor below it.
   */
  private async entryParent(
    repo: DictionaryRepository,
    type: TypeRow,
    parentId: string | null | undefined,
    editedId: string | null,
  ): Promise<string> {
    if (!parentId || parentId === topParent || parentId === type.id || type.isTree !== 1) return topParent;
    const all = await repo.entriesOf(type.id);
    if (!all.some((e) => e.id === parentId)) throw new BusinessError('dictionary.parentNotFound', { id: parentId });
    if (editedId && subtreeIds(all, editedId).has(parentId)) throw new BusinessError('dictionary.parentLoop');
    return parentId;
  }
}
