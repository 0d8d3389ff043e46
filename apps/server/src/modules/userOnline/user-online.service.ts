import type { PageQuery } from '@platform/shared';
import type { DelegationGuard } from '../../core/delegation.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { Session, SessionStore } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { UserOnlineRepository } from './user-online.repository.ts';

export class UserOnlineService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
    /** Only a super administrator signs a super administrator out. */
    private readonly delegation: DelegationGuard,
  ) {}

  async list(query: PageQuery, session: Session) {
    const params = pageParams(query);
    const { list, total } = await new UserOnlineRepository(this.db).page(params);
    return page(
      list.map((s) => ({
        id: s.id,
        userId: s.userId,
        userAccount: s.account,
        userName: `${s.realName}/${s.account}`,
        loginTime: toMillis(s.createdAt) ?? 0,
        lastSeenTime: toMillis(s.lastSeenAt) ?? 0,
        loginIPAddress: s.ip ?? '',
        loginPlatForm: s.userAgent ?? '',
        device: s.device,
        organize: s.organize ?? '',
        isCurrent: s.id === session.sessionId,
      })),
      total,
      params,
    );
  }

  /** Ends live sessions; the user's next call answers 600 and the socket gets `logout`. */
  async offline(ids: string[], session: Session) {
    if (ids.includes(session.sessionId)) throw new BusinessError('userOnline.self');
    const repo = new UserOnlineRepository(this.db);
    const users: string[] = [];
    for (const id of ids) {
      const live = await repo.findLive(id);
      if (!live) throw new NotFoundError();
      users.push(live.userId);
    }
    await this.delegation.requireMayTouch(session, 'permission.userOnline', users, 'edit');
    for (const id of ids) await this.sessions.revokeSession(id, 'offline');
  }
}
