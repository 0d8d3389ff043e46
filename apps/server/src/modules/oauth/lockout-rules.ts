import type { UserRow } from '../../db/schema.ts';
import type { SysSettings } from '../sysConfig/sys-config.service.ts';

/**
 * The pure parts of signing in and the lockout (OauthService): when an account is locked or delayed,
 * when a lock runs out, what a wrong password leads to, and when a captcha is asked for. Decisions
 * on an account already read, so unit tests and mutation testing reach them without a database.
 * `now` is in milliseconds since the epoch.
 */

/** An account's lock: enabledMark 1 enabled, 2 locked (0 disabled); unlockTime ends a lock or a delay. */
export type AccountLock = Pick<UserRow, 'enabledMark' | 'unlockTime'>;

/** A captcha is asked for after this many wrong passwords when the configuration names no number. */
const defaultCaptchaAfterErrors = 3;
/** A locked account without an unlock time is shown as locked until this long from now. */
const openLockShownMs = 24 * 3600_000;

/**
 * Whether a lock (enabledMark 2) or a delay (lockType 2: enabledMark stays 1, unlockTime set) has
 * run out, so it is lifted before anything else is checked (`liftedLock`).
 */
export function lockRanOut(account: AccountLock, now: number): boolean {
  return (
    (account.enabledMark === 2 || account.enabledMark === 1) &&
    account.unlockTime !== null &&
    account.unlockTime.getTime() <= now
  );
}

/** What lifting a lock writes: enabled again, and the wrong passwords counted from zero. */
export function liftedLock(): { enabledMark: number; logErrorCount: number; unlockTime: null } {
  return { enabledMark: 1, logErrorCount: 0, unlockTime: null };
}

/** Why an account may not sign in (its message key and until when), or null when it may. */
export type Unusable = { key: 'auth.locked' | 'auth.delayed'; until: Date } | { key: 'auth.disabled' };

/** Why an account whose run-out lock is already lifted may not sign in now; null: it may. */
export function unusableReason(account: AccountLock, now: number): Unusable | null {
  if (account.enabledMark === 2) {
    return { key: 'auth.locked', until: account.unlockTime ?? new Date(now + openLockShownMs) };
  }
  if (account.enabledMark !== 1) return { key: 'auth.disabled' };
  if (account.unlockTime !== null && account.unlockTime.getTime() > now)
    return { key: 'auth.delayed', until: account.unlockTime };
  return null;
}

/** What a wrong password leads to: the tries left, or a delay or a lock until `unlockTime`. */
export type WrongPasswordOutcome = { kind: 'left'; left: number } | { kind: 'delay' | 'lock'; unlockTime: Date };

/**
 * The outcome of the `failures`-th wrong password in a row (counted with this one): at least one try
 * is always allowed; once they are used up, the account is delayed (lockType 2) or locked for
 * `lockTime` minutes (at least one).
 */
export function wrongPasswordOutcome(
  failures: number,
  settings: Pick<SysSettings, 'passwordErrorsNumber' | 'lockTime'> & { lockType?: unknown },
  now: number,
): WrongPasswordOutcome {
  const allowed = Math.max(1, settings.passwordErrorsNumber);
  if (failures < allowed) return { kind: 'left', left: allowed - failures };
  const unlockTime = new Date(now + Math.max(1, settings.lockTime) * 60_000);
  return { kind: settings.lockType === 2 ? 'delay' : 'lock', unlockTime };
}

/**
 * Always when configured; otherwise once the account has failed as often as the configuration
 * allows without one (a typo must not lock a client that shows no captcha until asked out of it).
 */
export function captchaDemanded(
  settings: Pick<SysSettings, 'enableVerificationCode' | 'captchaAfterErrorsNumber'>,
  account: Pick<UserRow, 'logErrorCount'> | undefined,
): boolean {
  const allowed = Math.max(1, settings.captchaAfterErrorsNumber ?? defaultCaptchaAfterErrors);
  return settings.enableVerificationCode === 1 || (account?.logErrorCount ?? 0) >= allowed;
}

/** Whether the account typed at the lock screen is the session's own (case and outer spaces aside). */
export function isSessionAccount(typed: string, sessionAccount: string): boolean {
  return typed.trim().toLowerCase() === sessionAccount.toLowerCase();
}
