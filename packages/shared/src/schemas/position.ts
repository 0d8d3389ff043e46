import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';
import { PageQuery } from '../paging.ts';
import { Description, EnabledMark, EnCode, FullName, IdArray, Nullable, SortCode } from './organize.ts';

export const PositionInput = Type.Object({
  organizeId: Id,
  fullName: FullName,
  enCode: EnCode,
  type: Nullable(Type.String({ maxLength: 50 })),
  sortCode: Type.Optional(SortCode),
  enabledMark: Type.Optional(EnabledMark),
  description: Nullable(Description),
});
export type PositionInput = Static<typeof PositionInput>;
export const PositionUpdate = Type.Object({ ...PositionInput.properties, id: Type.Optional(Id) });

export const PositionQuery = Type.Object({
  ...PageQuery.properties,
  /** Positions of this organisation and those below it. */
  organizeId: Type.Optional(Id),
  enabledMark: Type.Optional(EnabledMark),
});
export type PositionQuery = Static<typeof PositionQuery>;

export const PositionRow = Type.Object({
  id: Type.String(),
  organizeId: Type.String(),
  department: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  type: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Type.String(),
  creatorTime: Type.Integer(),
});
export type PositionRow = Static<typeof PositionRow>;

/** admin.md 3.3: lookups by organisation use organizeIds. */
export const ByOrganizeIds = Type.Object({ organizeIds: IdArray });
export type ByOrganizeIds = Static<typeof ByOrganizeIds>;

export const PositionCondition = Type.Object({
  departIds: Type.Optional(IdArray),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PositionCondition = Static<typeof PositionCondition>;
