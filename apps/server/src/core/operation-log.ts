import type { AuditChange } from '@platform/shared';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Insertable } from 'kysely';
import type { SysLogTable } from '../db/schema.ts';
import type { App } from './app-types.ts';
import {
  type AuditSnapshot,
  type AuditSnapshotReader,
  type AuditSpec,
  diffSnapshots,
  isSecretKey,
  maxAuditObjects,
  redacted,
} from './audit.ts';
import { newId } from './ids.ts';
import { ipPlaceName } from './ip-place.ts';

/**
 * The operation log (system log category 2): one entry per state-changing call under /api made
 * with a session, written after the answer has gone out.
 *
 * What an entry holds: the session's user (id, account, name), the client address (request.ip,
 * so TRUST_PROXY applies), the user agent, method, route pattern and actual URL (secret-like query
 * parameters replaced), the module (the menu of the route's permit() check, else the first path
 * segments after /api), the answer's envelope code and msg, and the duration.
 *
 * The body is kept, redacted: an auditor asking "what did they change" has nothing without it.
 * Every value under a secret-like key (password, token, cipher, secret, key, captcha, ...) is
 * replaced before anything is stored, long strings (images as data URLs) are cut, and the JSON is
 * capped at 2 KB. Multipart uploads keep no body. Bodies are never written to the server's log.
 *
 * Not written:
 * - calls without a session (refused with 600-602 before anyone is known, or public ones);
 * - everything under /api/oauth: login, lock-screen unlocking and their failures go to the login
 *   log (category 1); logout, captcha, SMS codes and scan tickets are sign-in plumbing;
 * - reads sent as POST (lists, pickers, conditions, the grant wizard's steps, an export): they
 *   change nothing;
 * - high-frequency self-service noise: interface theme and language, the current application,
 *   column layouts, marking messages read, and chat housekeeping (image uploads, conversation
 *   list, clearing a chat), which would bury the administration entries;
 * - any route declaring `config: { operationLog: false }`.
 *
 * Administrative calls also record what they changed (the audit trail, core/audit.ts): a route
 * declaring `config.audit` has its object read before the handler and after an answer with code
 * 200, and the changed fields go with its entry.
 *
 * Writing never fails or delays a call: entries queue in memory and go to the database in batches
 * shortly after; a failed batch is logged and dropped. The app's close awaits the queue.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: calls of this route are not written to the operation log. */
    operationLog?: boolean;
  }
  interface FastifyInstance {
    /** The operation log's writer; `flush()` waits until everything answered so far is stored. */
    operationLog: OperationLogWriter;
  }
}

const loggedMethods = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** Route patterns of calls that change nothing or are self-service noise (see above). */
const unlogged = new Set([
  // reads sent as POST
  'POST /api/permission/Users/getUserList',
  'POST /api/permission/Users/getSelectedList',
  'POST /api/permission/Users/getSubordinates',
  'POST /api/permission/Users/ImUser/Selector/:id',
  'POST /api/permission/Users/ExportExceptionData',
  'POST /api/permission/Organize/OrganizeCondition',
  'POST /api/permission/Position/getListByOrgIds',
  'POST /api/permission/Position/PositionCondition',
  'POST /api/permission/Role/RoleCondition',
  'POST /api/permission/Role/getListByOrgIds',
  'POST /api/permission/Group/GroupCondition',
  'POST /api/permission/Authority/Data/:objectId/Values',
  'POST /api/message/Notice/List',
  'POST /api/system/Area/GetAreaByIds',
  'POST /api/visualdev/OnlineDev/:modelId/List',
  // self-service noise
  'PUT /api/permission/Users/Current/SystemTheme',
  'PUT /api/permission/Users/Current/SystemLanguage',
  'PUT /api/permission/Users/Current/major',
  'PUT /api/permission/Authority/SetColumnsByModuleId',
  'POST /api/message/Actions/ReadAll',
  'POST /api/file/Uploader/IM',
  'DELETE /api/message/imreply/relocation/:id',
  'DELETE /api/message/imreply/deleteChatRecord/:id',
]);

const maxBodyChars = 2048;
const maxStringChars = 200;
const maxArrayItems = 20;
const maxDepth = 5;

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') {
    return value.length > maxStringChars ? `${value.slice(0, maxStringChars)}…(${value.length})` : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= maxDepth) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, maxArrayItems).map((item) => redactValue(item, depth + 1));
    return value.length > maxArrayItems ? [...items, `…(+${value.length - maxArrayItems})`] : items;
  }
  if (Buffer.isBuffer(value)) return `…(${value.length} bytes)`;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSecretKey(key) ? redacted : redactValue(item, depth + 1);
  }
  return out;
}

/** The body as stored: JSON with secret-like keys replaced, long strings cut, at most 2 KB; null when there is none. */
export function redactBody(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body) && Object.keys(body).length === 0) {
    return null;
  }
  // A body that is not JSON (text, bytes) may be anything: only its size is kept.
  if (typeof body === 'string' || Buffer.isBuffer(body)) return `…(${body.length})`;
  const json = JSON.stringify(redactValue(body, 0)) ?? null;
  if (json === null) return null;
  return json.length > maxBodyChars ? `${json.slice(0, maxBodyChars - 1)}…` : json;
}

/** The URL as stored: secret-like query parameters replaced, at most 1000 characters. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  let out = url;
  if (at >= 0) {
    const query = new URLSearchParams(url.slice(at + 1));
    for (const key of new Set(query.keys())) if (isSecretKey(key)) query.set(key, redacted);
    out = `${url.slice(0, at)}?${query.toString()}`;
  }
  return out.length > 1000 ? out.slice(0, 1000) : out;
}

/**
 * The module of a route without a permission check: its first two fixed path segments after /api,
 * and `Current` after them (the caller's own record: permission/Users/Current is not user admin).
 */
export function moduleOfRoute(route: string): string {
  const segments = route.split('/').filter((segment) => segment && !segment.startsWith(':') && segment !== '*');
  return segments.slice(1, segments[3] === 'Current' ? 4 : 3).join('/');
}

interface Outcome {
  code: number;
  msg: string;
  /** The id a create answers (`data` itself, or `data.id`): the object the audit trail reads after it. */
  answeredId: string | null;
}

function outcomeOf(payload: unknown): Outcome | null {
  if (!payload || typeof payload !== 'object') return null;
  const { code, msg, data } = payload as { code?: unknown; msg?: unknown; data?: unknown };
  if (typeof code !== 'number') return null;
  const dataId = data && typeof data === 'object' ? (data as { id?: unknown }).id : data;
  return { code, msg: typeof msg === 'string' ? msg : '', answeredId: typeof dataId === 'string' ? dataId : null };
}

/** What the audit trail holds of one call between its two readings. */
interface PendingAudit {
  spec: AuditSpec;
  ids: string[];
  before: Map<string, AuditSnapshot | null>;
}

/** The changes of one call, as stored with its entry. */
type AuditRecord = Pick<NewLogEntry, 'objectType' | 'objectId' | 'objectName' | 'changes'>;

interface WriterOptions {
  /** How long an entry may wait for others to share its insert. */
  delayMs: number;
  /** A batch this big is written at once. */
  batchSize: number;
  /** Beyond this many waiting entries (the database is down) new ones are dropped, counted in the server log. */
  maxQueued: number;
}

export type NewLogEntry = Insertable<SysLogTable>;

/** Stores one batch of entries; the log area provides it (app.ts wires it), so core needs no module. */
export type OperationLogStore = (batch: NewLogEntry[]) => Promise<void>;

/** Queues entries and stores them in batches; never throws, never makes a caller wait. */
export class OperationLogWriter {
  private queue: NewLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;

  constructor(
    private readonly store: OperationLogStore,
    private readonly log: FastifyBaseLogger,
    private readonly options: WriterOptions = { delayMs: 250, batchSize: 100, maxQueued: 10_000 },
  ) {}

  add(entry: NewLogEntry) {
    if (this.queue.length >= this.options.maxQueued) {
      if (this.dropped++ % 1000 === 0) {
        this.log.warn({ dropped: this.dropped }, 'operation log queue full; entries dropped');
      }
      return;
    }
    this.queue.push(entry);
    if (this.queue.length >= this.options.batchSize) {
      void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.delayMs);
      this.timer.unref();
    }
  }

  /** Stores everything queued so far; resolves when it is written (or its failure logged). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    if (batch.length > 0) this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: NewLogEntry[]) {
    try {
      await this.store(batch);
    } catch (error) {
      this.log.error({ err: error, entries: batch.length }, 'operation log write failed; entries dropped');
    }
  }
}

/**
 * Writes the operation log of every call this instance answers. Install after the database's
 * onClose hook: onClose hooks run last-added first, so the queue is flushed before the database
 * closes, and in-flight calls have already answered by then.
 */
export function installOperationLog(app: App, store: OperationLogStore, snapshots: AuditSnapshotReader) {
  const writer = new OperationLogWriter(store, app.log);
  app.decorate('operationLog', writer);
  const outcomes = new WeakMap<FastifyRequest, Outcome>();
  const pendingAudits = new WeakMap<FastifyRequest, PendingAudit>();
  const audits = new WeakMap<FastifyRequest, AuditRecord>();
  let modules: Map<string, string> | null = null;
  const moduleOf = (method: string, route: string) => {
    modules ??= new Map(
      app.routePermissions.filter((r) => r.permission).map((r) => [`${r.method} ${r.url}`, r.permission!.menuCode]),
    );
    return modules.get(`${method} ${route}`) ?? moduleOfRoute(route);
  };

  /** Whether calls of this route are written; decided once, as the route is registered. */
  const loggedRoute = (method: string, route: RouteOptions) =>
    loggedMethods.has(method) &&
    route.url.startsWith('/api/') &&
    !route.url.startsWith('/api/oauth/') &&
    route.config?.operationLog !== false &&
    !unlogged.has(`${method} ${route.url}`);

  const recordOutcome = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    const outcome = outcomeOf(payload);
    if (outcome) outcomes.set(request, outcome);
    return payload;
  };
  // Answers sent as ready-made JSON text skip preSerialization.
  const recordSentOutcome = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (
      typeof payload === 'string' &&
      payload.length < 65_536 &&
      payload.startsWith('{') &&
      !outcomes.has(request) &&
      String(reply.getHeader('content-type') ?? '').includes('json')
    ) {
      try {
        const outcome = outcomeOf(JSON.parse(payload));
        if (outcome) outcomes.set(request, outcome);
      } catch {
        // not an envelope: the HTTP status stands in below
      }
    }
    return payload;
  };

  // A snapshot that cannot be read leaves that side empty: the call itself must not fail for it.
  const snapshot = async (request: FastifyRequest, spec: AuditSpec, id: string) => {
    try {
      return await snapshots(spec.object, id);
    } catch (error) {
      request.log.error({ err: error, object: spec.object, id }, 'audit snapshot not read');
      return null;
    }
  };
  const readBefore = async (request: FastifyRequest) => {
    const spec = request.routeOptions.config.audit;
    if (!spec || request.session === null) return;
    const params = request.params as { id?: unknown };
    const named =
      spec.ids === 'answer' ? [] : spec.ids ? spec.ids(request) : typeof params?.id === 'string' ? [params.id] : [];
    const ids = [...new Set(named)].slice(0, maxAuditObjects);
    const before = new Map<string, AuditSnapshot | null>();
    for (const id of ids) before.set(id, await snapshot(request, spec, id));
    pendingAudits.set(request, { spec, ids, before });
  };
  // After the handler, before the answer leaves: read as near the change as can be, so that another
  // call's change rarely slips in between (one that does shows in both entries).
  const readAfter = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    const pending = pendingAudits.get(request);
    const outcome = outcomes.get(request);
    if (!pending || outcome?.code !== 200) return payload;
    const ids = pending.ids.length > 0 ? pending.ids : outcome.answeredId ? [outcome.answeredId] : [];
    const several = ids.length > 1;
    const record: AuditRecord = {
      objectType: pending.spec.object,
      objectId: ids.join(',').slice(0, 1000),
      changes: null,
    };
    const changes: AuditChange[] = [];
    for (const id of ids) {
      const before = pending.before.get(id) ?? null;
      const after = await snapshot(request, pending.spec, before?.id ?? id);
      record.objectName ??= (after ?? before)?.name.slice(0, 200) ?? null;
      for (const change of diffSnapshots(before, after)) changes.push(several ? { ...change, objectId: id } : change);
    }
    record.changes = JSON.stringify(changes);
    audits.set(request, record);
    return payload;
  };

  const loggedKeys = new Set<string>();
  const writeEntry = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = request.session;
    const route = request.routeOptions.url ?? '';
    if (session === null || !loggedKeys.has(`${request.method} ${route}`)) return;
    try {
      const outcome = outcomes.get(request) ?? { code: reply.statusCode, msg: '' };
      const isMultipart = String(request.headers['content-type'] ?? '').startsWith('multipart/');
      writer.add({
        id: newId(),
        category: 2,
        userId: session.userId,
        account: session.account,
        realName: session.realName,
        ip: request.ip,
        ipName: ipPlaceName(request.ip),
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        success: outcome.code === 200 && reply.statusCode < 400,
        description: outcome.msg.slice(0, 500),
        requestMethod: request.method,
        requestUrl: redactUrl(request.url),
        requestRoute: route,
        moduleCode: moduleOf(request.method, route),
        resultCode: outcome.code,
        requestBody: isMultipart ? null : redactBody(request.body),
        durationMs: Math.round(reply.elapsedTime),
        creatorTime: new Date(),
        ...audits.get(request),
      });
    } catch (error) {
      request.log.error({ err: error }, 'operation log entry not recorded');
    }
  };

  // Only the routes that are logged carry the hooks: reads pay nothing for the operation log.
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat().filter((method) => loggedRoute(method, route));
    if (methods.length === 0) return;
    for (const method of methods) loggedKeys.add(`${method} ${route.url}`);
    const add = <T>(existing: T | T[] | undefined, hook: T): T[] => [
      ...(existing === undefined ? [] : ([existing].flat() as T[])),
      hook,
    ];
    route.preSerialization = add(route.preSerialization, recordOutcome) as RouteOptions['preSerialization'];
    route.onSend = add(route.onSend, recordSentOutcome) as RouteOptions['onSend'];
    if (route.config?.audit) {
      route.preHandler = add(route.preHandler, readBefore) as RouteOptions['preHandler'];
      route.onSend = add(route.onSend, readAfter) as RouteOptions['onSend'];
    }
    route.onResponse = add(route.onResponse, writeEntry) as RouteOptions['onResponse'];
  });
  app.addHook('onClose', async () => {
    await writer.flush();
  });
}
