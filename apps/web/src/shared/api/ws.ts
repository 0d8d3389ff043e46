import type { ImClientFrame } from '@platform/shared';
import { i18n } from '../i18n/index.ts';
import { getToken, useSession } from '../session/store.ts';
import { httpSettings } from './http.ts';

/**
 * THE socket (shell.md §4 "Socket", §7 "WebSocket", protocol.md "WebSocket frames"): one per signed-in
 * tab, opened with the token, greeted with OnConnection, kept alive with a heartbeat, reopened with
 * backoff when it drops, and closed with the session. Features never open sockets of their own:
 * they `subscribe` to the frames they care about and `send` client frames.
 */

/** A server frame: `method` names it, the rest are its fields (protocol.md). */
export interface ServerFrame {
  method: string;
  [field: string]: unknown;
}

export type FrameListener = (frame: ServerFrame) => void;
export type SocketStatus = 'idle' | 'connecting' | 'open' | 'closed';

/** The part of the WebSocket API the client uses, so tests can hand in `ws`'s client. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = (url: string) => SocketLike;

const OPEN = 1;

export interface SocketSettings {
  /** The address for a token; the server answers at /api/message/websocket/{token} and /websocket/{token}. */
  url: (token: string) => string;
  create: SocketFactory;
  /** Milliseconds between heartbeat frames; a socket that stays silent for three of them is reopened. */
  heartbeatMs: number;
  /** Reconnect delays: first, then doubled up to max, with up to 30% random spread. */
  reconnectMs: number;
  reconnectMaxMs: number;
  /** OnConnection fields besides the token. */
  handshake: () => Pick<ImClientFrame, 'mobileDevice' | 'systemId' | 'isSeparate'>;
  /** Error toast (the request layer's, antd's message once the app runs). */
  toastError: (text: string, seconds: number) => void;
  reload: () => void;
  /** Delay before a `refresh` frame with a message reloads (shell.md §4: 2 s). */
  refreshDelayMs: number;
  /**
   * The clock and timers the socket lives by (the browser's by default), so a test can beat the
   * heartbeat and see a reconnect being scheduled while real frames cross a real socket.
   */
  now: () => number;
  every: (ms: number, run: () => void) => () => void;
  after: (ms: number, run: () => void) => () => void;
}

function defaultUrl(token: string): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/message/websocket/${encodeURIComponent(token)}`;
}

export const socketSettings: SocketSettings = {
  url: defaultUrl,
  create: (url) => new WebSocket(url) as unknown as SocketLike,
  heartbeatMs: 25_000,
  reconnectMs: 1_000,
  reconnectMaxMs: 30_000,
  handshake: () => {
    const user = useSession.getState().userInfo;
    return {
      mobileDevice: globalThis.innerWidth !== undefined && globalThis.innerWidth < 992,
      systemId: typeof user?.systemId === 'string' ? user.systemId : '',
      isSeparate: false,
    };
  },
  toastError: (text, seconds) => httpSettings.toastError(text, seconds),
  reload: () => window.location.reload(),
  refreshDelayMs: 2_000,
  now: () => Date.now(),
  every: (ms, run) => {
    const id = setInterval(run, ms);
    return () => clearInterval(id);
  },
  after: (ms, run) => {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
};

export function configureSocket(settings: Partial<SocketSettings>): void {
  Object.assign(socketSettings, settings);
}

export class MessageSocket {
  private socket: SocketLike | null = null;
  private token = '';
  private listeners = new Map<string, Set<FrameListener>>();
  private statusListeners = new Set<(status: SocketStatus) => void>();
  private queue: ImClientFrame[] = [];
  private stopBeating: (() => void) | undefined;
  private cancelReconnect: (() => void) | undefined;
  private attempts = 0;
  private lastFrameAt = 0;
  /** False after close(), closeSocket or logout: nothing reconnects until connect() is called again. */
  private wanted = false;
  status: SocketStatus = 'idle';

  constructor(private readonly settings: SocketSettings = socketSettings) {}

  /** Opens the socket for this token (a different token closes the old one first). */
  connect(token: string): void {
    if (!token) {
      this.close();
      return;
    }
    if (this.wanted && token === this.token && this.socket) return;
    this.close();
    this.token = token;
    this.wanted = true;
    this.open();
  }

  /** Closes for good (logout, session reset): no reconnect. */
  close(): void {
    this.wanted = false;
    this.cancelReconnect?.();
    this.cancelReconnect = undefined;
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    this.queue = [];
    if (socket) {
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      try {
        socket.close(1000, 'closed by client');
      } catch {
        // already closing
      }
    }
    this.setStatus(this.token ? 'closed' : 'idle');
  }

  /** Sends a client frame with the token; frames sent while (re)connecting wait for the handshake. */
  send(frame: ImClientFrame): void {
    const full = { ...frame, token: this.token };
    if (this.socket && this.status === 'open') this.socket.send(JSON.stringify(full));
    else if (this.wanted) this.queue.push(full);
  }

  /** Listens to frames of one method ('*' for all); returns the unsubscribe function. */
  subscribe(method: string, listener: FrameListener): () => void {
    let set = this.listeners.get(method);
    if (!set) {
      set = new Set();
      this.listeners.set(method, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  onStatus(listener: (status: SocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  private setStatus(status: SocketStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }

  private open() {
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.settings.create(this.settings.url(this.token));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.lastFrameAt = this.settings.now();
      socket.send(JSON.stringify({ method: 'OnConnection', token: this.token, ...this.settings.handshake() }));
      this.setStatus('open');
      const waiting = this.queue;
      this.queue = [];
      for (const frame of waiting) socket.send(JSON.stringify({ ...frame, token: this.token }));
      this.startHeartbeat();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.lastFrameAt = this.settings.now();
      const frame = parseFrame(event.data);
      if (frame) this.dispatch(frame);
    };
    socket.onerror = () => {
      // onclose follows and reconnects
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopHeartbeat();
      this.setStatus('closed');
      if (this.wanted) this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    this.cancelReconnect?.();
    const base = Math.min(this.settings.reconnectMaxMs, this.settings.reconnectMs * 2 ** this.attempts);
    const delay = Math.round(base * (1 + Math.random() * 0.3));
    this.attempts += 1;
    this.cancelReconnect = this.settings.after(delay, () => {
      this.cancelReconnect = undefined;
      // The session may have ended while we waited.
      if (this.wanted && this.token) this.open();
    });
  }

  private startHeartbeat() {
    this.stopHeartbeat();
    this.stopBeating = this.settings.every(this.settings.heartbeatMs, () => {
      const socket = this.socket;
      if (!socket || socket.readyState !== OPEN) return;
      if (this.settings.now() - this.lastFrameAt > this.settings.heartbeatMs * 3) {
        // Nothing heard for three beats: the connection is dead without having said so.
        socket.onclose?.({ code: 4000 });
        try {
          socket.close();
        } catch {
          // ignore
        }
        return;
      }
      // The server answers the text frame `ping` with `pong`.
      socket.send('ping');
    });
  }

  private stopHeartbeat() {
    this.stopBeating?.();
    this.stopBeating = undefined;
  }

  private dispatch(frame: ServerFrame) {
    // The shell's own frames first (shell.md §4), then every subscriber.
    switch (frame.method) {
      case 'logout':
        this.onLogout(frame);
        break;
      case 'closeSocket':
        this.close();
        break;
      case 'refresh':
        this.onRefresh(frame);
        break;
    }
    for (const key of [frame.method, '*']) {
      for (const listener of [...(this.listeners.get(key) ?? [])]) {
        try {
          listener(frame);
        } catch (error) {
          console.error(error);
        }
      }
    }
  }

  private onLogout(frame: ServerFrame) {
    const pushedToken = typeof frame.token === 'string' ? frame.token : '';
    // Another session of this browser was ended (e.g. an older token): this page just reloads.
    if (pushedToken && pushedToken !== getToken()) {
      this.settings.reload();
      return;
    }
    this.close();
    const text = typeof frame.msg === 'string' && frame.msg ? frame.msg : i18n.t('common:sessionExpired');
    this.settings.toastError(text, 1.5);
    useSession.getState().reset();
    this.settings.reload();
  }

  private onRefresh(frame: ServerFrame) {
    const text = typeof frame.msg === 'string' ? frame.msg : '';
    if (!text) {
      this.settings.reload();
      return;
    }
    this.settings.toastError(text, this.settings.refreshDelayMs / 1000);
    this.settings.after(this.settings.refreshDelayMs, () => this.settings.reload());
  }
}

export function parseFrame(data: unknown): ServerFrame | null {
  const text = typeof data === 'string' ? data : data instanceof ArrayBuffer ? new TextDecoder().decode(data) : '';
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null && typeof (value as ServerFrame).method === 'string') {
      return value as ServerFrame;
    }
  } catch {
    // not JSON: ignored
  }
  return null;
}

/** The app's socket. */
export const messageSocket = new MessageSocket();

let started = false;
/**
 * Ties the socket to the session: open while there is a token, closed when it goes (logout,
 * codes 600/601/602, another tab signing out). Called by the navbar's messaging widgets; idempotent.
 */
export function startMessageSocket(): void {
  if (started) return;
  started = true;
  messageSocket.connect(getToken());
  useSession.subscribe((state, previous) => {
    if (state.token !== previous.token) messageSocket.connect(state.token);
  });
}
