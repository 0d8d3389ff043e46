import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';

/** Codes of systems, menus and permission entries: letters, digits, dots, underscores, dashes. */
export const SystemEnCode = Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_.-]+$' });
export const SystemFullName = Type.String({ minLength: 1, maxLength: 50 });
export const SystemEnabledMark = Type.Union([Type.Literal(0), Type.Literal(1)]);
export const SystemSortCode = Type.Integer({ minimum: 0, maximum: 999_999 });

/** `POST /api/system/System`, `PUT /api/system/System/{id}`: an application (system). */
export const SystemInput = Type.Object({
  fullName: SystemFullName,
  enCode: SystemEnCode,
  icon: Type.Optional(Type.String({ maxLength: 100 })),
  sortCode: Type.Optional(SystemSortCode),
  enabledMark: Type.Optional(SystemEnabledMark),
  description: Type.Optional(Type.String({ maxLength: 500 })),
});
export type SystemInput = Static<typeof SystemInput>;

export const SystemQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  enabledMark: Type.Optional(SystemEnabledMark),
});
export type SystemQuery = Static<typeof SystemQuery>;

export const SystemInfo = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  icon: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  isMain: Type.Boolean(),
  description: Type.String(),
  creatorTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type SystemInfo = Static<typeof SystemInfo>;

/** `PUT /api/permission/Users/Current/major`: the application switch (majorType 'System'). */
export const MajorInput = Type.Object({
  majorId: Id,
  majorType: Type.String({ minLength: 1, maxLength: 20 }),
});
export type MajorInput = Static<typeof MajorInput>;
