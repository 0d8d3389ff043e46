import { type Static, Type } from 'typebox';
import { Id, Millis } from '../envelope.ts';
import { PageQuery } from '../paging.ts';

/** A notice as written; `toUserIds` empty means everybody. */
export const NoticeInput = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 100 }),
  bodyText: Type.Optional(Type.String({ maxLength: 200_000 })),
  excerpt: Type.Optional(Type.String({ maxLength: 500 })),
  category: Type.Optional(Type.String({ maxLength: 50 })),
  files: Type.Optional(Type.String({ maxLength: 20_000 })),
  /** null when the 3.6 client saves a notice it read back without a cover. */
  coverImage: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  /** An array, or the comma-joined ids the 3.6 client sends; empty means everybody. */
  toUserIds: Type.Optional(
    Type.Union([
      Type.Array(Id, { maxItems: 10_000 }),
      Type.String({ maxLength: 510_000, pattern: '^([A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*)?$' }),
    ]),
  ),
  expirationTime: Type.Optional(Type.Union([Millis, Type.Null()])),
});
export type NoticeInput = Static<typeof NoticeInput>;

/**
 * `POST /api/message/Notice/List`. enabledMark: 0 draft, 1 released, -1 expired. The 3.6 client's
 * search form (src/views/system/notice/index.vue) sends its status choices as text, '2' for expired,
 * and its types as `type`, a list of NoticeType codes.
 */
export const NoticeQuery = Type.Object({
  ...PageQuery.properties,
  enabledMark: Type.Optional(
    Type.Union([
      Type.Literal(''),
      Type.Literal(0),
      Type.Literal(1),
      Type.Literal(-1),
      Type.Array(
        Type.Union([Type.Integer(), Type.Literal('0'), Type.Literal('1'), Type.Literal('2'), Type.Literal('-1')]),
        { maxItems: 10 },
      ),
    ]),
  ),
  category: Type.Optional(Type.String({ maxLength: 50 })),
  type: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 100 })),
});
export type NoticeQuery = Static<typeof NoticeQuery>;

export const NoticeRow = Type.Object({
  id: Type.String(),
  title: Type.String(),
  category: Type.Union([Type.String(), Type.Null()]),
  enabledMark: Type.Integer(),
  releaseTime: Type.Union([Type.Integer(), Type.Null()]),
  releaseUser: Type.Union([Type.String(), Type.Null()]),
  creatorUser: Type.Union([Type.String(), Type.Null()]),
  creatorTime: Type.Integer(),
  lastModifyTime: Type.Union([Type.Integer(), Type.Null()]),
  expirationTime: Type.Union([Type.Integer(), Type.Null()]),
});

export const NoticeInfo = Type.Object({
  id: Type.String(),
  title: Type.String(),
  bodyText: Type.Union([Type.String(), Type.Null()]),
  excerpt: Type.Union([Type.String(), Type.Null()]),
  category: Type.Union([Type.String(), Type.Null()]),
  files: Type.Union([Type.String(), Type.Null()]),
  coverImage: Type.Union([Type.String(), Type.Null()]),
  /** Comma-joined ids ('' for everybody): the 3.6 client splits it. */
  toUserIds: Type.String(),
  enabledMark: Type.Integer(),
  expirationTime: Type.Union([Type.Integer(), Type.Null()]),
  releaseTime: Type.Union([Type.Integer(), Type.Null()]),
  releaseUser: Type.Union([Type.String(), Type.Null()]),
});

/** `POST /api/visualdev/Dashboard/Notice`: the portal's notice card; `typeList` holds NoticeType codes ([] = all). */
export const DashboardNoticeQuery = Type.Object({
  typeList: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 100 })),
});
export type DashboardNoticeQuery = Static<typeof DashboardNoticeQuery>;

/** One notice the caller received: `id` is the caller's message (what `ReadInfo/{id}` opens). */
export const DashboardNotice = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  /** The NoticeType entry's name (公告, 通知, ...). */
  category: Type.String(),
  excerpt: Type.String(),
  coverImage: Type.String(),
  creatorTime: Type.Integer(),
  releaseTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type DashboardNotice = Static<typeof DashboardNotice>;
