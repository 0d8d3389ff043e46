import type { ImMessageType, Pagination } from '@platform/shared';
import { create } from 'zustand';
import { messageSocket, type ServerFrame } from '../../shared/api/ws.ts';

/** A line of a chat window or of the history panel (shell.md §3 "Chat message"). */
export interface ChatLine {
  sendUserId: string;
  contentType: ImMessageType | string;
  content: string;
  sendTime: number;
}

interface ChatState {
  /** Unread messages per sender (initMessage.unreadNums, then receiveMessage). */
  unread: Record<string, number>;
  online: Set<string>;
  /** The user whose chat window is open. */
  activeUserId: string | null;
  /** Lines of the open chat window, oldest first. */
  lines: ChatLine[];
  /** Bumped when the conversation list should reload. */
  version: number;
  setActive: (userId: string | null) => void;
  setLines: (lines: ChatLine[]) => void;
  clearUnread: (userId: string) => void;
  onFrame: (frame: ServerFrame, me: string) => void;
}

const num = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

export function totalUnread(unread: Record<string, number>): number {
  return Object.values(unread).reduce((sum, n) => sum + n, 0);
}

export const useChat = create<ChatState>()((set, get) => ({
  unread: {},
  online: new Set(),
  activeUserId: null,
  lines: [],
  version: 0,
  setActive: (userId) => set({ activeUserId: userId, lines: [] }),
  setLines: (lines) => set({ lines }),
  clearUnread: (userId) =>
    set((state) => {
      if (!state.unread[userId]) return state;
      const unread = { ...state.unread };
      delete unread[userId];
      return { unread };
    }),
  onFrame: (frame, me) => {
    switch (frame.method) {
      case 'initMessage': {
        const unread: Record<string, number> = {};
        for (const item of Array.isArray(frame.unreadNums) ? frame.unreadNums : []) {
          const row = item as { formUserId?: unknown; unreadNum?: unknown };
          if (typeof row.formUserId === 'string' && num(row.unreadNum)) unread[row.formUserId] = num(row.unreadNum);
        }
        const online = new Set(
          (Array.isArray(frame.onlineUsers) ? frame.onlineUsers : []).map((u) =>
            typeof u === 'string' ? u : String((u as { userId?: unknown })?.userId ?? ''),
          ),
        );
        set((s) => ({ unread, online, version: s.version + 1 }));
        return;
      }
      case 'Online':
      case 'Offline': {
        if (typeof frame.userId !== 'string') return;
        const online = new Set(get().online);
        if (frame.method === 'Online') online.add(frame.userId);
        else online.delete(frame.userId);
        set({ online });
        return;
      }
      case 'receiveMessage': {
        const from = String(frame.formUserId ?? '');
        if (!from) return;
        const line: ChatLine = {
          sendUserId: from,
          contentType: String(frame.messageType ?? 'text'),
          content: String(frame.formMessage ?? ''),
          sendTime: num(frame.dateTime) || Date.now(),
        };
        const state = get();
        if (state.activeUserId === from) {
          set({ lines: [...state.lines, line], version: state.version + 1 });
          // The window is open: what arrives is read at once.
          messageSocket.send({ method: 'UpdateReadMessage', formUserId: from });
        } else {
          set({ unread: { ...state.unread, [from]: (state.unread[from] ?? 0) + 1 }, version: state.version + 1 });
        }
        return;
      }
      case 'sendMessage': {
        // The echo of what this user sent (from any of their tabs).
        const to = String(frame.toUserId ?? '');
        const state = get();
        const line: ChatLine = {
          sendUserId: typeof frame.UserId === 'string' ? frame.UserId : me,
          contentType: String(frame.messageType ?? 'text'),
          content: String(frame.toMessage ?? ''),
          sendTime: num(frame.dateTime) || Date.now(),
        };
        set({
          lines: state.activeUserId === to ? [...state.lines, line] : state.lines,
          version: state.version + 1,
        });
        return;
      }
    }
  },
}));

export interface HistoryQuery {
  toUserId: string;
  formUserId: string;
  currentPage: number;
  pageSize: number;
  sord?: 'asc' | 'desc';
  keyword?: string;
}

export interface HistoryPage {
  list: ChatLine[];
  pagination: Pagination;
}

/**
 * MessageList over the socket. The server answers a connection's frames in order, so answers are
 * matched to requests first in, first out; a dropped socket fails what is waiting.
 */
const waiting: { resolve: (page: HistoryPage) => void; reject: (error: Error) => void }[] = [];
let wired = false;

function wire() {
  if (wired) return;
  wired = true;
  messageSocket.subscribe('messageList', (frame) => {
    const next = waiting.shift();
    if (!next) return;
    const list = (Array.isArray(frame.list) ? frame.list : []) as ChatLine[];
    const pagination = (frame.pagination ?? {
      currentPage: 1,
      pageSize: list.length,
      total: list.length,
    }) as Pagination;
    next.resolve({ list, pagination });
  });
  messageSocket.onStatus((status) => {
    if (status === 'open') return;
    for (const item of waiting.splice(0)) item.reject(new Error('socket closed'));
  });
}

export function requestHistory(query: HistoryQuery): Promise<HistoryPage> {
  wire();
  return new Promise((resolve, reject) => {
    if (messageSocket.status !== 'open') {
      reject(new Error('socket closed'));
      return;
    }
    waiting.push({ resolve, reject });
    messageSocket.send({ method: 'MessageList', sord: 'desc', keyword: '', ...query });
  });
}
