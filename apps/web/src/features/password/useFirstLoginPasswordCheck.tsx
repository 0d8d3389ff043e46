import { isPolicyFlagOn } from '@platform/shared';
import { useState } from 'react';
import { useSession } from '../../shared/session/store.ts';
import { ResetPasswordDialog, type ResetPasswordDialogProps, usePasswordPolicy } from './ResetPasswordDialog.tsx';

/**
 * shell.md §4 "First login": when the user has never changed the password (`changePasswordDate`
 * empty) and the policy demands it (`mandatoryModificationOfInitialPassword` 1), the
 * reset-password dialog opens by itself, forced. Spread the answer on `<ResetPasswordDialog>`.
 */
export function useFirstLoginPasswordCheck(): ResetPasswordDialogProps {
  const signedIn = useSession((state) => !!state.token && !state.locked);
  const user = useSession((state) => state.userInfo);
  const needsCheck = signedIn && !!user && !user.changePasswordDate;
  const policy = usePasswordPolicy(needsCheck);
  const [closed, setClosed] = useState(false);
  const demanded = needsCheck && isPolicyFlagOn(policy.data?.mandatoryModificationOfInitialPassword);
  return { open: demanded && !closed, forced: true, onClose: () => setClosed(true) };
}

/** Mount once on the signed-in layout: it renders nothing unless the first-login rule applies. */
export function FirstLoginPasswordCheck() {
  return <ResetPasswordDialog {...useFirstLoginPasswordCheck()} />;
}
