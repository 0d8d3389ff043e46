import type { CurrentUserInfo } from '@platform/shared';
import { create } from 'zustand';
import { persist, type StorageValue } from 'zustand/middleware';
import { readStored, removeStored, storageKey, writeStored } from '../storage.ts';

/** CurrentUser's `userInfo` (protocol.md). */
export type UserInfo = CurrentUserInfo;

interface SessionState {
  /** The token exactly as the server issued it (it already starts with `Bearer `). */
  token: string;
  userInfo: UserInfo | null;
  /** shell.md §3/§4: the screen is locked; every route but /lockScreen waits for the password. */
  locked: boolean;
  setToken: (token: string) => void;
  setUserInfo: (userInfo: UserInfo | null) => void;
  /**
   * Changes a few fields of the signed-in user in place (e.g. the avatar after /profile changed it),
   * so the navbar shows them at once without asking CurrentUser again. Signed out, it does nothing.
   */
  patchUserInfo: (patch: Partial<UserInfo>) => void;
  setLocked: (locked: boolean) => void;
  /** Forget everything about the signed-in user (logout, codes 600/601/602). */
  reset: () => void;
}

type PersistedSession = Pick<SessionState, 'token' | 'userInfo' | 'locked'>;

export const sessionStorageKind = 'session';

export const useSession = create<SessionState>()(
  persist<SessionState, [], [], PersistedSession>(
    (set) => ({
      token: '',
      userInfo: null,
      locked: false,
      setToken: (token) => set({ token }),
      setUserInfo: (userInfo) => set({ userInfo }),
      patchUserInfo: (patch) => set(({ userInfo }) => (userInfo ? { userInfo: { ...userInfo, ...patch } } : {})),
      setLocked: (locked) => set({ locked }),
      reset: () => set({ token: '', userInfo: null, locked: false }),
    }),
    {
      name: sessionStorageKind,
      storage: {
        getItem: (name) => readStored<StorageValue<PersistedSession>>(name) ?? null,
        setItem: (name, value) => writeStored(name, value),
        removeItem: (name) => removeStored(name),
      },
      partialize: ({ token, userInfo, locked }) => ({ token, userInfo, locked }),
    },
  ),
);

export const getToken = (): string => useSession.getState().token;

// Another tab of the same site signed out, signed in or locked the screen: follow it, so that a
// lock cannot be side-stepped by opening a second tab and a logout ends every tab's session.
globalThis.addEventListener?.('storage', (event) => {
  if (event.key === storageKey(sessionStorageKind)) void useSession.persist.rehydrate();
});

/** Session-storage flag: show the previous login once on the first page after login (issue 3). */
export const previousLoginNoticeKind = 'previousLoginNotice';
