import { type Static, type TSchema, Type } from 'typebox';
import { Id } from '../envelope.ts';
import { PageQuery } from '../paging.ts';
import { EN_CODE_PATTERN } from '../rules/patterns.ts';

/** Name and code limits of the administration forms (admin.md section 9). */
export const FullName = Type.String({ minLength: 1, maxLength: 50 });
export const EnCode = Type.String({ minLength: 1, maxLength: 50, pattern: EN_CODE_PATTERN.source });
export const SortCode = Type.Integer({ minimum: 0, maximum: 999_999 });
export const EnabledMark = Type.Union([Type.Literal(0), Type.Literal(1)]);
export const Description = Type.String({ maxLength: 500 });
/** Optional and nullable: older clients send null for an empty field. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
export const IdArray = Type.Array(Id, { maxItems: 1000 });
/** Ids joined by commas, as the user form sends organizeId, positionId and roleId. */
export const ID_CSV_PATTERN = '^([A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*)?$';
export const IdCsv = Type.String({ maxLength: 20_000, pattern: ID_CSV_PATTERN });

/** A node of any tree the pickers show: organisations, departments, and what hangs under them. */
export const TreeNode = Type.Object(
  {
    id: Type.String(),
    fullName: Type.String(),
    icon: Type.String(),
    hasChildren: Type.Boolean(),
    children: Type.Array(Type.Unknown()),
  },
  { additionalProperties: true },
);

export const OrganizeInput = Type.Object({
  /** "-1" puts a company at the top. */
  parentId: Id,
  fullName: FullName,
  enCode: EnCode,
  managerId: Nullable(Type.Union([Type.Literal(''), Id])),
  sortCode: Type.Optional(SortCode),
  enabledMark: Type.Optional(EnabledMark),
  description: Nullable(Description),
});
export type OrganizeInput = Static<typeof OrganizeInput>;
/** Update bodies carry the id too (admin.md 3.4); the path's id wins. */
export const OrganizeUpdate = Type.Object({ ...OrganizeInput.properties, id: Type.Optional(Id) });
export type OrganizeUpdate = Static<typeof OrganizeUpdate>;

export const OrganizeQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  enabledMark: Type.Optional(EnabledMark),
});
export type OrganizeQuery = Static<typeof OrganizeQuery>;

export const OrganizeInfo = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  category: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  managerId: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Type.String(),
  organizeIdTree: Type.Array(Type.String()),
  creatorTime: Type.Integer(),
});
export type OrganizeInfo = Static<typeof OrganizeInfo>;

export const OrganizeCondition = Type.Object({
  departIds: Type.Optional(IdArray),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
});
export type OrganizeCondition = Static<typeof OrganizeCondition>;

/** Selector item of admin.md 3.4: the slash-joined path and the ids from the top. */
export const OrganizeSelectorItem = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  category: Type.String(),
  hasChildren: Type.Boolean(),
  icon: Type.String(),
  organize: Type.String(),
  organizeIds: Type.Array(Type.String()),
});

export const DepartmentPageQuery = Type.Object({
  ...PageQuery.properties,
  organizeId: Type.Optional(Id),
});
export type DepartmentPageQuery = Static<typeof DepartmentPageQuery>;

/** A node of the organisation page's tree (`GET /api/permission/Organize`): a company or department. */
export const OrganizeNode = Type.Cyclic(
  {
    OrganizeNode: Type.Object({
      id: Type.String(),
      parentId: Type.String(),
      fullName: Type.String(),
      enCode: Type.String(),
      /** 'company' or 'department', as `category`. */
      type: Type.String(),
      category: Type.String(),
      icon: Type.String(),
      managerId: Type.String(),
      sortCode: Type.Integer(),
      enabledMark: Type.Integer(),
      description: Type.String(),
      creatorTime: Type.Integer(),
      hasChildren: Type.Boolean(),
      children: Type.Array(Type.Ref('OrganizeNode')),
    }),
  },
  'OrganizeNode',
);
export type OrganizeNode = Static<typeof OrganizeNode>;
