import type { Db } from '../../db/database.ts';
import type { UserRow, UserUpdate } from '../../db/schema.ts';
import { UserRepository } from './user.repository.ts';

/**
 * One user's own record as other areas read and change it: signing in (oauth), CurrentUser and the
 * profile. The rules of those changes live with their callers; this keeps the SQL here.
 */
export class UserAccountService {
  constructor(private readonly db: Db) {}

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
