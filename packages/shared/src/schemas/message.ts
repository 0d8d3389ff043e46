import { type Static, Type } from 'typebox';
import { Id, LiteralUnion } from '../envelope.ts';
import { PageQuery } from '../paging.ts';

/** Message types (msgSourceType): 1 system, 2 flow, 3 notice, 4 schedule. */
export const messageTypes = ['1', '2', '3', '4'] as const;
const TypeFilter = LiteralUnion(['', ...messageTypes]);
const ReadFilter = Type.Union([Type.Literal(''), Type.Literal('0'), Type.Literal('1')]);

/** `GET /api/message`: the user's messages, newest first, 20 a page. */
export const MessageQuery = Type.Object({
  ...PageQuery.properties,
  type: Type.Optional(TypeFilter),
  isRead: Type.Optional(ReadFilter),
  n: Type.Optional(Type.String()),
  _t: Type.Optional(Type.String()),
});
export type MessageQuery = Static<typeof MessageQuery>;

/** `POST /api/message/Actions/ReadAll`: the filters of the list being looked at. */
export const ReadAllInput = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  type: Type.Optional(TypeFilter),
  isRead: Type.Optional(ReadFilter),
});
export type ReadAllInput = Static<typeof ReadAllInput>;

/** `DELETE /api/message/Record`: receipts of the caller, as a list or comma-joined. */
export const DeleteRecordsInput = Type.Object({
  ids: Type.Union([Type.Array(Id, { minItems: 1, maxItems: 500 }), Type.String({ minLength: 1, maxLength: 30000 })]),
});
export type DeleteRecordsInput = Static<typeof DeleteRecordsInput>;

export const MessageRow = Type.Object({
  id: Type.String(),
  title: Type.String(),
  type: Type.Integer(),
  flowType: Type.Union([Type.Integer(), Type.Null()]),
  isRead: Type.String(),
  releaseUser: Type.String(),
  releaseTime: Type.Integer(),
  excerpt: Type.Union([Type.String(), Type.Null()]),
});
export type MessageRow = Static<typeof MessageRow>;

export const MessageDetail = Type.Object({
  ...MessageRow.properties,
  bodyText: Type.Union([Type.String(), Type.Null()]),
  files: Type.String(),
});
export type MessageDetail = Static<typeof MessageDetail>;

export const UnreadCounts = Type.Object({
  unReadNum: Type.Integer(),
  unReadMsg: Type.Integer(),
  unReadSystemMsg: Type.Integer(),
  unReadNotice: Type.Integer(),
  unReadSchedule: Type.Integer(),
});
export type UnreadCounts = Static<typeof UnreadCounts>;
