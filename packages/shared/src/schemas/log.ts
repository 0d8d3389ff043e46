import { type Static, Type } from 'typebox';
import { LiteralUnion, Millis } from '../envelope.ts';
import { PageQuery } from '../paging.ts';

/** 1 logins, 2 operations (3 exceptions, 4 requests when something writes them). */
export const LogCategory = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]);

export const LogQuery = Type.Object({
  ...PageQuery.properties,
  startTime: Type.Optional(Millis),
  endTime: Type.Optional(Millis),
});
export type LogQuery = Static<typeof LogQuery>;

/** `GET /api/system/Log?category=`: the 3.6 client's system log page names the category in the query. */
export const LogListQuery = Type.Object({ ...LogQuery.properties, category: LogCategory });
export type LogListQuery = Static<typeof LogListQuery>;

/**
 * The kinds of object an administrative change is recorded for (the audit trail of the operation
 * log): what a route declares it changes, and what the log page names.
 */
export const auditObjectTypes = [
  'user',
  'role',
  'position',
  'group',
  'organize',
  'permissionGroup',
  'grants',
  'menuHolders',
  'organizeAdministrator',
  'sysConfig',
  'menu',
  'modulePermission',
] as const;
export type AuditObjectType = (typeof auditObjectTypes)[number];
export const AuditObjectTypeSchema = LiteralUnion(auditObjectTypes);

/** One member of a list (roles, members, grants): its id and, where known, its name. */
export const AuditItem = Type.Object({ id: Type.String(), name: Type.Optional(Type.String()) });
export type AuditItem = Static<typeof AuditItem>;

/** A field's value as recorded: text, number, flag or empty; a secret is recorded as "***". */
export const AuditValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);
export type AuditValue = Static<typeof AuditValue>;

/**
 * One changed field. A plain field carries `before` and `after`; a list (roles, members, grants)
 * carries what was `added` and `removed`. `objectId` names the object when one call changed several.
 */
export const AuditChange = Type.Object({
  field: Type.String(),
  before: Type.Optional(AuditValue),
  after: Type.Optional(AuditValue),
  added: Type.Optional(Type.Array(AuditItem)),
  removed: Type.Optional(Type.Array(AuditItem)),
  objectId: Type.Optional(Type.String()),
});
export type AuditChange = Static<typeof AuditChange>;

export const LogRow = Type.Object({
  id: Type.String(),
  category: Type.Integer(),
  userId: Type.String(),
  userName: Type.String(),
  ipAddress: Type.String(),
  /** Login rows: 0 a sign-in, 1 a sign-out (the 3.6 client's 登录 / 退出); operations: 0. */
  loginType: Type.Integer(),
  ipAddressName: Type.String(),
  platForm: Type.String(),
  abstracts: Type.String(),
  loginMark: Type.Integer(),
  requestMethod: Type.String(),
  requestURL: Type.String(),
  requestDuration: Type.Integer(),
  creatorTime: Type.Integer(),
  /** The operation's module (the menu of the permission the call needed); '' for logins. */
  moduleName: Type.String(),
  /** A short browser name from the user agent: "Chrome 126", "WeChat 8", ... */
  browser: Type.String(),
  /** Administrative changes: the kind of object changed ('' when the call records none). */
  objectType: Type.Union([AuditObjectTypeSchema, Type.Literal('')]),
  /** Its id (several comma-joined) and its name as it was after the change (before, when deleted). */
  objectId: Type.String(),
  objectName: Type.String(),
  /** The fields that changed, with their old and new values; empty when nothing was recorded. */
  changes: Type.Array(AuditChange),
});
export type LogRow = Static<typeof LogRow>;

export const OnlineUserRow = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  userAccount: Type.String(),
  userName: Type.String(),
  loginTime: Type.Integer(),
  lastSeenTime: Type.Integer(),
  loginIPAddress: Type.String(),
  loginPlatForm: Type.String(),
  device: Type.String(),
  organize: Type.String(),
  isCurrent: Type.Boolean(),
});
export type OnlineUserRow = Static<typeof OnlineUserRow>;
