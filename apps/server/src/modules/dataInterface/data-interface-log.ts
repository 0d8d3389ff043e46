import type { Insertable } from 'kysely';
import { newId } from '../../core/ids.ts';
import type { Db } from '../../db/database.ts';
import type { DataInterfaceLogTable } from '../../db/schema.ts';
import { DataInterfaceRepository } from './data-interface.repository.ts';

type Entry = Omit<Insertable<DataInterfaceLogTable>, 'id' | 'invokTime'>;

/** Entries are written together, at most this long after the call. */
const flushEveryMs = 1000;
const flushAt = 200;
/** Old entries are deleted with the first write of an instance and then at most this often. */
const pruneEveryMs = 10 * 60 * 1000;

/**
 * The call log of data interfaces. Widgets call interfaces on every keystroke of a popup select, so
 * a call does not wait for its own insert: entries are gathered and written in one statement each
 * second (or every 200), and a reader of the log flushes first. An instance that dies loses at most
 * its last second of entries. Entries older than the retention are deleted with an instance's first write and then every ten minutes.
 */
export class DataInterfaceLogWriter {
  private pending: Insertable<DataInterfaceLogTable>[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private prunedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly retentionDays: number,
  ) {}

  add(entry: Entry) {
    this.pending.push({ ...entry, id: newId(), invokTime: new Date() });
    if (this.pending.length >= flushAt) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), flushEveryMs);
  }

  /** Writes what is gathered; resolves once everything added before the call is stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    this.writing = this.writing.then(async () => {
      const repo = new DataInterfaceRepository(this.db);
      try {
        await repo.insertLogs(batch);
        if (this.retentionDays > 0 && Date.now() - this.prunedAt > pruneEveryMs) {
          this.prunedAt = Date.now();
          await repo.pruneLogs(new Date(Date.now() - this.retentionDays * 24 * 3600 * 1000));
        }
      } catch {
        // A log write that fails (database closing) must not fail the calls it records.
      }
    });
    return this.writing;
  }
}
