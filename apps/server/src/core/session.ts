import { createHash, randomBytes } from 'node:crypto';
import { ResultCode } from '@platform/shared';
import type { Db } from '../db/database.ts';
import { SessionError } from './errors.ts';
import type { EventBus } from './event-bus.ts';
import { newId } from './ids.ts';
import { SessionRepository } from './session.repository.ts';

/** Who is calling: attached to every request that passed authentication. */
export interface Session {
  sessionId: string;
  userId: string;
  account: string;
  realName: string;
  isAdministrator: boolean;
  tokenHash: string;
}

export type RevokeReason = 'logout' | 'password' | 'offline' | 'elsewhere';

interface CachedSession {
  session: Session;
  expiresAt: number;
  lastSeenAt: number;
  cachedAt: number;
}

const tokenPrefix = 'Bearer ';
/** Sliding expiry is written back at most this often, so a busy session does not write on every call. */
const touchEveryMs = 60_000;
/** A cached session is re-read after this long even without an invalidation event. */
const cacheTtlMs = 30_000;

export function hashToken(token: string): string {
  const raw = token.startsWith(tokenPrefix) ? token.slice(tokenPrefix.length) : token;
  return createHash('sha256').update(raw.trim()).digest('hex');
}

/**
 * Sessions live in the database (every instance sees them) and are cached per instance; a
 * revocation is announced on the event bus so every instance drops its copy at once.
 */
export class SessionStore {
  private readonly cache = new Map<string, CachedSession>();
  /**
   * The hash of each token that resolved to a session, so a session's later calls skip the SHA-256.
   * Only tokens that were sessions are kept, so random tokens cannot fill it; a revoked one still
   * misses `cache` (the bus drops it there) and is refused by its database row.
   */
  private readonly hashes = new Map<string, string>();
  private readonly sessions: SessionRepository;

  constructor(
    db: Db,
    private readonly bus: EventBus,
    private readonly timeoutMinutes: () => Promise<number>,
  ) {
    this.sessions = new SessionRepository(db);
    bus.subscribe((event) => {
      if (event.type === 'session.revoked') {
        for (const hash of event.tokenHashes as string[]) this.cache.delete(hash);
      } else if (event.type === 'session.usersChanged') {
        const userIds = new Set(event.userIds as string[]);
        for (const [hash, entry] of this.cache) if (userIds.has(entry.session.userId)) this.cache.delete(hash);
      }
    });
  }

  /**
   * What a session carries about its user (the administrator flag, the name) changed: every
   * instance re-reads those users' sessions at their next call instead of when the cache expires.
   */
  async usersChanged(userIds: string[]) {
    if (userIds.length) await this.bus.publish({ type: 'session.usersChanged', userIds });
  }

  /** A new session for the user; the token is returned once and only its hash is stored. */
  async issue(userId: string, meta: { ip: string | null; userAgent: string | null; device?: string }): Promise<string> {
    const raw = randomBytes(32).toString('base64url');
    const minutes = await this.timeoutMinutes();
    await this.sessions.insert({
      id: newId(),
      tokenHash: hashToken(raw),
      userId,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      device: meta.device ?? 'pc',
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
    return tokenPrefix + raw;
  }

  /** The session behind a token, or the 600/601/602 refusal that ends it on the client. */
  async resolve(token: string | undefined): Promise<Session> {
    if (!token || token.length > 200) throw new SessionError(ResultCode.tokenInvalid);
    const tokenHash = this.hashes.get(token) ?? hashToken(token);
    const now = Date.now();
    const cached = this.cache.get(tokenHash);
    if (cached && now - cached.cachedAt < cacheTtlMs && cached.expiresAt > now) {
      if (now - cached.lastSeenAt > touchEveryMs) await this.touch(cached, now);
      return cached.session;
    }
    const row = await this.sessions.findByTokenHash(tokenHash);
    if (!row) throw new SessionError(ResultCode.tokenInvalid);
    if (row.revokedAt) {
      throw new SessionError(
        row.revokedReason === 'elsewhere' ? ResultCode.loggedInElsewhere : ResultCode.sessionExpired,
      );
    }
    if (row.expiresAt.getTime() <= now || row.enabledMark !== 1) throw new SessionError(ResultCode.sessionExpired);
    const entry: CachedSession = {
      session: {
        sessionId: row.id,
        userId: row.userId,
        account: row.account,
        realName: row.realName,
        isAdministrator: row.isAdministrator,
        tokenHash,
      },
      expiresAt: row.expiresAt.getTime(),
      lastSeenAt: row.lastSeenAt.getTime(),
      cachedAt: now,
    };
    if (now - entry.lastSeenAt > touchEveryMs) await this.touch(entry, now);
    this.cache.set(tokenHash, entry);
    if (this.cache.size > 50_000) this.cache.delete(this.cache.keys().next().value as string);
    if (!this.hashes.has(token)) {
      if (this.hashes.size >= 50_000) this.hashes.clear();
      this.hashes.set(token, tokenHash);
    }
    return entry.session;
  }

  /** Slides the expiry forward from now. */
  private async touch(entry: CachedSession, now: number) {
    const minutes = await this.timeoutMinutes();
    entry.lastSeenAt = now;
    entry.expiresAt = now + minutes * 60_000;
    await this.sessions.touch(entry.session.sessionId, new Date(now), new Date(entry.expiresAt));
  }

  async revokeSession(sessionId: string, reason: RevokeReason) {
    return this.revoke(reason, { sessionId });
  }

  /** Ends every live session of a user, except optionally the one making the change. */
  async revokeUser(userId: string, reason: RevokeReason, exceptSessionId?: string) {
    return this.revoke(reason, { userId, exceptSessionId });
  }

  private async revoke(
    reason: RevokeReason,
    which: { sessionId?: string; userId?: string; exceptSessionId?: string | undefined },
  ): Promise<{ userId: string; tokenHash: string }[]> {
    const revoked = await this.sessions.revoke(reason, which);
    if (revoked.length) {
      await this.bus.publish({
        type: 'session.revoked',
        reason,
        tokenHashes: revoked.map((r) => r.tokenHash),
        userIds: [...new Set(revoked.map((r) => r.userId))],
      });
    }
    return revoked;
  }
}
