import { verifyPasswordDigest } from '../../core/password.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { UserRow, UserUpdate } from '../../db/schema.ts';
import { UserRepository } from './user.repository.ts';

/** The largest disableTheNumberOfOldPasswords the configuration allows (shared sysConfig schema). */
export const maxRememberedPasswords = 24;

/**
 * One user's own record as other areas read and change it: signing in (oauth), CurrentUser and the
 * profile. The rules of those changes live with their callers; this keeps the SQL here.
 */
export class UserAccountService {
  constructor(private readonly db: Db | Trx) {}

  byId(id: string): Promise<UserRow | undefined> {
    return new UserRepository(this.db).findById(id);
  }

  /** Accounts are matched without regard to case, as the unique index is. */
  byAccount(account: string): Promise<UserRow | undefined> {
    return new UserRepository(this.db).findByAccount(account);
  }

  /** Users with this mobile number (at most two). */
  byMobile(mobile: string): Promise<UserRow[]> {
    return new UserRepository(this.db).findByMobile(mobile);
  }

  update(id: string, changes: UserUpdate) {
    return new UserRepository(this.db).update(id, changes);
  }

  /**
   * Whether `md5Digest` is one of the user's last `count` passwords (disableOldPassword). The
   * current password counts as the newest, also for users whose history began after it was set.
   */
  async passwordUsedBefore(user: UserRow, md5Digest: string, count: number): Promise<boolean> {
    const history = await new UserRepository(this.db).recentPasswordHashes(user.id, count);
    const hashes = history[0] === user.passwordHash ? history : [user.passwordHash, ...history].slice(0, count);
    for (const hash of hashes) if (await verifyPasswordDigest(hash, md5Digest)) return true;
    return false;
  }

  /** Sets a new password hash (with `changes` such as changePasswordDate) and remembers it in the history. */
  async setPassword(user: UserRow, passwordHash: string, changes: UserUpdate = {}) {
    const repo = new UserRepository(this.db);
    await repo.update(user.id, { ...changes, passwordHash });
    await repo.recordPassword(user.id, user.passwordHash, passwordHash, maxRememberedPasswords);
  }

  /** Counts a failed password and returns the new count (atomic across concurrent attempts). */
  countLoginFailure(id: string): Promise<number> {
    return new UserRepository(this.db).countLoginFailure(id);
  }

  /** The name of the user's current organisation ('' when none). */
  organizeName(organizeId: string | null): Promise<string> {
    return new UserRepository(this.db).organizeName(organizeId);
  }

  /** A manager's direct reports (at most 500), each with whether it has reports of its own. */
  directReports(managerId: string) {
    return new UserRepository(this.db).directReports(managerId);
  }
}
