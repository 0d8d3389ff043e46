import type { Db, Trx } from '../../db/database.ts';

export interface StoredFileRecord {
  id: string;
  name: string;
  type: string;
  storageKey: string;
  originalName: string;
  extension: string;
  size: number;
  md5: string | null;
  creatorUserId: string | null;
}

/** What an expiring link opens: one file, several files as one zip, or a file's preview. */
export type LinkPayload =
  | { kind: 'file'; name: string }
  | { kind: 'pack'; downloadName: string; files: { name: string; entry: string }[] }
  | { kind: 'preview'; name: string };

/** The SQL of the file service: upload records and expiring links. */
export class FileRepository {
  constructor(private readonly db: Db | Trx) {}

  private select() {
    return this.db
      .selectFrom('storedFile')
      .select(['id', 'name', 'type', 'storageKey', 'originalName', 'extension', 'size', 'md5', 'creatorUserId']);
  }

  private static toRecord(row: Omit<StoredFileRecord, 'size'> & { size: string | number }): StoredFileRecord {
    return { ...row, size: Number(row.size) };
  }

  async insert(record: StoredFileRecord) {
    await this.db.insertInto('storedFile').values(record).execute();
  }

  async byName(name: string) {
    const row = await this.select().where('name', '=', name).executeTakeFirst();
    return row ? FileRepository.toRecord(row) : null;
  }

  async byNames(names: string[]) {
    if (names.length === 0) return [];
    const rows = await this.select().where('name', 'in', names).execute();
    return rows.map(FileRepository.toRecord);
  }

  /** Whether this user has stored this content before (and so may have it again without sending it). */
  async heldBy(md5: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('storedFile')
      .select('id')
      .where('md5', '=', md5)
      .where('creatorUserId', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The caller's earlier record of the same content under the same name (a repeated merge). */
  async sameUpload(md5: string, originalName: string, userId: string, type: string) {
    const row = await this.select()
      .where('md5', '=', md5)
      .where('originalName', '=', originalName)
      .where('creatorUserId', '=', userId)
      .where('type', '=', type)
      .executeTakeFirst();
    return row ? FileRepository.toRecord(row) : null;
  }

  async insertLink(tokenHash: string, payload: LinkPayload, expiresAt: Date) {
    await this.db
      .insertInto('fileLink')
      .values({ token: tokenHash, payload: JSON.stringify(payload), expiresAt })
      .execute();
  }

  /** The link's payload while it has not expired; null for unknown and expired alike. */
  async liveLink(tokenHash: string, now: Date): Promise<LinkPayload | null> {
    const row = await this.db
      .selectFrom('fileLink')
      .select('payload')
      .where('token', '=', tokenHash)
      .where('expiresAt', '>', now)
      .executeTakeFirst();
    return row ? (JSON.parse(row.payload) as LinkPayload) : null;
  }

  async dropExpiredLinks(now: Date) {
    const result = await this.db.deleteFrom('fileLink').where('expiresAt', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
