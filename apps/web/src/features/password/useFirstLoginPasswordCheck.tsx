import { isPolicyFlagOn } from '@platform/shared';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../shared/session/store.ts';
import { useToast } from '../../shared/toast.tsx';
import { ResetPasswordDialog, type ResetPasswordDialogProps, usePasswordPolicy } from './ResetPasswordDialog.tsx';

/**
 * shell.md §4 "First login": when the user has never changed the password (`changePasswordDate`
 * empty) and the policy demands it (`mandatoryModificationOfInitialPassword` 1), the
 * reset-password dialog opens by itself, forced. The same forced dialog opens when the server says
 * the password has expired (regular change, `passwordExpired`), with the server's words. Spread the
 * answer on `<ResetPasswordDialog>`.
 */
export function useFirstLoginPasswordCheck(): ResetPasswordDialogProps {
  const signedIn = useSession((state) => !!state.token && !state.locked);
  const user = useSession((state) => state.userInfo);
  const needsCheck = signedIn && !!user && !user.changePasswordDate;
  const policy = usePasswordPolicy(needsCheck);
  const [closed, setClosed] = useState(false);
  const expired = signedIn && !!user?.passwordExpired;
  const demanded = needsCheck && isPolicyFlagOn(policy.data?.mandatoryModificationOfInitialPassword);
  return {
    open: (expired || demanded) && !closed,
    forced: true,
    notice: expired ? user?.passwordNotice : undefined,
    onClose: () => setClosed(true),
  };
}

/** A password expiring soon: the server's words, once per signed-in user. */
function usePasswordExpiringToast() {
  const message = useToast();
  const user = useSession((state) => state.userInfo);
  const told = useRef<string | null>(null);
  const notice = user && !user.passwordExpired ? (user.passwordNotice ?? '') : '';
  const userId = user?.userId ?? null;
  useEffect(() => {
    if (!notice || told.current === userId) return;
    told.current = userId;
    message.warning({ content: notice, duration: 6 });
  }, [notice, userId, message]);
}

/** Mount once on the signed-in layout: it renders nothing unless the first-login or expiry rule applies. */
export function FirstLoginPasswordCheck() {
  usePasswordExpiringToast();
  return <ResetPasswordDialog {...useFirstLoginPasswordCheck()} />;
}
