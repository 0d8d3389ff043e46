import { createHash } from 'node:crypto';
import { newId } from '../../core/ids.ts';
import type { Db, Trx } from '../../db/database.ts';

const hashCode = (key: string, code: string) =>
  createHash('sha256').update(`${key}:${code.trim().toLowerCase()}`).digest('hex');

export interface LoginLogEntry {
  userId: string | null;
  account: string;
  realName: string | null;
  ip: string | null;
  ipName: string;
  userAgent: string | null;
  success: boolean;
  description: string;
}

export class OauthRepository {
  constructor(private readonly db: Db | Trx) {}

  /** Stores a one-use code (captcha or SMS) under its key, replacing an older one. */
  async putCode(kind: 'captcha' | 'sms', key: string, code: string, ttlMs: number) {
    const values = {
      kind,
      codeHash: hashCode(key, code),
      expiresAt: new Date(Date.now() + ttlMs),
      createdAt: new Date(),
    };
    await this.db
      .insertInto('authCode')
      .values({ key: `${kind}:${key}`, ...values })
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .execute();
  }

  /** When the last code for this key was made (SMS: one per minute per number). */
  async codeCreatedAt(kind: 'captcha' | 'sms', key: string): Promise<Date | null> {
    const row = await this.db
      .selectFrom('authCode')
      .select('createdAt')
      .where('key', '=', `${kind}:${key}`)
      .executeTakeFirst();
    return row?.createdAt ?? null;
  }

  /** Uses up the code: it is deleted whether or not it matched, so each code gets one attempt. */
  async consumeCode(kind: 'captcha' | 'sms', key: string, code: string): Promise<boolean> {
    const row = await this.db
      .deleteFrom('authCode')
      .where('key', '=', `${kind}:${key}`)
      .returning(['codeHash', 'expiresAt'])
      .executeTakeFirst();
    return !!row && row.expiresAt.getTime() > Date.now() && row.codeHash === hashCode(key, code);
  }

  async deleteExpiredCodes() {
    await this.db.deleteFrom('authCode').where('expiresAt', '<', new Date()).execute();
  }

  async createScanTicket(ttlMs: number): Promise<{ id: string; expiresAt: Date }> {
    const ticket = { id: newId(), expiresAt: new Date(Date.now() + ttlMs) };
    await this.db.insertInto('scanTicket').values(ticket).execute();
    return ticket;
  }

  scanTicket(id: string) {
    return this.db.selectFrom('scanTicket').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async setScanTicket(id: string, status: number, userId: string | null) {
    await this.db.updateTable('scanTicket').set({ status, userId }).where('id', '=', id).execute();
  }

  /** Hands a confirmed ticket to exactly one poller: the update only succeeds once. */
  async claimConfirmedTicket(id: string): Promise<string | null> {
    const row = await this.db
      .updateTable('scanTicket')
      .set({ status: 3 })
      .where('id', '=', id)
      .where('status', '=', 2)
      .returning('userId')
      .executeTakeFirst();
    return row?.userId ?? null;
  }

  async logLogin(entry: LoginLogEntry) {
    await this.db
      .insertInto('sysLog')
      .values({ id: newId(), category: 1, ...entry })
      .execute();
  }
}
