import { type Static, Type } from 'typebox';
import { Id, LiteralUnion } from '../envelope.ts';

/**
 * Who receives grants: a permission group itself, or a role, position, user or user group (whose
 * grants are those of its own permission group, kept for the per-holder calls of the 3.6 client).
 */
export const authorizeObjectTypes = ['Role', 'Position', 'User', 'Group', 'PermissionGroup'] as const;
export type AuthorizeObjectType = (typeof authorizeObjectTypes)[number];
export const AuthorizeObjectTypeSchema = LiteralUnion(authorizeObjectTypes);
/**
 * What can be granted: applications, menus (module), a menu's buttons, columns, forms, data scopes
 * (resource), and portals (who may open a portal on the home page, in its switcher and its menus).
 */
export const authorizeItemTypes = ['system', 'module', 'button', 'column', 'form', 'resource', 'portal'] as const;
export type AuthorizeItemType = (typeof authorizeItemTypes)[number];
export const AuthorizeItemTypeSchema = LiteralUnion(authorizeItemTypes);

const Ids = Type.Array(Id, { maxItems: 20_000 });

/** `POST /api/permission/Authority/Data/{objectId}/Values`: one step of the grant wizard. */
export const AuthorizeValuesInput = Type.Object({
  objectType: AuthorizeObjectTypeSchema,
  type: AuthorizeItemTypeSchema,
  /** Narrows menus to these applications (steps after the first). */
  systemIds: Type.Optional(Ids),
  /** Narrows buttons, columns, forms and data scopes to these menus. */
  moduleIds: Type.Optional(Ids),
});
export type AuthorizeValuesInput = Static<typeof AuthorizeValuesInput>;

/** `PUT /api/permission/Authority/Data/{objectId}`: replaces every grant of one holder. */
export const AuthorizeDataInput = Type.Object({
  objectType: AuthorizeObjectTypeSchema,
  systemIds: Type.Optional(Ids),
  module: Type.Optional(Ids),
  button: Type.Optional(Ids),
  column: Type.Optional(Ids),
  form: Type.Optional(Ids),
  resource: Type.Optional(Ids),
  portal: Type.Optional(Ids),
});
export type AuthorizeDataInput = Static<typeof AuthorizeDataInput>;

/** `POST /api/permission/Authority/Data/Batch`: adds the same grants to many holders. */
export const AuthorizeBatchInput = Type.Object({
  roleIds: Type.Optional(Ids),
  positionIds: Type.Optional(Ids),
  userIds: Type.Optional(Ids),
  groupIds: Type.Optional(Ids),
  permissionGroupIds: Type.Optional(Ids),
  systemIds: Type.Optional(Ids),
  module: Type.Optional(Ids),
  button: Type.Optional(Ids),
  column: Type.Optional(Ids),
  form: Type.Optional(Ids),
  resource: Type.Optional(Ids),
  portal: Type.Optional(Ids),
});
export type AuthorizeBatchInput = Static<typeof AuthorizeBatchInput>;

/** `PUT /api/permission/Authority/Model/{menuId}/{objectType}`: who of one kind holds a menu. */
export const AuthorizeModelInput = Type.Object({ objectIds: Ids });
export type AuthorizeModelInput = Static<typeof AuthorizeModelInput>;

/** `PUT /api/permission/Authority/SetColumnsByModuleId`: one user's column display settings. */
export const ColumnSettingInput = Type.Object({
  moduleId: Id,
  /** JSON list of {prop, label, visible | columnVisible}. */
  fieldList: Type.String({ minLength: 2, maxLength: 100_000 }),
});
export type ColumnSettingInput = Static<typeof ColumnSettingInput>;

/** A node of a grant step's tree: an application, a menu, or a button/column/form/data definition. */
export const GrantNode = Type.Cyclic(
  {
    GrantNode: Type.Object({
      id: Type.String(),
      parentId: Type.String(),
      fullName: Type.String(),
      enCode: Type.String(),
      icon: Type.String(),
      /** 'system', a menu type number, or the kind of a permission definition. */
      type: Type.Union([Type.String(), Type.Integer()]),
      hasChildren: Type.Boolean(),
      children: Type.Array(Type.Ref('GrantNode')),
    }),
  },
  'GrantNode',
);
export type GrantNode = Static<typeof GrantNode>;

/** `POST .../Authority/Data/{objectId}/Values`: the tree, what the holder has, and every grantable id. */
export const GrantValues = Type.Object({
  list: Type.Array(GrantNode),
  ids: Type.Array(Type.String()),
  all: Type.Array(Type.String()),
});
export type GrantValues = Static<typeof GrantValues>;

/** `GET .../Authority/Data/{objectType}/{objectId}`: a holder's grants by item type. */
export const AuthorizeData = Type.Object({
  systemIds: Type.Array(Type.String()),
  module: Type.Array(Type.String()),
  button: Type.Array(Type.String()),
  column: Type.Array(Type.String()),
  form: Type.Array(Type.String()),
  resource: Type.Array(Type.String()),
  portal: Type.Array(Type.String()),
});
export type AuthorizeData = Static<typeof AuthorizeData>;

/** `GET .../Authority/Model/{menuId}/{objectType}`: the holders of one type, and which of them hold the menu. */
export const AuthorizeModel = Type.Object({
  list: Type.Array(Type.Object({ id: Type.String(), fullName: Type.String() })),
  ids: Type.Array(Type.String()),
});
export type AuthorizeModel = Static<typeof AuthorizeModel>;

/**
 * `GET .../Authority/GetColumnsByModuleId/{id}`: the caller's saved column settings, as saved
 * (each has `prop`; `label`, `visible` or `columnVisible` are the client's own).
 */
export const ColumnSettings = Type.Object({
  list: Type.Array(Type.Object({ prop: Type.String() }, { additionalProperties: true })),
});
export type ColumnSettings = Static<typeof ColumnSettings>;

/**
 * `GET /api/system/Menu/getPermissionGroup/{id}`: the permission groups that grant a menu. A
 * holder's own group is named by the holder (its id, type and name); other groups by themselves.
 */
export const MenuHolders = Type.Object({
  list: Type.Array(Type.Object({ id: Type.String(), objectType: AuthorizeObjectTypeSchema, fullName: Type.String() })),
});
export type MenuHolders = Static<typeof MenuHolders>;

const GrantedDefinition = Type.Object({ id: Type.String(), fullName: Type.String(), enCode: Type.String() });
/** `GET /api/system/Menu/getPermission/{id}/{holderId}`: what one holder has of a menu's definitions. */
export const MenuHolderGrants = Type.Object({
  button: Type.Array(GrantedDefinition),
  column: Type.Array(GrantedDefinition),
  form: Type.Array(GrantedDefinition),
  resource: Type.Array(GrantedDefinition),
});
export type MenuHolderGrants = Static<typeof MenuHolderGrants>;

/** A node of `GET /api/permission/Users/Current/Authorize`: a menu, a page, or one of its permissions. */
export const HeldPermissionNode = Type.Cyclic(
  {
    HeldPermissionNode: Type.Object({
      id: Type.String(),
      fullName: Type.String(),
      icon: Type.String(),
      children: Type.Array(Type.Ref('HeldPermissionNode')),
    }),
  },
  'HeldPermissionNode',
);
export type HeldPermissionNode = Static<typeof HeldPermissionNode>;

/** What the caller holds in the current system, one tree per tab of the profile's 系统权限. */
export const HeldPermissions = Type.Object({
  module: Type.Array(HeldPermissionNode),
  button: Type.Array(HeldPermissionNode),
  column: Type.Array(HeldPermissionNode),
  form: Type.Array(HeldPermissionNode),
  resource: Type.Array(HeldPermissionNode),
  portal: Type.Array(HeldPermissionNode),
});
export type HeldPermissions = Static<typeof HeldPermissions>;
