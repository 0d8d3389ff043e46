import type { Translate } from '../../core/i18n.ts';
import type { SysSettings } from '../sysConfig/sys-config.service.ts';

const dayMs = 86_400_000;

/** Where a user's password stands under passwordIsUpdatedRegularly / updateCycle / updateInAdvance. */
export interface PasswordExpiry {
  /** When the password expires (its last change, or the account's creation, plus updateCycle days). */
  expiresAt: Date;
  /** The password has expired: the user must change it before working on. */
  expired: boolean;
  /** Whole days left, rounded up (0 once expired). */
  daysLeft: number;
  /** Inside the updateInAdvance days before expiry, or expired: the user is told. */
  warn: boolean;
}

/** Null when passwords need not be changed regularly. */
export function passwordExpiry(
  settings: SysSettings,
  user: { changePasswordDate: Date | null; creatorTime: Date },
  now = Date.now(),
): PasswordExpiry | null {
  if (settings.passwordIsUpdatedRegularly !== 1) return null;
  const cycle = Number(settings.updateCycle ?? 90);
  const advance = Number(settings.updateInAdvance ?? 7);
  const base = (user.changePasswordDate ?? user.creatorTime).getTime();
  const expiresAt = new Date(base + cycle * dayMs);
  const left = expiresAt.getTime() - now;
  const expired = left <= 0;
  const daysLeft = expired ? 0 : Math.ceil(left / dayMs);
  return { expiresAt, expired, daysLeft, warn: expired || left <= advance * dayMs };
}

/** What the user is told about the password ('' when nothing): expired, or expiring in n days. */
export function passwordNotice(t: Translate, expiry: PasswordExpiry | null): string {
  if (!expiry?.warn) return '';
  return expiry.expired ? t('auth.passwordExpired') : t('auth.passwordExpiring', { days: expiry.daysLeft });
}
