import { describe, expect, test } from 'vitest';
import {
  type AccountLock,
  captchaDemanded,
  isSessionAccount,
  liftedLock,
  lockRanOut,
  unusableReason,
  wrongPasswordOutcome,
} from '../src/modules/oauth/lockout-rules.ts';

/**
 * Signing in and the lockout as pure functions (issue 42), on both sides of each boundary: when a
 * lock or delay runs out, why an account may not sign in, what the n-th wrong password leads to, when
 * a captcha is asked for, and whose password the lock screen checks. The same rules through the API:
 * auth.test.ts, password-policy.test.ts.
 */

const now = Date.UTC(2026, 10, 29, 12, 0, 0);
const minute = 60_000;
const at = (offsetMs: number) => new Date(now + offsetMs);
const account = (enabledMark: number, unlockTime: Date | null): AccountLock => ({ enabledMark, unlockTime });

describe('a lock or delay running out', () => {
  test('a lock (2) or a delay (1) runs out at its unlock time, not a moment before', () => {
    for (const mark of [1, 2]) {
      expect(lockRanOut(account(mark, at(-1)), now)).toBe(true);
      expect(lockRanOut(account(mark, at(0)), now)).toBe(true);
      expect(lockRanOut(account(mark, at(1)), now)).toBe(false);
    }
  });

  test('no unlock time, or a disabled account, never runs out', () => {
    expect(lockRanOut(account(2, null), now)).toBe(false);
    expect(lockRanOut(account(1, null), now)).toBe(false);
    expect(lockRanOut(account(0, at(-minute)), now)).toBe(false);
  });

  test('lifting it enables the account and counts wrong passwords from zero', () => {
    expect(liftedLock()).toEqual({ enabledMark: 1, logErrorCount: 0, unlockTime: null });
  });
});

describe('why an account may not sign in', () => {
  test('locked: until its unlock time, or shown as a day from now without one', () => {
    expect(unusableReason(account(2, at(5 * minute)), now)).toEqual({ key: 'auth.locked', until: at(5 * minute) });
    expect(unusableReason(account(2, null), now)).toEqual({ key: 'auth.locked', until: at(24 * 60 * minute) });
  });

  test('disabled: any mark but enabled and locked', () => {
    expect(unusableReason(account(0, null), now)).toEqual({ key: 'auth.disabled' });
    expect(unusableReason(account(3, at(minute)), now)).toEqual({ key: 'auth.disabled' });
  });

  test('delayed: enabled with an unlock time still ahead, until that time', () => {
    expect(unusableReason(account(1, at(1)), now)).toEqual({ key: 'auth.delayed', until: at(1) });
    expect(unusableReason(account(1, at(0)), now)).toBeNull();
    expect(unusableReason(account(1, at(-1)), now)).toBeNull();
    expect(unusableReason(account(1, null), now)).toBeNull();
  });
});

describe('a wrong password', () => {
  const settings = (passwordErrorsNumber: number, lockTime = 10, lockType: unknown = 1) => ({
    passwordErrorsNumber,
    lockTime,
    lockType,
  });

  test('before the allowed number: the tries left', () => {
    expect(wrongPasswordOutcome(1, settings(3), now)).toEqual({ kind: 'left', left: 2 });
    expect(wrongPasswordOutcome(2, settings(3), now)).toEqual({ kind: 'left', left: 1 });
  });

  test('at the allowed number and past it: locked for the lock time', () => {
    expect(wrongPasswordOutcome(3, settings(3), now)).toEqual({ kind: 'lock', unlockTime: at(10 * minute) });
    expect(wrongPasswordOutcome(4, settings(3, 7), now)).toEqual({ kind: 'lock', unlockTime: at(7 * minute) });
  });

  test('with lockType 2, delayed instead of locked; any other lock type locks', () => {
    expect(wrongPasswordOutcome(3, settings(3, 10, 2), now)).toEqual({ kind: 'delay', unlockTime: at(10 * minute) });
    expect(wrongPasswordOutcome(3, settings(3, 10, '2'), now).kind).toBe('lock');
    expect(wrongPasswordOutcome(3, settings(3, 10, undefined), now).kind).toBe('lock');
  });

  test('at least one try and one minute, whatever the configuration says', () => {
    expect(wrongPasswordOutcome(1, settings(0), now)).toEqual({ kind: 'lock', unlockTime: at(10 * minute) });
    expect(wrongPasswordOutcome(0, settings(0), now)).toEqual({ kind: 'left', left: 1 });
    expect(wrongPasswordOutcome(1, settings(1, 0), now)).toEqual({ kind: 'lock', unlockTime: at(minute) });
    expect(wrongPasswordOutcome(1, settings(1, -5), now)).toEqual({ kind: 'lock', unlockTime: at(minute) });
    expect(wrongPasswordOutcome(1, settings(1, 2), now)).toEqual({ kind: 'lock', unlockTime: at(2 * minute) });
  });
});

describe('when a captcha is asked for', () => {
  const settings = (enableVerificationCode: number, captchaAfterErrorsNumber?: number) => ({
    enableVerificationCode,
    ...(captchaAfterErrorsNumber === undefined ? {} : { captchaAfterErrorsNumber }),
  });
  const failed = (logErrorCount: number) => ({ logErrorCount });

  test('always when configured, even for an unknown account', () => {
    expect(captchaDemanded(settings(1, 5), undefined)).toBe(true);
    expect(captchaDemanded(settings(1, 5), failed(0))).toBe(true);
  });

  test('otherwise from the configured number of wrong passwords on', () => {
    expect(captchaDemanded(settings(0, 5), failed(4))).toBe(false);
    expect(captchaDemanded(settings(0, 5), failed(5))).toBe(true);
    expect(captchaDemanded(settings(0, 5), failed(6))).toBe(true);
    expect(captchaDemanded(settings(0, 5), undefined)).toBe(false);
  });

  test('three when no number is configured, and at least one', () => {
    expect(captchaDemanded(settings(0), failed(2))).toBe(false);
    expect(captchaDemanded(settings(0), failed(3))).toBe(true);
    expect(captchaDemanded(settings(0, 0), failed(0))).toBe(false);
    expect(captchaDemanded(settings(0, 0), failed(1))).toBe(true);
  });
});

describe('the lock screen', () => {
  test("checks the session's own account, whatever its case and outer spaces", () => {
    expect(isSessionAccount('  Admin ', 'admin')).toBe(true);
    expect(isSessionAccount('admin', 'ADMIN')).toBe(true);
    expect(isSessionAccount('admin2', 'admin')).toBe(false);
    expect(isSessionAccount('ad min', 'admin')).toBe(false);
  });
});
