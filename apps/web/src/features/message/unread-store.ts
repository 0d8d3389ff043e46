import { create } from 'zustand';
import type { ServerFrame } from '../../shared/api/ws.ts';

/** shell.md §2.5/§9: the bell shows at most 99. */
export const badgeMax = 99;

/** What the badge shows for a count: nothing for 0, the number up to 99, then "99+". */
export function badgeText(count: number, max = badgeMax): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > max ? `${max}+` : String(Math.floor(count));
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

interface UnreadState {
  /** Unread messages of every type: the bell's count. */
  unread: number;
  /** Bumped by every push, so open lists know to reload. */
  pushes: number;
  set: (unread: number) => void;
  /** initMessage: notices plus the other messages; messagePush: the new total. */
  onFrame: (frame: ServerFrame) => void;
}

export const useMessageUnread = create<UnreadState>()((set) => ({
  unread: 0,
  pushes: 0,
  set: (unread) => set({ unread: count(unread) }),
  onFrame: (frame) => {
    if (frame.method === 'initMessage') {
      set({ unread: count(frame.unreadNoticeCount) + count(frame.unreadMessageCount) });
    } else if (frame.method === 'messagePush') {
      set((state) => ({
        unread: typeof frame.unreadNoticeCount === 'number' ? count(frame.unreadNoticeCount) : state.unread + 1,
        pushes: state.pushes + 1,
      }));
    }
  },
}));
