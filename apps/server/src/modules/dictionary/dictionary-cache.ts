import type { DictionaryAllItem } from '@platform/shared';
import type { EventBus } from '../../core/event-bus.ts';
import type { Db } from '../../db/database.ts';
import { buildTree } from '../organize/organize-tree.ts';
import { DictionaryRepository } from './dictionary.repository.ts';

/** Stored dictionary values as the text a person reads. */
export interface DictionaryNames {
  /** The entry's name for a stored code or id; the value itself when no entry matches; '' for none. */
  name(value: string | null | undefined): string;
}

/** What the bus carries after any dictionary write, so every instance drops its copy. */
export const dictionaryChanged = 'dictionary.changed';

interface Snapshot {
  all: DictionaryAllItem[];
  /** By category code (exact, as clients look them up): entry id and entry code -> name. */
  names: Map<string, Map<string, string>>;
}

const noNames: DictionaryNames = { name: (value) => value ?? '' };

/**
 * Every category and entry, read once and kept until a dictionary changes anywhere: it serves
 * `DictionaryData/All` (which every page loads) and the names other areas print (a user's gender,
 * a notice's type). One per app (app.ts); a write here drops it at once and publishes
 * `dictionary.changed`, which drops the copies of the other instances.
 */
export class DictionaryCache {
  private snapshot: Promise<Snapshot> | null = null;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {
    bus.subscribe((event) => {
      if (event.type === dictionaryChanged) this.snapshot = null;
    });
  }

  /** Every category with its enabled entries, nested when the category is a tree. */
  async all(): Promise<DictionaryAllItem[]> {
    return (await this.load()).all;
  }

  /**
   * Names of a category's entries (enabled or not: a stored value keeps its name after its entry
   * is switched off), by the category's exact code. A value may be stored as the entry's code or id.
   */
  async names(typeEnCode: string): Promise<DictionaryNames> {
    const byValue = (await this.load()).names.get(typeEnCode);
    if (!byValue) return noNames;
    return { name: (value) => (value ? (byValue.get(value) ?? value) : '') };
  }

  /** The enabled entries of the category `typeEnCode`, tree entries flattened in order. */
  async entries(typeEnCode: string): Promise<{ id: string; enCode: string; fullName: string }[]> {
    const category = (await this.all()).find((item) => item.enCode === typeEnCode);
    const flat: { id: string; enCode: string; fullName: string }[] = [];
    const walk = (list: DictionaryAllItem['dictionaryList']) => {
      for (const entry of list) {
        flat.push({ id: entry.id, enCode: entry.enCode, fullName: entry.fullName });
        walk(entry.children);
      }
    };
    walk(category?.dictionaryList ?? []);
    return flat;
  }

  /**
   * Every entry of a category named by its id or code (enabled or not), as value (entry id and entry
   * code) -> name; null when there is no such category.
   */
  async entryNames(idOrEnCode: string): Promise<ReadonlyMap<string, string> | null> {
    const snapshot = await this.load();
    const category = snapshot.all.find((item) => item.id === idOrEnCode || item.enCode === idOrEnCode);
    return category ? (snapshot.names.get(category.enCode) ?? null) : null;
  }

  /** Whether the category `typeEnCode` holds an entry with this id or code (enabled or not). */
  async hasEntry(typeEnCode: string, idOrCode: string): Promise<boolean> {
    return (await this.load()).names.get(typeEnCode)?.has(idOrCode) ?? false;
  }

  /** After a committed write: drop this copy now and every other instance's through the bus. */
  async changed() {
    this.snapshot = null;
    await this.bus.publish({ type: dictionaryChanged });
  }

  private load(): Promise<Snapshot> {
    if (!this.snapshot) {
      const loading = this.read();
      this.snapshot = loading;
      // A failed read is not kept: the next caller tries again.
      loading.catch(() => {
        if (this.snapshot === loading) this.snapshot = null;
      });
    }
    return this.snapshot;
  }

  private async read(): Promise<Snapshot> {
    const repo = new DictionaryRepository(this.db);
    const [types, entries] = await Promise.all([repo.types(), repo.allEntries()]);
    const byType = new Map<string, typeof entries>();
    for (const entry of entries) {
      const own = byType.get(entry.dictionaryTypeId) ?? [];
      own.push(entry);
      byType.set(entry.dictionaryTypeId, own);
    }
    const names = new Map<string, Map<string, string>>();
    const all = types.map((type): DictionaryAllItem => {
      const own = byType.get(type.id) ?? [];
      const byValue = new Map<string, string>();
      for (const e of own) {
        byValue.set(e.id, e.fullName);
        byValue.set(e.enCode, e.fullName);
      }
      names.set(type.enCode, byValue);
      const enabled = own.filter((e) => e.enabledMark === 1);
      const map = (e: (typeof own)[number]) => ({
        id: e.id,
        enCode: e.enCode,
        fullName: e.fullName,
        parentId: e.parentId,
      });
      return {
        id: type.id,
        enCode: type.enCode,
        fullName: type.fullName,
        isTree: type.isTree,
        dictionaryList:
          type.isTree === 1
            ? buildTree(enabled, map)
            : enabled.map((e) => ({ ...map(e), hasChildren: false, children: [] })),
      };
    });
    return { all, names };
  }
}
