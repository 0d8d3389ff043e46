import { type Static, Type } from 'typebox';
import { Millis } from '../envelope.ts';
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
