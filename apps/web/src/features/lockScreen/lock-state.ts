import { useEffect } from 'react';
import { useSession } from '../../shared/session/store.ts';

/**
 * The lock flag of the session store (shell.md §3 "lock flag", §4 "Lock screen"). It is saved with
 * the session, so a reload stays locked, and it goes away with the session (logout, 600/601/602).
 * Only a password the server accepts (`POST /api/oauth/LockScreen`) clears it.
 */

export const lockScreenPath = '/lockScreen';

export const isLocked = (): boolean => !!useSession.getState().token && useSession.getState().locked;

/** Sets the flag; the caller then navigates to `lockScreenPath` (the route guard also sends it there). */
export function lock(): void {
  if (useSession.getState().token) useSession.getState().setLocked(true);
}

/** Clears the flag; call only after the server accepted the password. */
export function unlock(): void {
  useSession.getState().setLocked(false);
}

export const useLocked = (): boolean => useSession((state) => !!state.token && state.locked);

/**
 * Another tab locked the screen (the session store follows storage events): leave this page for
 * /lockScreen at once instead of at the next navigation. Mount once in the signed-in layout.
 */
export function useFollowLock(navigate: (path: string, options: { replace: boolean }) => void): void {
  const locked = useLocked();
  useEffect(() => {
    if (locked && !window.location.pathname.endsWith(lockScreenPath)) navigate(lockScreenPath, { replace: true });
  }, [locked, navigate]);
}
