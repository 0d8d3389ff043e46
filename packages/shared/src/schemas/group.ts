import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';
import { PageQuery } from '../paging.ts';
import { Description, EnabledMark, EnCode, FullName, IdArray, Nullable, SortCode } from './organize.ts';

export const GroupInput = Type.Object({
  fullName: FullName,
  enCode: EnCode,
  type: Nullable(Type.String({ maxLength: 50 })),
  sortCode: Type.Optional(SortCode),
  enabledMark: Type.Optional(EnabledMark),
  description: Nullable(Description),
});
export type GroupInput = Static<typeof GroupInput>;
export const GroupUpdate = Type.Object({ ...GroupInput.properties, id: Type.Optional(Id) });

export const GroupQuery = Type.Object({ ...PageQuery.properties, enabledMark: Type.Optional(EnabledMark) });
export type GroupQuery = Static<typeof GroupQuery>;

export const GroupRow = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  type: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Type.String(),
  creatorTime: Type.Integer(),
});
export type GroupRow = Static<typeof GroupRow>;

export const GroupCondition = Type.Object({
  ids: Type.Optional(IdArray),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
});
export type GroupCondition = Static<typeof GroupCondition>;
