import {
  type AccessContact,
  BaseInfoInput,
  type LanguageInput,
  type OwnLogQuery,
  type SignatureInput,
  type ThemeInput,
} from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { langFromTag, type Translate } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import { toMillis } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { LogService } from '../log/log.service.ts';
import type { UserService } from '../user/user.service.ts';
import type { UserAccountService } from '../user/user-account.service.ts';
import { ProfileRepository } from './profile.repository.ts';

const maxSignatures = 20;

/** The services that keep what a profile shows: the user record, the account row, the log. */
export interface ProfileParts {
  users: UserService;
  accounts: UserAccountService;
  logs: LogService;
}

/** The signed-in user's own record: `/api/permission/Users/Current/*` (shell.md section 7). */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly parts: ProfileParts,
  ) {}

  async baseInfo(session: Session) {
    const info = await this.parts.users.info(session.userId);
    const profile = new ProfileRepository(this.db);
    const [organizes, positions] = await Promise.all([
      profile.relationsNamed(session.userId, 'Organize'),
      profile.relationsNamed(session.userId, 'Position'),
    ]);
    return {
      ...info,
      organize: organizes.map((o) => o.fullName).join(','),
      position: positions.map((p) => p.fullName).join(','),
    };
  }

  async saveBaseInfo(session: Session, input: BaseInfoInput) {
    // Only the fields of BaseInfoInput: anything else a client sends (account, roles) is ignored.
    const { birthday, ...fields } = input;
    const changes: Record<string, unknown> = {};
    for (const key of Object.keys(BaseInfoInput.properties)) {
      const value = fields[key as keyof typeof fields];
      if (key !== 'birthday' && value !== undefined) changes[key] = value;
    }
    await this.parts.accounts.update(session.userId, {
      ...changes,
      ...(birthday === undefined ? {} : { birthday: birthday === null ? null : new Date(birthday) }),
      lastModifyTime: new Date(),
      lastModifyUserId: session.userId,
    });
  }

  async setTheme(session: Session, input: ThemeInput) {
    await this.parts.accounts.update(session.userId, { theme: input.theme });
  }

  async setLanguage(session: Session, input: LanguageInput) {
    await this.parts.accounts.update(session.userId, { language: langFromTag(input.language) ?? 'zh-CN' });
  }

  async setAvatar(session: Session, url: string) {
    await this.parts.accounts.update(session.userId, { headIcon: url });
  }

  async organizes(session: Session) {
    const user = await this.parts.accounts.byId(session.userId);
    const rows = await new ProfileRepository(this.db).relationsNamed(session.userId, 'Organize');
    return rows.map((r) => ({ id: r.id, fullName: r.fullName, isDefault: r.id === user?.organizeId }));
  }

  async positions(session: Session) {
    const rows = await new ProfileRepository(this.db).relationsNamed(session.userId, 'Position');
    return rows.map((r, index) => ({ id: r.id, fullName: r.fullName, isDefault: index === 0 }));
  }

  /** Direct reports of `id`: the caller's own, or those of someone below the caller. */
  async subordinates(session: Session, id: string) {
    const users = this.parts.accounts;
    const target = id === '0' || id === 'currentUser' ? session.userId : id;
    if (target !== session.userId) {
      const person = await users.byId(target);
      if (!person) throw new NotFoundError();
      if (person.managerId !== session.userId && !session.isAdministrator) throw new NotFoundError();
    }
    const rows = await users.directReports(target);
    return rows.map((r) => ({
      id: r.id,
      account: r.account,
      realName: r.realName,
      userName: `${r.realName}/${r.account}`,
      headIcon: r.headIcon ?? '',
      isLeaf: !r.hasChildren,
    }));
  }

  /**
   * Whom to ask for access (the page of a user without a menu): the tiered administrators of the
   * caller's organisation or the nearest one above it, else the super administrators; at most five.
   */
  async accessContacts(session: Session): Promise<AccessContact[]> {
    const repo = new ProfileRepository(this.db);
    const chain = await repo.organizeChain(session.userId);
    const depth = (organizeId: string) => chain.indexOf(organizeId);
    const tiered = chain.length ? await repo.administrators(chain) : [];
    const nearest = tiered
      .filter((row) => row.account !== session.account)
      .sort((a, b) => depth(b.organizeId) - depth(a.organizeId));
    const rows = nearest.length ? nearest : await repo.administrators([]);
    const seen = new Set<string>();
    return rows
      .filter((row) => !seen.has(row.account) && seen.add(row.account))
      .slice(0, 5)
      .map(({ account, realName, organizeName }) => ({ account, realName, organizeName }));
  }

  ownLog(session: Session, query: OwnLogQuery, t: Translate) {
    return this.parts.logs.list(query.category ?? 1, query, t, session.userId);
  }

  async signatures(session: Session) {
    const rows = await new ProfileRepository(this.db).signatures(session.userId);
    return rows.map((r) => ({
      id: r.id,
      signImg: r.signImg,
      isDefault: r.isDefault,
      creatorTime: toMillis(r.creatorTime) ?? 0,
    }));
  }

  async addSignature(session: Session, input: SignatureInput): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const profile = new ProfileRepository(trx);
      const existing = await profile.signatures(session.userId);
      if (existing.length >= maxSignatures)
        throw new BusinessError('profile.tooManySignatures', { max: maxSignatures });
      const id = newId();
      // The first signature, or one marked so, becomes the default.
      const isDefault = input.isDefault === 1 || existing.length === 0 ? 1 : 0;
      await profile.addSignature({ id, userId: session.userId, signImg: input.signImg, isDefault: 0 });
      if (isDefault) await profile.setDefaultSignature(session.userId, id);
      return id;
    });
  }

  async setDefaultSignature(session: Session, id: string) {
    await this.db.transaction().execute(async (trx) => {
      const profile = new ProfileRepository(trx);
      if (!(await profile.signatureExists(session.userId, id))) throw new NotFoundError();
      await profile.setDefaultSignature(session.userId, id);
    });
  }

  async deleteSignature(session: Session, id: string) {
    if (!(await new ProfileRepository(this.db).deleteSignature(session.userId, id))) throw new NotFoundError();
  }
}
