import type { Db } from '../db/database.ts';
import type { RevokeReason } from './session.ts';

/** The SQL of sessions (`user_session`); `SessionStore` holds the rules and the cache. */
export class SessionRepository {
  constructor(private readonly db: Db) {}

  async insert(row: {
    id: string;
    tokenHash: string;
    userId: string;
    ip: string | null;
    userAgent: string | null;
    device: string;
    expiresAt: Date;
  }) {
    await this.db.insertInto('userSession').values(row).execute();
  }

  /** The session stored under a token's hash, with what the caller's identity needs of its user. */
  findByTokenHash(tokenHash: string) {
    return this.db
      .selectFrom('userSession as s')
      .innerJoin('appUser as u', 'u.id', 's.userId')
      .select([
        's.id',
        's.userId',
        's.expiresAt',
        's.lastSeenAt',
        's.revokedAt',
        's.revokedReason',
        'u.account',
        'u.realName',
        'u.isAdministrator',
        'u.enabledMark',
      ])
      .where('s.tokenHash', '=', tokenHash)
      .executeTakeFirst();
  }

  async touch(id: string, lastSeenAt: Date, expiresAt: Date) {
    await this.db.updateTable('userSession').set({ lastSeenAt, expiresAt }).where('id', '=', id).execute();
  }

  /** Marks the live sessions chosen revoked; answers whose they were. */
  revoke(
    reason: RevokeReason,
    which: { sessionId?: string; userId?: string; exceptSessionId?: string | undefined },
  ): Promise<{ userId: string; tokenHash: string }[]> {
    let query = this.db
      .updateTable('userSession')
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where('revokedAt', 'is', null);
    if (which.sessionId) query = query.where('id', '=', which.sessionId);
    if (which.userId) query = query.where('userId', '=', which.userId);
    if (which.exceptSessionId) query = query.where('id', '<>', which.exceptSessionId);
    return query.returning(['userId', 'tokenHash']).execute();
  }
}
