import { NotFoundError } from '../../core/errors.ts';
import type { Db } from '../../db/database.ts';
import { UserRepository } from './user.repository.ts';

export class UserService {
  constructor(private readonly db: Db) {}

  /** Lifts a lock from failed logins; the user may sign in again at once. */
  async unlock(id: string) {
    const users = new UserRepository(this.db);
    const user = await users.findById(id);
    if (!user) throw new NotFoundError();
    await users.update(id, { enabledMark: 1, logErrorCount: 0, unlockTime: null });
  }
}
