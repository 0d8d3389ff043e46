import { randomInt } from 'node:crypto';
import {
  type AccountLoginConfig,
  checkPasswordPolicy,
  DEFAULT_DATE_TIME_FORMAT,
  formatDate,
  type LoginConfig,
  type LoginForm,
  type LoginResult,
  MOBILE_PATTERN,
  type ModifyPasswordInput,
  onWhitelist,
  type ScanTicketStatus,
} from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import { ipPlaceName } from '../../core/ip-place.ts';
import { decryptLoginPayload, passwordDigestFrom } from '../../core/login-cipher.ts';
import { hashPasswordDigest, md5Hex, verifyPasswordDigest } from '../../core/password.ts';
import type { Session, SessionStore } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { SysConfigService, SysSettings } from '../sysConfig/sys-config.service.ts';
import type { UserAccountService } from '../user/user-account.service.ts';
import { consumeCaptcha, drawCaptcha } from './captcha.ts';
import {
  captchaDemanded,
  isSessionAccount,
  liftedLock,
  lockRanOut,
  unusableReason,
  wrongPasswordOutcome,
} from './lockout-rules.ts';
import { OauthRepository } from './oauth.repository.ts';
import { type PasswordExpiry, passwordExpiry } from './password-expiry.ts';
import type { SmsSender } from './sms-sender.ts';

export const captchaTtlMs = 3 * 60_000;
export const smsTtlMs = 5 * 60_000;
export const smsIntervalMs = 60_000;
export const scanTicketTtlMs = 3 * 60_000;

/** A login's answer, and where the password stands so the caller can tell the user (regular change). */
export interface SignedIn {
  result: LoginResult;
  passwordExpiry: PasswordExpiry | null;
}

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** Signing in and out, one-use codes and the scan login: the rules of shell.md sections 1, 4, 5. */
export class OauthService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
    private readonly sysConfig: SysConfigService,
    private readonly sms: SmsSender,
    private readonly cipherKey: string,
    private readonly users: UserAccountService,
  ) {}

  async loginConfig(): Promise<LoginConfig> {
    const s = await this.sysConfig.get();
    return {
      redirect: false,
      url: '',
      ticketParams: '',
      socialsList: [],
      cipherKey: this.cipherKey,
      sysName: s.sysName,
      sysVersion: s.sysVersion,
      title: s.title,
      copyright: s.copyright,
      loginIcon: s.loginIcon,
      logoIcon: s.logoIcon,
    };
  }

  /** Whether this account must answer a captcha: always when configured, else after repeated failures. */
  async accountConfig(account: string): Promise<AccountLoginConfig> {
    const settings = await this.sysConfig.get();
    const user = await this.users.byAccount(account.trim());
    return {
      enableVerificationCode: captchaDemanded(settings, user),
      verificationCodeNumber: settings.verificationCodeNumber,
    };
  }

  async captcha(key: string, length?: number): Promise<string> {
    const settings = await this.sysConfig.get();
    const { text, svg } = drawCaptcha(length ?? settings.verificationCodeNumber);
    await new OauthRepository(this.db).putCode('captcha', key, text, captchaTtlMs);
    return svg;
  }

  async sendSmsCode(mobile: string, log: (code: string) => void = () => {}) {
    const repo = new OauthRepository(this.db);
    const users = await this.users.byMobile(mobile);
    if (users.length === 0) throw new BusinessError('auth.mobileUnknown');
    const last = await repo.codeCreatedAt('sms', mobile);
    const waitMs = last ? smsIntervalMs - (Date.now() - last.getTime()) : 0;
    if (waitMs > 0) throw new BusinessError('auth.smsTooOften', { seconds: Math.ceil(waitMs / 1000) });
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await repo.putCode('sms', mobile, code, smsTtlMs);
    await this.sms.sendVerificationCode(mobile, code);
    log(code);
  }

  async login(form: LoginForm, meta: RequestMeta): Promise<SignedIn> {
    const settings = await this.sysConfig.get();
    if (settings.whitelistSwitch === 1 && !onWhitelist(meta.ip, String(settings.whiteListIp ?? ''))) {
      throw new BusinessError('auth.ipNotAllowed', { ip: meta.ip ?? '' });
    }
    const account = form.account.trim();
    if (form.origin === 'sms') {
      if (!MOBILE_PATTERN.test(account)) throw new BusinessError('auth.mobileInvalid');
      const ok = await new OauthRepository(this.db).consumeCode('sms', account, form.code ?? '');
      if (!ok) throw new BusinessError('auth.smsWrong');
      const [user] = await this.users.byMobile(account);
      if (!user) throw new BusinessError('auth.mobileUnknown');
      this.refuseUnusable(await this.releaseExpiredLock(user));
      return this.signIn(user, settings, meta);
    }

    // Sub-accounts keep their full login name, mobile@account, as their account.
    const found = await this.users.byAccount(account);
    if (!form.password) throw new BusinessError('auth.passwordMissing');
    const digest = decryptLoginPayload(form.password, this.cipherKey);
    if (!digest || !/^[0-9a-f]{32}$/i.test(digest)) throw new BusinessError('auth.badCipher');

    const user = found && (await this.releaseExpiredLock(found));
    if (user) this.refuseUnusable(user);
    if (captchaDemanded(settings, user)) {
      if (!form.code || !form.timestamp) throw new BusinessError('auth.captchaRequired');
      const ok = await new OauthRepository(this.db).consumeCode('captcha', form.timestamp, form.code);
      if (!ok) throw new BusinessError('auth.captchaWrong');
    }
    if (!user) {
      await this.logLogin(null, account, meta, false, 'unknown account');
      throw new BusinessError('auth.badCredentials');
    }
    if (!(await verifyPasswordDigest(user.passwordHash, digest))) {
      await this.failPassword(user, settings, meta);
    }
    return this.signIn(user, settings, meta);
  }

  /**
   * A lock (enabledMark 2) or a delay (lockType 2: enabledMark stays 1, unlockTime set) whose time
   * has passed is lifted before anything else is checked, and the failures start again from zero.
   */
  private async releaseExpiredLock(user: UserRow): Promise<UserRow> {
    if (lockRanOut(user, Date.now())) {
      const changes = liftedLock();
      await this.users.update(user.id, changes);
      return { ...user, ...changes };
    }
    return user;
  }

  private refuseUnusable(user: UserRow) {
    const unusable = unusableReason(user, Date.now());
    if (!unusable) return;
    if (unusable.key === 'auth.disabled') throw new BusinessError('auth.disabled');
    throw new BusinessError(unusable.key, { time: formatDate(unusable.until, DEFAULT_DATE_TIME_FORMAT) });
  }

  private async failPassword(user: UserRow, settings: SysSettings, meta: RequestMeta): Promise<never> {
    const failures = await this.users.countLoginFailure(user.id);
    await this.logLogin(user, user.account, meta, false, 'wrong password');
    const outcome = wrongPasswordOutcome(failures, settings, Date.now());
    if (outcome.kind === 'left') throw new BusinessError('auth.badCredentialsLeft', { left: outcome.left });
    const { unlockTime } = outcome;
    if (outcome.kind === 'delay') {
      // Delay: the account stays enabled and its sessions live; signing in waits until unlockTime.
      await this.users.update(user.id, { unlockTime });
      throw new BusinessError('auth.delayed', { time: formatDate(unlockTime, DEFAULT_DATE_TIME_FORMAT) });
    }
    await this.users.update(user.id, { enabledMark: 2, unlockTime });
    await this.sessions.revokeUser(user.id, 'offline');
    throw new BusinessError('auth.locked', { time: formatDate(unlockTime, DEFAULT_DATE_TIME_FORMAT) });
  }

  /** Records the login, ends older sessions under single-login, and issues the token. */
  private async signIn(user: UserRow, settings: SysSettings, meta: RequestMeta): Promise<SignedIn> {
    const now = new Date();
    await this.users.update(user.id, {
      logErrorCount: 0,
      prevLoginTime: user.lastLoginTime,
      prevLoginIp: user.lastLoginIp,
      prevLoginIpName: user.lastLoginIpName,
      lastLoginTime: now,
      lastLoginIp: meta.ip,
      lastLoginIpName: ipPlaceName(meta.ip),
    });
    if (settings.singleLogin === 1) await this.sessions.revokeUser(user.id, 'elsewhere');
    const token = await this.sessions.issue(user.id, meta);
    await this.logLogin(user, user.account, meta, true, 'login');
    return { result: { token, theme: user.theme || 'classic' }, passwordExpiry: passwordExpiry(settings, user) };
  }

  private logLogin(user: UserRow | null, account: string, meta: RequestMeta, success: boolean, description: string) {
    return new OauthRepository(this.db).logLogin({
      userId: user?.id ?? null,
      account: account.slice(0, 100),
      realName: user?.realName ?? null,
      ip: meta.ip,
      ipName: ipPlaceName(meta.ip),
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      success,
      description,
    });
  }

  async logout(session: Session) {
    await this.sessions.revokeSession(session.sessionId, 'logout');
  }

  /** Unlocking the lock screen proves the password again; failures count like login failures. */
  async verifyLockScreen(session: Session, account: string, password: string, meta: RequestMeta) {
    if (!isSessionAccount(account, session.account)) throw new BusinessError('auth.lockScreenAccount');
    const digest = passwordDigestFrom(password, this.cipherKey);
    if (!digest) throw new BusinessError('auth.badCipher');
    const found = await this.users.byId(session.userId);
    if (!found) throw new BusinessError('auth.badCredentials');
    const user = await this.releaseExpiredLock(found);
    this.refuseUnusable(user);
    if (!(await verifyPasswordDigest(user.passwordHash, digest))) {
      await this.failPassword(user, await this.sysConfig.get(), meta);
    }
    await this.users.update(user.id, { logErrorCount: 0 });
  }

  async modifyPassword(session: Session, input: ModifyPasswordInput) {
    await consumeCaptcha(this.db, input.timestamp, input.code);
    const settings = await this.sysConfig.get();
    if (settings.passwordStrengthLimit === 1) {
      const clear = input.passwordCipher ? decryptLoginPayload(input.passwordCipher, this.cipherKey) : null;
      if (!clear) throw new BusinessError('auth.policyNeedsCipher');
      if (md5Hex(clear) !== input.password.toLowerCase()) throw new BusinessError('auth.cipherMismatch');
      const violation = checkPasswordPolicy(clear, settings);
      if (violation) throw new BusinessError('auth.policyViolation', { message: violation });
    }
    const user = await this.users.byId(session.userId);
    if (!user || !(await verifyPasswordDigest(user.passwordHash, input.oldPassword))) {
      throw new BusinessError('auth.oldPasswordWrong');
    }
    if (input.oldPassword.toLowerCase() === input.password.toLowerCase()) throw new BusinessError('auth.samePassword');
    if (settings.disableOldPassword === 1) {
      const count = Math.max(1, Number(settings.disableTheNumberOfOldPasswords ?? 3));
      if (await this.users.passwordUsedBefore(user, input.password, count)) {
        throw new BusinessError('auth.passwordReused', { count });
      }
    }
    await this.users.setPassword(user, await hashPasswordDigest(input.password), { changePasswordDate: new Date() });
    await this.sessions.revokeUser(user.id, 'password', session.sessionId);
  }

  async createScanTicket() {
    const ticket = await new OauthRepository(this.db).createScanTicket(scanTicketTtlMs);
    return { ticket: ticket.id, expiresAt: ticket.expiresAt.getTime() };
  }

  /** Polled by the waiting login page; a confirmed ticket yields its token to the first poll only. */
  async scanTicketStatus(id: string, meta: RequestMeta): Promise<ScanTicketStatus> {
    const repo = new OauthRepository(this.db);
    const ticket = await repo.scanTicket(id);
    if (!ticket) throw new BusinessError('auth.scanUnknown');
    if (ticket.status === 2) {
      const userId = await repo.claimConfirmedTicket(id);
      const user = userId ? await this.users.byId(userId) : undefined;
      if (user) {
        this.refuseUnusable(user);
        const { result } = await this.signIn(user, await this.sysConfig.get(), meta);
        return { status: 2, token: result.token, theme: result.theme };
      }
    }
    if (ticket.status === 3 || ticket.status === -1 || ticket.expiresAt.getTime() <= Date.now()) return { status: -1 };
    return { status: ticket.status };
  }

  /** A signed-in user (the app) marks a ticket scanned (1), confirmed (2) or refused (-1). */
  async setScanTicketStatus(session: Session, id: string, status: number) {
    if (![1, 2, -1].includes(status)) throw new BusinessError('auth.scanStatus');
    const repo = new OauthRepository(this.db);
    const ticket = await repo.scanTicket(id);
    if (!ticket) throw new BusinessError('auth.scanUnknown');
    if (ticket.expiresAt.getTime() <= Date.now() || ticket.status === 3 || ticket.status === -1) {
      throw new BusinessError('auth.scanExpired');
    }
    await repo.setScanTicket(id, status, session.userId);
  }
}
