import type { Db } from '../../db/database.ts';
import { buildTree } from '../organize/organize-tree.ts';
import { DictionaryAllRepository } from './dictionary-all.repository.ts';

export class DictionaryAllService {
  constructor(private readonly db: Db) {}

  /** Every category with its enabled entries, nested when the category is a tree. */
  async all() {
    const repo = new DictionaryAllRepository(this.db);
    const [types, entries] = await Promise.all([repo.types(), repo.enabledEntries()]);
    return types.map((type) => {
      const own = entries.filter((e) => e.dictionaryTypeId === type.id);
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
          type.isTree === 1 ? buildTree(own, map) : own.map((e) => ({ ...map(e), hasChildren: false, children: [] })),
      };
    });
  }
}
