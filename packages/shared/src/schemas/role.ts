import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';
import { PageQuery } from '../paging.ts';
import { Description, EnabledMark, EnCode, FullName, IdArray, Nullable, SortCode } from './organize.ts';

/** The role tree's node for global roles (DESIGN.md: "1" global role branch). */
export const globalRoleNodeId = '1';

export const RoleInput = Type.Object({
  fullName: FullName,
  enCode: EnCode,
  /** 1 global, 0 an organisation role (organizeIds required). */
  globalMark: Type.Union([Type.Literal(0), Type.Literal(1)]),
  organizeIds: Type.Optional(IdArray),
  /** The cascader's paths, as older clients send them: the last id of each path is the organisation. */
  organizeIdsTree: Type.Optional(Type.Array(IdArray, { maxItems: 1000 })),
  sortCode: Type.Optional(SortCode),
  enabledMark: Type.Optional(EnabledMark),
  description: Nullable(Description),
});
export type RoleInput = Static<typeof RoleInput>;
export const RoleUpdate = Type.Object({ ...RoleInput.properties, id: Type.Optional(Id) });

export const RoleQuery = Type.Object({
  ...PageQuery.properties,
  /** "1" lists the global roles; an organisation id lists that organisation's roles. */
  organizeId: Type.Optional(Id),
  enabledMark: Type.Optional(EnabledMark),
});
export type RoleQuery = Static<typeof RoleQuery>;

export const RoleRow = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  globalMark: Type.Integer(),
  type: Type.String(),
  organizeIds: Type.Array(Type.String()),
  organizeInfo: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Type.String(),
  creatorTime: Type.Integer(),
});
export type RoleRow = Static<typeof RoleRow>;

export const RoleCondition = Type.Object({
  ids: Type.Optional(IdArray),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
});
export type RoleCondition = Static<typeof RoleCondition>;
