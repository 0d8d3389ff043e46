import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';
import { PageQuery } from '../paging.ts';
import { Description, EnabledMark, EnCode, FullName, Nullable, SortCode } from './organize.ts';

/** `POST /api/permission/PermissionGroup` and `PUT .../{id}`: a permission group's own fields. */
export const PermissionGroupInput = Type.Object({
  fullName: FullName,
  enCode: EnCode,
  sortCode: Type.Optional(SortCode),
  enabledMark: Type.Optional(EnabledMark),
  description: Nullable(Description),
});
export type PermissionGroupInput = Static<typeof PermissionGroupInput>;
export const PermissionGroupUpdate = Type.Object({ ...PermissionGroupInput.properties, id: Type.Optional(Id) });
export type PermissionGroupUpdate = Static<typeof PermissionGroupUpdate>;

export const PermissionGroupQuery = Type.Object({ ...PageQuery.properties, enabledMark: Type.Optional(EnabledMark) });
export type PermissionGroupQuery = Static<typeof PermissionGroupQuery>;

export const PermissionGroupRow = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Type.String(),
  /** How many users, roles, positions, organisations and groups belong to it. */
  memberCount: Type.Integer(),
  creatorTime: Type.Integer(),
});
export type PermissionGroupRow = Static<typeof PermissionGroupRow>;

/**
 * What a member is, as the mixed selector of the 3.6 client writes it after the id
 * (`<id>--user`, `--role`, `--position`, `--company` / `--department` / `--organize`, `--group`).
 */
export const permissionMemberSuffixes = {
  user: 'User',
  role: 'Role',
  position: 'Position',
  company: 'Organize',
  department: 'Organize',
  organize: 'Organize',
  group: 'Group',
} as const;
export type PermissionMemberType = (typeof permissionMemberSuffixes)[keyof typeof permissionMemberSuffixes];
/** The suffix a member type is answered with. */
export const permissionMemberSuffixOf: Record<PermissionMemberType, string> = {
  User: 'user',
  Role: 'role',
  Position: 'position',
  Organize: 'organize',
  Group: 'group',
};
export const PERMISSION_MEMBER_PATTERN = '^[A-Za-z0-9_-]+?--(user|role|position|company|department|organize|group)$';

/** `POST /api/permission/PermissionGroup/PermissionMember/{id}`: replaces the members. */
export const PermissionMemberInput = Type.Object({
  ids: Type.Array(Type.String({ maxLength: 120, pattern: PERMISSION_MEMBER_PATTERN }), { maxItems: 5000 }),
});
export type PermissionMemberInput = Static<typeof PermissionMemberInput>;

export const PermissionMember = Type.Object({
  id: Type.String(),
  /** User, Role, Position, Organize or Group. */
  type: Type.String(),
  fullName: Type.String(),
});
export type PermissionMember = Static<typeof PermissionMember>;

/** `GET .../PermissionMember/{id}`: the members, as `<id>--<type>` (what the selector takes) and with names. */
export const PermissionMembers = Type.Object({
  ids: Type.Array(Type.String()),
  list: Type.Array(PermissionMember),
});
export type PermissionMembers = Static<typeof PermissionMembers>;

/** `GET .../PermissionGroup/Selector`: enabled groups. */
export const PermissionGroupOption = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
});
export type PermissionGroupOption = Static<typeof PermissionGroupOption>;

/** Objects whose permissions the "permissions" views ask about: user, role, position, organize, group or module (any case). */
export const PermissionObjectQuery = Type.Object({
  id: Id,
  objectType: Type.String({ maxLength: 20, pattern: '^[A-Za-z]+$' }),
});
export type PermissionObjectQuery = Static<typeof PermissionObjectQuery>;

/**
 * `GET .../PermissionGroup/getPermissionGroup?id&objectType`: the enabled groups that reach the
 * object. `type` 0: no group reaches it (its permissions are not switched on); 1: `list` names them.
 */
export const PermissionGroupsOfObject = Type.Object({
  type: Type.Integer(),
  list: Type.Array(PermissionGroupOption),
});
export type PermissionGroupsOfObject = Static<typeof PermissionGroupsOfObject>;

export const PermissionTreeQuery = Type.Object({ ...PermissionObjectQuery.properties, permissionId: Id });
export type PermissionTreeQuery = Static<typeof PermissionTreeQuery>;

/** A node of what one group grants: an application, a menu, or one of its buttons, columns, forms or data rules. */
export const PermissionTreeNode = Type.Cyclic(
  {
    PermissionTreeNode: Type.Object({
      id: Type.String(),
      fullName: Type.String(),
      icon: Type.String(),
      /** system, module, button, column, form or resource. */
      type: Type.String(),
      children: Type.Array(Type.Ref('PermissionTreeNode')),
    }),
  },
  'PermissionTreeNode',
);
export type PermissionTreeNode = Static<typeof PermissionTreeNode>;
export const PermissionTree = Type.Object({ list: Type.Array(PermissionTreeNode) });
export type PermissionTree = Static<typeof PermissionTree>;

const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
/** A tiered administrator's rights over one organisation: this layer (itself) and sub layers (below it). */
export const OrganizeAdministratorModel = Type.Object({
  organizeId: Id,
  thisLayerAdd: Type.Optional(Flag),
  thisLayerEdit: Type.Optional(Flag),
  thisLayerDelete: Type.Optional(Flag),
  thisLayerSelect: Type.Optional(Flag),
  subLayerAdd: Type.Optional(Flag),
  subLayerEdit: Type.Optional(Flag),
  subLayerDelete: Type.Optional(Flag),
  subLayerSelect: Type.Optional(Flag),
});
export type OrganizeAdministratorModel = Static<typeof OrganizeAdministratorModel>;

/** `POST /api/permission/organizeAdminIsTrator`: replaces what one user administers. */
export const OrganizeAdministratorInput = Type.Object({
  userId: Id,
  orgAdminModel: Type.Array(OrganizeAdministratorModel, { maxItems: 5000 }),
});
export type OrganizeAdministratorInput = Static<typeof OrganizeAdministratorInput>;

export const OrganizeAdministratorRow = Type.Object({
  ...OrganizeAdministratorModel.properties,
  id: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  organizeName: Type.String(),
  creatorTime: Type.Integer(),
});
export type OrganizeAdministratorRow = Static<typeof OrganizeAdministratorRow>;

export const OrganizeAdministratorQuery = Type.Object({
  ...PageQuery.properties,
  userId: Type.Optional(Type.String({ maxLength: 40 })),
});
export type OrganizeAdministratorQuery = Static<typeof OrganizeAdministratorQuery>;
