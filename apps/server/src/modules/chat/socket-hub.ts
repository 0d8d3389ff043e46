import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { ImClientFrame, ImMessageType } from '@platform/shared';
import { imMessageTypes } from '@platform/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { BusinessError } from '../../core/errors.ts';
import type { BusEvent, EventBus } from '../../core/event-bus.ts';
import { type Lang, translator } from '../../core/i18n.ts';
import type { Session, SessionStore } from '../../core/session.ts';
import type { MessageService } from '../message/message.service.ts';
import type { ChatService } from './chat.service.ts';

interface Connection {
  socket: WebSocket;
  token: string;
  lang: Lang;
  session: Session | null;
  alive: boolean;
  /** Frames are handled one after another, in the order they arrived. */
  queue: Promise<void>;
  /** Online/Offline frames (already encoded) waiting for the next presence flush, oldest first. */
  presence: Buffer[];
}

/** A frame for some users, wherever they are connected. */
interface Delivery {
  userIds: string[];
  frame: Record<string, unknown>;
}

export interface SocketHubOptions {
  heartbeatMs: number;
  /** A slow reader with more than this queued is dropped (it reconnects and reloads). */
  maxBufferedBytes?: number;
  /**
   * Online/Offline frames are gathered for this long (default 50 ms; 0: until the end of the event-loop turn) and
   * then written to each socket in one corked write. Any other frame for a socket first writes its
   * gathered presence frames, so the order each client sees is the order of the events.
   */
  presenceFlushMs?: number;
}

const presenceEveryMs = 20_000;
/** Menu changes are gathered this long before the tabs are told (one frame for a burst). */
const menuChangeGatherMs = 150;
const presenceTtlMs = 65_000;

/**
 * The sockets of this instance. Everything meant for a user travels over the event bus, so with
 * Redis it reaches the instance the user is connected to; each instance delivers to its own
 * sockets only. Presence is each instance's own users plus the snapshots the others announce.
 */
export class SocketHub {
  readonly instanceId = randomUUID();
  private readonly local = new Map<string, Set<Connection>>();
  private readonly pending = new Set<Connection>();
  private readonly remote = new Map<string, { userIds: Set<string>; seenAt: number }>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribe: () => void;
  /** Sockets with presence frames waiting, and the pending flush. */
  private readonly presenceDue = new Set<Connection>();
  private presenceFlush: NodeJS.Timeout | NodeJS.Immediate | null = null;
  /** Users to tell that their menus may have changed (`null`: every user here), and the pending send. */
  private menusDue: Set<string> | null = new Set();
  private menusFlush: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly bus: EventBus,
    private readonly sessions: SessionStore,
    private readonly chat: ChatService,
    private readonly messages: MessageService,
    private readonly log: FastifyBaseLogger,
    private readonly options: SocketHubOptions,
  ) {
    this.unsubscribe = bus.subscribe((event) => {
      this.onEvent(event).catch((error) => log.error({ err: error, type: event.type }, 'socket event failed'));
    });
    this.timers.push(setInterval(() => this.heartbeat(), options.heartbeatMs));
    this.timers.push(setInterval(() => void this.announceSnapshot(), presenceEveryMs));
    void bus.publish({ type: 'im.presenceHello', instanceId: this.instanceId });
  }

  /** Sockets held by this instance (the bench reads it). */
  get size() {
    let n = 0;
    for (const set of this.local.values()) n += set.size;
    return n;
  }

  /** Users online on any instance. */
  onlineUserIds(): string[] {
    const now = Date.now();
    const users = new Set(this.local.keys());
    for (const [id, entry] of this.remote) {
      if (now - entry.seenAt > presenceTtlMs) this.remote.delete(id);
      else for (const u of entry.userIds) users.add(u);
    }
    return [...users];
  }

  /** Takes a freshly opened socket; its handlers are attached before anything is awaited, so no frame is lost. */
  accept(socket: WebSocket, token: string, lang: Lang) {
    const conn: Connection = {
      socket,
      token,
      lang,
      session: null,
      alive: true,
      queue: Promise.resolve(),
      presence: [],
    };
    this.pending.add(conn);
    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      conn.alive = true;
      if (isBinary) return;
      const text = data.toString();
      conn.queue = conn.queue.then(() => this.onFrame(conn, text)).catch((error) => this.frameFailed(conn, error));
    });
    socket.on('close', () => this.drop(conn));
    socket.on('error', () => socket.terminate());
    conn.queue = this.open(conn).catch((error) => this.frameFailed(conn, error));
  }

  private async open(conn: Connection) {
    try {
      conn.session = await this.sessions.resolve(conn.token);
    } catch (error) {
      const t = translator(conn.lang);
      const key = error instanceof BusinessError ? error.key : 'session.invalid';
      this.send(conn, { method: 'logout', msg: t(key), token: conn.token });
      conn.socket.close(4001, 'session');
      this.pending.delete(conn);
      return;
    }
    this.pending.delete(conn);
    if (this.closed || conn.socket.readyState !== conn.socket.OPEN) return;
    const userId = conn.session.userId;
    let set = this.local.get(userId);
    const first = !set;
    if (!set) {
      set = new Set();
      this.local.set(userId, set);
    }
    set.add(conn);
    await this.sendInit(conn);
    if (first) await this.bus.publish({ type: 'im.presence', instanceId: this.instanceId, userId, online: true });
  }

  private drop(conn: Connection) {
    this.pending.delete(conn);
    this.presenceDue.delete(conn);
    conn.presence = [];
    const userId = conn.session?.userId;
    if (!userId) return;
    const set = this.local.get(userId);
    if (!set?.delete(conn)) return;
    if (set.size === 0) {
      this.local.delete(userId);
      if (!this.closed) {
        void this.bus
          .publish({ type: 'im.presence', instanceId: this.instanceId, userId, online: false })
          .catch(() => {});
      }
    }
  }

  private frameFailed(conn: Connection, error: unknown) {
    if (error instanceof BusinessError) {
      this.send(conn, { method: 'error', msg: translator(conn.lang)(error.key, error.params) });
      return;
    }
    this.log.error({ err: error }, 'socket frame failed');
  }

  private async sendInit(conn: Connection) {
    const userId = conn.session!.userId;
    const t = translator(conn.lang);
    const [chat, counts, noticeTitle, messageTitle] = await Promise.all([
      this.chat.unread(userId),
      this.messages.unreadFor([userId]),
      this.messages.latestTitle(userId, true),
      this.messages.latestTitle(userId, false),
    ]);
    const perType = counts.get(userId) ?? new Map<number, number>();
    const notices = perType.get(3) ?? 0;
    const total = [...perType.values()].reduce((a, b) => a + b, 0);
    this.send(conn, {
      method: 'initMessage',
      onlineUsers: this.onlineUserIds(),
      unreadNums: chat.unreadNums,
      unreadTotalCount: chat.unreadTotalCount,
      unreadNoticeCount: notices,
      noticeDefaultText: noticeTitle ?? t('im.noticeDefaultText'),
      unreadMessageCount: total - notices,
      messageDefaultText: messageTitle ?? t('im.messageDefaultText'),
    });
  }

  private async onFrame(conn: Connection, text: string) {
    if (!conn.session) return;
    if (text === 'ping' || text === 'heartbeat') {
      conn.socket.send('pong');
      return;
    }
    let frame: ImClientFrame;
    try {
      frame = JSON.parse(text) as ImClientFrame;
    } catch {
      return;
    }
    if (!frame || typeof frame !== 'object' || typeof frame.method !== 'string') return;
    const me = conn.session.userId;
    switch (frame.method) {
      case 'OnConnection':
        // The handshake every client sends right after opening: initMessage already went out on
        // open, and the protocol sends it once per socket.
        return;
      case 'SendMessage': {
        // A session revoked or expired since the socket opened cannot send.
        try {
          await this.sessions.resolve(conn.token);
        } catch (error) {
          const key = error instanceof BusinessError ? error.key : 'session.invalid';
          this.send(conn, { method: 'logout', msg: translator(conn.lang)(key), token: conn.token });
          conn.socket.close(4001, 'session');
          return;
        }
        const type = (imMessageTypes as readonly string[]).includes(String(frame.messageType))
          ? (frame.messageType as ImMessageType)
          : 'text';
        if (typeof frame.toUserId !== 'string' || !frame.toUserId) return;
        const sent = await this.chat.send(me, frame.toUserId, type, frame.messageContent);
        await this.deliver([
          {
            userIds: [me],
            frame: {
              method: 'sendMessage',
              UserId: me,
              toUserId: sent.receiveUserId,
              messageType: sent.messageType,
              toMessage: sent.content,
              dateTime: sent.dateTime,
            },
          },
          {
            userIds: [sent.receiveUserId],
            frame: {
              method: 'receiveMessage',
              formUserId: me,
              messageType: sent.messageType,
              formMessage: sent.content,
              dateTime: sent.dateTime,
            },
          },
        ]);
        return;
      }
      case 'MessageList': {
        const other = frame.toUserId && frame.toUserId !== me ? frame.toUserId : frame.formUserId;
        if (typeof other !== 'string' || !other) return;
        const data = await this.chat.history(me, other, frame);
        this.send(conn, { method: 'messageList', ...data });
        return;
      }
      case 'UpdateReadMessage':
        if (typeof frame.formUserId === 'string' && frame.formUserId) await this.chat.markRead(me, frame.formUserId);
        return;
      default:
        return;
    }
  }

  /** Frames for users on any instance. */
  deliver(items: Delivery[]) {
    return this.bus.publish({ type: 'im.frames', items });
  }

  /** Asks every instance to send `closeSocket` (and close) or `refresh {msg}` to users (null: everyone). */
  command(method: 'closeSocket' | 'refresh', userIds: string[] | null, msg?: string) {
    return this.bus.publish({ type: 'im.command', method, userIds, msg: msg ?? '' });
  }

  private async onEvent(event: BusEvent) {
    switch (event.type) {
      case 'im.frames':
        for (const item of event.items as Delivery[]) {
          const text = JSON.stringify(item.frame);
          for (const userId of item.userIds) for (const conn of this.local.get(userId) ?? []) this.sendText(conn, text);
        }
        return;
      case 'message.created':
        await this.pushMessage(event);
        return;
      case 'authorize.changed':
        this.menusChanged(Array.isArray(event.userIds) ? (event.userIds as string[]) : null);
        return;
      case 'session.revoked': {
        const hashes = new Set(event.tokenHashes as string[]);
        const elsewhere = event.reason === 'elsewhere';
        for (const set of this.local.values()) {
          for (const conn of set) {
            if (!conn.session || !hashes.has(conn.session.tokenHash)) continue;
            const msg = translator(conn.lang)(elsewhere ? 'session.elsewhere' : 'session.expired');
            this.send(conn, { method: 'logout', msg, token: conn.token });
            conn.socket.close(4001, 'session');
          }
        }
        return;
      }
      case 'im.presence': {
        const userId = event.userId as string;
        if (event.instanceId !== this.instanceId) {
          const entry = this.remote.get(event.instanceId as string) ?? {
            userIds: new Set<string>(),
            seenAt: Date.now(),
          };
          if (event.online) entry.userIds.add(userId);
          else entry.userIds.delete(userId);
          this.remote.set(event.instanceId as string, entry);
        }
        // Encoded once for every recipient; written with the socket's other presence frames at the flush.
        const bytes = Buffer.from(JSON.stringify({ method: event.online ? 'Online' : 'Offline', userId }));
        for (const [other, set] of this.local) {
          if (other === userId) continue;
          for (const conn of set) {
            conn.presence.push(bytes);
            this.presenceDue.add(conn);
          }
        }
        this.schedulePresenceFlush();
        return;
      }
      case 'im.presenceHello':
        if (event.instanceId !== this.instanceId) await this.announceSnapshot();
        return;
      case 'im.presenceSnapshot':
        if (event.instanceId !== this.instanceId) {
          this.remote.set(event.instanceId as string, {
            userIds: new Set(event.userIds as string[]),
            seenAt: Date.now(),
          });
        }
        return;
      case 'im.command': {
        const targets = event.userIds ? (event.userIds as string[]) : [...this.local.keys()];
        for (const userId of targets) {
          for (const conn of this.local.get(userId) ?? []) {
            if (event.method === 'closeSocket') {
              this.send(conn, { method: 'closeSocket' });
              conn.socket.close(1000, 'closed');
            } else this.send(conn, { method: 'refresh', msg: event.msg });
          }
        }
        return;
      }
    }
  }

  /**
   * `menuChanged` (our addition to the protocol) to the users whose menus a change of grants,
   * menus, roles or systems may reach: those it names, else everyone connected here. Every tab
   * reads its menu again, so a newly published menu shows without a reload. Changes that come in
   * a burst (a release publishes a menu and its permissions) make one frame.
   */
  private menusChanged(userIds: string[] | null) {
    if (this.menusDue) {
      if (userIds) for (const id of userIds) this.menusDue.add(id);
      else this.menusDue = null;
    }
    if (this.menusFlush || this.closed) return;
    this.menusFlush = setTimeout(() => {
      const due = this.menusDue;
      this.menusDue = new Set();
      this.menusFlush = null;
      const text = JSON.stringify({ method: 'menuChanged' });
      for (const [userId, set] of this.local) {
        if (due && !due.has(userId)) continue;
        for (const conn of set) this.sendText(conn, text);
      }
    }, menuChangeGatherMs);
  }

  /** messagePush to the recipients connected here, with each one's unread total for the bell. */
  private async pushMessage(event: BusEvent) {
    const named = event.userIds as string[] | null;
    const targets = named ? named.filter((u) => this.local.has(u)) : [...this.local.keys()];
    for (let i = 0; i < targets.length; i += 500) {
      const chunk = targets.slice(i, i + 500);
      const counts = await this.messages.unreadFor(chunk);
      for (const userId of chunk) {
        const perType = counts.get(userId);
        const total = perType ? [...perType.values()].reduce((a, b) => a + b, 0) : 0;
        const text = JSON.stringify({
          method: 'messagePush',
          unreadNoticeCount: total,
          userId: event.fromUserId ?? '',
          toUserId: userId,
          title: event.title,
        });
        for (const conn of this.local.get(userId) ?? []) this.sendText(conn, text);
      }
    }
  }

  private announceSnapshot() {
    if (this.closed) return Promise.resolve();
    return this.bus
      .publish({ type: 'im.presenceSnapshot', instanceId: this.instanceId, userIds: [...this.local.keys()] })
      .catch((error) => this.log.warn({ err: error }, 'presence snapshot failed'));
  }

  private send(conn: Connection, frame: Record<string, unknown>) {
    this.sendText(conn, JSON.stringify(frame));
  }

  /** Writes a frame, after the presence frames still waiting for this socket. */
  private sendText(conn: Connection, text: string) {
    this.write(conn, text);
  }

  /** The socket's waiting presence frames, then `text` if given, in one corked write. */
  private write(conn: Connection, text?: string) {
    const frames = conn.presence;
    if (frames.length > 0) {
      conn.presence = [];
      this.presenceDue.delete(conn);
    }
    const socket = conn.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > (this.options.maxBufferedBytes ?? 4 * 1024 * 1024)) {
      socket.terminate();
      return;
    }
    if (frames.length === 0) {
      if (text !== undefined) socket.send(text);
      return;
    }
    // ws writes each frame as its own header + payload; corking the TCP socket around all of them
    // turns them into one write.
    const raw = (socket as unknown as { _socket?: Duplex })._socket;
    raw?.cork();
    for (const bytes of frames) socket.send(bytes, { binary: false });
    if (text !== undefined) socket.send(text);
    raw?.uncork();
  }

  private schedulePresenceFlush() {
    if (this.presenceFlush || this.presenceDue.size === 0) return;
    const ms = this.options.presenceFlushMs ?? 50;
    const flush = () => {
      this.presenceFlush = null;
      const due = [...this.presenceDue];
      this.presenceDue.clear();
      for (const conn of due) this.write(conn);
    };
    this.presenceFlush = ms > 0 ? setTimeout(flush, ms) : setImmediate(flush);
  }

  /** Pings every socket; one that did not answer the previous ping is dead and is closed. */
  private heartbeat() {
    for (const set of this.local.values()) {
      for (const conn of set) {
        if (!conn.alive) {
          conn.socket.terminate();
          continue;
        }
        conn.alive = false;
        conn.socket.ping();
      }
    }
  }

  /** Server shutdown: sockets close with 1012 (service restart) so clients reconnect to another instance. */
  async close() {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    if (this.presenceFlush) {
      clearTimeout(this.presenceFlush as NodeJS.Timeout);
      clearImmediate(this.presenceFlush as NodeJS.Immediate);
      this.presenceFlush = null;
    }
    this.presenceDue.clear();
    if (this.menusFlush) clearTimeout(this.menusFlush);
    this.menusFlush = null;
    this.unsubscribe();
    for (const conn of this.pending) conn.socket.close(1012, 'restart');
    for (const set of this.local.values()) for (const conn of set) conn.socket.close(1012, 'restart');
    const users = [...this.local.keys()];
    this.local.clear();
    for (const userId of users) {
      await this.bus
        .publish({ type: 'im.presence', instanceId: this.instanceId, userId, online: false })
        .catch(() => {});
    }
  }
}
