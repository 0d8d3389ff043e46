import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';

export const authorizeObjectTypes = ['Role', 'Position', 'User', 'Group'] as const;
export type AuthorizeObjectType = (typeof authorizeObjectTypes)[number];
export const AuthorizeObjectTypeSchema = Type.Union(authorizeObjectTypes.map((t) => Type.Literal(t)));
/** What can be granted: applications, menus (module), and a menu's buttons, columns, forms, data scopes (resource). */
export const authorizeItemTypes = ['system', 'module', 'button', 'column', 'form', 'resource'] as const;
export type AuthorizeItemType = (typeof authorizeItemTypes)[number];
export const AuthorizeItemTypeSchema = Type.Union(authorizeItemTypes.map((t) => Type.Literal(t)));

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
});
export type AuthorizeDataInput = Static<typeof AuthorizeDataInput>;

/** `POST /api/permission/Authority/Data/Batch`: adds the same grants to many holders. */
export const AuthorizeBatchInput = Type.Object({
  roleIds: Type.Optional(Ids),
  positionIds: Type.Optional(Ids),
  userIds: Type.Optional(Ids),
  groupIds: Type.Optional(Ids),
  systemIds: Type.Optional(Ids),
  module: Type.Optional(Ids),
  button: Type.Optional(Ids),
  column: Type.Optional(Ids),
  form: Type.Optional(Ids),
  resource: Type.Optional(Ids),
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
