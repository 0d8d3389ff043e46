import type { AuditChange, AuditItem, AuditObjectType, AuditValue } from '@platform/shared';
import type { FastifyRequest } from 'fastify';

/**
 * The audit trail: what an administrative call changed, recorded with its operation-log entry
 * (core/operation-log.ts takes the snapshots; the log area reads them, modules/log/audit-snapshot.*).
 *
 * A route declares the kind of object it changes (`config: { audit: { object: 'user' } }`, or the
 * record-route kit's `audit` for every route it declares). The object is read before the handler
 * runs and again after an answer with code 200; the fields that differ are stored with the entry,
 * each with its old and new value, and for lists (roles, members, grants) the items added and
 * removed. A refused call (any other code) records no change. Secrets are never stored: a field
 * whose name is secret-like is recorded as "***" on each side, so the entry still says it changed.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the call changes, for the audit trail of the operation log. */
    audit?: AuditSpec;
  }
}

export interface AuditSpec {
  object: AuditObjectType;
  /**
   * Which objects the call changes. Default: the route's `:id`, else the id the answer carries (a
   * create). 'answer': the answer's id even where the route has an `:id` (a copy). A function:
   * ids read from the request (a body naming the object, a batch naming several).
   */
  ids?: 'answer' | ((request: FastifyRequest) => string[]);
}

/** A list's items (roles, members, grants) or a plain value. */
export type AuditFieldValue = AuditValue | AuditItem[];

/** An object as it stands, in the fields an auditor reads. */
export interface AuditSnapshot {
  /**
   * The object's own id: a route may name it through a part of it (a tiered administrator's row
   * stands for the user's rights), and the second reading, after the change, asks by this one.
   */
  id: string;
  name: string;
  fields: Record<string, AuditFieldValue>;
}

/** Reads an object's snapshot; null when there is none (before a create, after a hard delete). */
export type AuditSnapshotReader = (object: AuditObjectType, id: string) => Promise<AuditSnapshot | null>;

/**
 * Keys whose values never reach the log, wherever they appear: in a request body or query string
 * (the operation log's redaction) and in a changed field (the audit trail).
 */
const secretKey =
  /pass|pwd|secret|token|cipher|credential|private|salt|cookie|authori[sz]ation|signature|captcha|^otp|otp$|session|(^|[-_a-z])key$|^key|^code$|smscode|verifycode/i;
export const redacted = '***';
export const isSecretKey = (key: string) => secretKey.test(key);

/** Objects one entry records at most (a batch grant naming thousands keeps the first ones). */
export const maxAuditObjects = 50;
const maxValueChars = 200;
const maxListItems = 200;

const isList = (value: AuditFieldValue | undefined): value is AuditItem[] => Array.isArray(value);

/** '' and a missing value read alike: an empty text becoming null is no change anyone made. */
function plain(value: AuditFieldValue | undefined): AuditValue {
  if (value === undefined || value === '' || isList(value)) return null;
  return typeof value === 'string' && value.length > maxValueChars
    ? `${value.slice(0, maxValueChars)}…(${value.length})`
    : value;
}

function capped(items: AuditItem[]): AuditItem[] {
  if (items.length <= maxListItems) return items;
  return [...items.slice(0, maxListItems), { id: '…', name: `+${items.length - maxListItems}` }];
}

/**
 * The fields that differ between two snapshots of one object (either may be null: created,
 * deleted), in the order the snapshots name them.
 */
export function diffSnapshots(before: AuditSnapshot | null, after: AuditSnapshot | null): AuditChange[] {
  const fields = [...new Set([...Object.keys(before?.fields ?? {}), ...Object.keys(after?.fields ?? {})])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const old = before?.fields[field];
    const now = after?.fields[field];
    if (isList(old) || isList(now)) {
      const oldItems = isList(old) ? old : [];
      const newItems = isList(now) ? now : [];
      const oldIds = new Set(oldItems.map((item) => item.id));
      const newIds = new Set(newItems.map((item) => item.id));
      const added = newItems.filter((item) => !oldIds.has(item.id));
      const removed = oldItems.filter((item) => !newIds.has(item.id));
      if (added.length || removed.length) changes.push({ field, added: capped(added), removed: capped(removed) });
      continue;
    }
    const from = plain(old);
    const to = plain(now);
    if (from === to) continue;
    if (isSecretKey(field)) {
      changes.push({ field, before: from === null ? null : redacted, after: to === null ? null : redacted });
    } else {
      changes.push({ field, before: from, after: to });
    }
  }
  return changes;
}

/** A value read from a row, as the trail records it: dates as ISO text, structures as JSON text. */
export function auditValue(value: unknown): AuditValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  return JSON.stringify(value) ?? null;
}

/** `ids` of a route naming its object in a path parameter other than `:id`. */
export const idsFromParam =
  (name: string) =>
  (request: FastifyRequest): string[] => {
    const value = (request.params as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string' ? [value] : [];
  };

/** `ids` of a route naming its objects in the body: an id, a list of ids, or ids comma-joined. */
export const idsFromBody =
  (...fields: string[]) =>
  (request: FastifyRequest): string[] => {
    const body = request.body as Record<string, unknown> | null | undefined;
    return fields.flatMap((field) => {
      const value = body?.[field];
      const listed = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
      return listed.filter((id): id is string => typeof id === 'string' && id !== '');
    });
  };

/** `ids` of an object that has no id of its own (the system configuration). */
export const singleObject = (): string[] => [''];
