import { type Static, Type } from 'typebox';
import { Id, LiteralUnion, Millis } from '../envelope.ts';

/** "1" does not repeat; 2 daily, 3 weekly, 4 monthly, 5 yearly. */
export const repetitions = ['1', '2', '3', '4', '5'] as const;

/** Schedule (admin.md 3.8). Times are milliseconds; urgency 1 normal, 2 important, 3 urgent. */
export const ScheduleInput = Type.Object({
  category: Type.Optional(Type.String({ maxLength: 50 })),
  urgent: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  title: Type.String({ minLength: 1, maxLength: 200 }),
  content: Type.Optional(Type.String({ maxLength: 20_000 })),
  files: Type.Optional(Type.String({ maxLength: 20_000 })),
  color: Type.Optional(Type.String({ maxLength: 20 })),
  allDay: Type.Optional(Type.Boolean()),
  startDay: Millis,
  endDay: Millis,
  /** Minutes before the start; -1 at the start, -2 (default) no reminder. */
  reminderTime: Type.Optional(Type.Integer({ minimum: -2, maximum: 60 * 24 * 30 })),
  repetition: Type.Optional(LiteralUnion(repetitions)),
  repeatTime: Type.Optional(Type.Union([Millis, Type.Null()])),
  toUserIds: Type.Optional(Type.Array(Id, { maxItems: 500 })),
});
export type ScheduleInput = Static<typeof ScheduleInput>;

/** Which entries of a repeating schedule a change or delete applies to: 1 this, 2 this and later, 3 all. */
export const ScheduleScope = Type.Integer({ minimum: 1, maximum: 3 });
export type ScheduleScope = 1 | 2 | 3;
export const ScheduleScopeParams = Type.Object({ id: Id, type: ScheduleScope });

/** Milliseconds, or the 'YYYY-MM-DD HH:mm' text the 3.6 portal's schedule card sends (server time). */
const RangeTime = Type.Union([Millis, Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$' })]);

export const ScheduleRangeQuery = Type.Object({
  startTime: RangeTime,
  endTime: RangeTime,
  n: Type.Optional(Type.String()),
  _t: Type.Optional(Type.String()),
});
export type ScheduleRangeQuery = Static<typeof ScheduleRangeQuery>;

export const ScheduleDetailQuery = Type.Object({
  groupId: Type.Optional(Id),
  id: Id,
  n: Type.Optional(Type.String()),
  _t: Type.Optional(Type.String()),
});

export const ScheduleRow = Type.Object({
  id: Type.String(),
  groupId: Type.String(),
  title: Type.String(),
  category: Type.Union([Type.String(), Type.Null()]),
  urgent: Type.Integer(),
  color: Type.Union([Type.String(), Type.Null()]),
  allDay: Type.Boolean(),
  startDay: Type.Integer(),
  endDay: Type.Integer(),
  repetition: Type.String(),
  creatorUserId: Type.Union([Type.String(), Type.Null()]),
});
export type ScheduleRow = Static<typeof ScheduleRow>;

export const ScheduleInfo = Type.Object({
  ...ScheduleRow.properties,
  content: Type.Union([Type.String(), Type.Null()]),
  files: Type.Union([Type.String(), Type.Null()]),
  reminderTime: Type.Integer(),
  repeatTime: Type.Union([Type.Integer(), Type.Null()]),
  toUserIds: Type.Array(Type.String()),
  creatorUser: Type.Union([Type.String(), Type.Null()]),
  toUser: Type.Array(Type.String()),
});
export type ScheduleInfo = Static<typeof ScheduleInfo>;

/**
 * `GET /api/system/Schedule/detail`: what the 3.6 client prints as it is, so `category`, `urgent`,
 * `creatorUserId` and `toUserIds` are text (the type's name, the urgency's name, the creator's and
 * the participants' names); `urgentLevel` keeps the number for colouring.
 */
export const ScheduleDetail = Type.Object({
  ...ScheduleInfo.properties,
  category: Type.String(),
  urgent: Type.String(),
  urgentLevel: Type.Integer(),
  creatorUserId: Type.String(),
  toUserIds: Type.String(),
});
export type ScheduleDetail = Static<typeof ScheduleDetail>;
