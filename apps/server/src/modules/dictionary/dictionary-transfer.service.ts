import { DICTIONARY_FILE_FORMAT, type DictionaryFile, DictionaryFile as DictionaryFileSchema } from '@platform/shared';
import type { Downloads } from '../../core/downloads.ts';
import { type DuplicateMode, parseEntityFile, randomSuffix, withSuffix } from '../../core/entity-import.ts';
import { BusinessError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { type DictionaryEntryValues, DictionaryRepository } from './dictionary.repository.ts';
import { topParent } from './dictionary.service.ts';
import type { DictionaryCache } from './dictionary-cache.ts';

/** Export of one category with its entries to a `.bdd` file, and its import (protocol-admin.md sections 0 and 1). */
export class DictionaryTransferService {
  constructor(
    private readonly db: Db,
    private readonly cache: DictionaryCache,
    private readonly downloads: Downloads,
  ) {}

  /** Writes the category's file and answers the address it downloads from (no authorization needed). */
  async export(typeId: string): Promise<{ url: string }> {
    const repo = new DictionaryRepository(this.db);
    const type = await repo.findType(typeId);
    if (!type) throw new BusinessError('dictionary.typeNotFound', { id: typeId });
    const entries = await repo.entriesOf(typeId);
    const file: DictionaryFile = {
      format: DICTIONARY_FILE_FORMAT,
      version: 1,
      exportedAt: Date.now(),
      category: {
        id: type.id,
        parentId: type.parentId,
        fullName: type.fullName,
        enCode: type.enCode,
        isTree: type.isTree === 1 ? 1 : 0,
        sortCode: type.sortCode,
        description: type.description ?? '',
      },
      entries: entries.map((e) => ({
        id: e.id,
        parentId: e.parentId,
        fullName: e.fullName,
        enCode: e.enCode,
        sortCode: e.sortCode,
        enabledMark: e.enabledMark === 1 ? 1 : 0,
        description: e.description ?? '',
      })),
    };
    const { url } = await this.downloads.save(JSON.stringify(file, null, 2), {
      contentType: 'application/octet-stream',
      fileName: `${type.fullName}.bdd`,
    });
    return { url };
  }

  /**
   * Reads a `.bdd` file. The category is matched by its code: when none has it, it is created with
   * its entries. When one has it, mode 0 keeps it and adds only the entries whose code it lacks
   * (their children hang under the existing entry of that code); mode 1 adds a copy of the category,
   * its name and code given a random suffix. Entries whose code repeats within the target are
   * skipped (0) or added with a suffixed name and code (1). All or nothing.
   */
  async import(content: Buffer, mode: DuplicateMode, session: Session): Promise<{ categoryId: string; added: number }> {
    const file = parseFile(content);
    const result = await this.db.transaction().execute(async (trx) => {
      const repo = new DictionaryRepository(trx);
      const source = file.category;
      const existing = await repo.findTypeByCode(source.enCode);
      let typeId: string;
      let isTree: number;
      if (existing && mode === 0) {
        typeId = existing.id;
        isTree = existing.isTree;
      } else {
        typeId = newId();
        isTree = source.isTree;
        const suffix = existing ? randomSuffix() : '';
        const parentOk = source.parentId === topParent || Boolean(await repo.findType(source.parentId));
        await repo.insertType(
          typeId,
          {
            parentId: parentOk ? source.parentId : topParent,
            fullName: suffix ? withSuffix(source.fullName, suffix) : source.fullName,
            enCode: suffix ? withSuffix(source.enCode, suffix) : source.enCode,
            isTree,
            sortCode: source.sortCode,
            description: source.description || null,
          },
          session.userId,
        );
      }

      const codes = new Map((await repo.entriesOf(typeId)).map((e) => [e.enCode.toLowerCase(), e.id]));
      const idInFile = new Set(file.entries.map((e) => e.id));
      const newIds = new Map<string, string>();
      const rows: (DictionaryEntryValues & { id: string })[] = [];
      // Parents first: an entry waits until its parent (if the file has it) has its new id.
      let pending = file.entries;
      while (pending.length > 0) {
        const waiting: typeof pending = [];
        for (const entry of pending) {
          const parentInFile = isTree === 1 && entry.parentId !== topParent && idInFile.has(entry.parentId);
          if (parentInFile && !newIds.has(entry.parentId)) {
            waiting.push(entry);
            continue;
          }
          const parentId = parentInFile ? (newIds.get(entry.parentId) as string) : topParent;
          const taken = codes.get(entry.enCode.toLowerCase());
          if (taken && mode === 0) {
            newIds.set(entry.id, taken);
            continue;
          }
          const suffix = taken ? randomSuffix() : '';
          const id = newId();
          const enCode = suffix ? withSuffix(entry.enCode, suffix) : entry.enCode;
          newIds.set(entry.id, id);
          codes.set(enCode.toLowerCase(), id);
          rows.push({
            id,
            dictionaryTypeId: typeId,
            parentId,
            fullName: suffix ? withSuffix(entry.fullName, suffix) : entry.fullName,
            enCode,
            sortCode: entry.sortCode,
            enabledMark: entry.enabledMark,
            description: entry.description || null,
          });
        }
        // Entries whose parents never resolve form a cycle in the file: refuse it.
        if (waiting.length === pending.length)
          throw new BusinessError('dictionary.importInvalid', { reason: 'parentId' });
        pending = waiting;
      }
      await repo.insertEntries(rows, session.userId);
      return { categoryId: typeId, added: rows.length };
    });
    await this.cache.changed();
    return result;
  }
}

const parseFile = (content: Buffer): DictionaryFile =>
  parseEntityFile(content, DictionaryFileSchema, 'dictionary.importInvalid');
