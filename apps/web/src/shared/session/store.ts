import { create } from 'zustand';
import { persist, type StorageValue } from 'zustand/middleware';
import { readStored, removeStored, writeStored } from '../storage.ts';

/** The part of CurrentUser's `userInfo` the shell reads; the server sends more (protocol.md). */
export interface UserInfo {
  userId?: string;
  userAccount?: string;
  userName?: string;
  headIcon?: string;
  organizeName?: string;
  prevLoginTime?: number | null;
  prevLoginIPAddress?: string;
  prevLoginIPAddressName?: string;
  [field: string]: unknown;
}

interface SessionState {
  /** The token exactly as the server issued it (it already starts with `Bearer `). */
  token: string;
  userInfo: UserInfo | null;
  setToken: (token: string) => void;
  setUserInfo: (userInfo: UserInfo | null) => void;
  /** Forget everything about the signed-in user (logout, codes 600/601/602). */
  reset: () => void;
}

type PersistedSession = Pick<SessionState, 'token' | 'userInfo'>;

export const sessionStorageKind = 'session';

export const useSession = create<SessionState>()(
  persist<SessionState, [], [], PersistedSession>(
    (set) => ({
      token: '',
      userInfo: null,
      setToken: (token) => set({ token }),
      setUserInfo: (userInfo) => set({ userInfo }),
      reset: () => set({ token: '', userInfo: null }),
    }),
    {
      name: sessionStorageKind,
      storage: {
        getItem: (name) => readStored<StorageValue<PersistedSession>>(name) ?? null,
        setItem: (name, value) => writeStored(name, value),
        removeItem: (name) => removeStored(name),
      },
      partialize: ({ token, userInfo }) => ({ token, userInfo }),
    },
  ),
);

export const getToken = (): string => useSession.getState().token;

/** Session-storage flag: show the previous login once on the first page after login (issue 3). */
export const previousLoginNoticeKind = 'previousLoginNotice';
