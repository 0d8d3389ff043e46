import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';
import {
  SystemEnabledMark as EnabledMark,
  SystemEnCode as EnCode,
  SystemFullName as FullName,
  SystemSortCode as SortCode,
} from './system.ts';

/** Menu types of shell.md 2.3: 0 directory, 1 category, 2 page, 3 form model, 4 dictionary, 5 report, 6 visualisation, 7 link, 8 portal. */
export const MenuType = Type.Integer({ minimum: 0, maximum: 8 });
/** "-1" is the top of a system's tree. */
export const MenuParentId = Type.String({ minLength: 1, maxLength: 50, pattern: '^(-1|[A-Za-z0-9_-]+)$' });

/** `POST /api/system/Menu`, `PUT /api/system/Menu/{id}`. */
export const MenuInput = Type.Object({
  systemId: Id,
  parentId: MenuParentId,
  fullName: FullName,
  enCode: EnCode,
  type: MenuType,
  icon: Type.Optional(Type.String({ maxLength: 100 })),
  /** Pages: the page address (no leading slash); links (6, 7): the address, placeholders allowed. */
  urlAddress: Type.Optional(Type.String({ maxLength: 500 })),
  /** Links: _self opens inside the app, _blank in a new window. */
  linkTarget: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('_self'), Type.Literal('_blank')])),
  /** JSON text; types 3 and 4 carry {moduleId, isTree}. */
  propertyJson: Type.Optional(Type.String({ maxLength: 4000 })),
  hidden: Type.Optional(Type.Boolean()),
  sortCode: Type.Optional(SortCode),
  enabledMark: Type.Optional(EnabledMark),
  isButtonAuthorize: Type.Optional(Type.Boolean()),
  isColumnAuthorize: Type.Optional(Type.Boolean()),
  isFormAuthorize: Type.Optional(Type.Boolean()),
  isDataAuthorize: Type.Optional(Type.Boolean()),
  description: Type.Optional(Type.String({ maxLength: 500 })),
});
export type MenuInput = Static<typeof MenuInput>;

export const MenuQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  enabledMark: Type.Optional(EnabledMark),
  type: Type.Optional(MenuType),
});
export type MenuQuery = Static<typeof MenuQuery>;

export const MenuStateInput = Type.Object({ enabledMark: Type.Optional(EnabledMark) });
export type MenuStateInput = Static<typeof MenuStateInput>;

export const permissionKinds = ['button', 'column', 'form', 'resource'] as const;
export type PermissionKind = (typeof permissionKinds)[number];
export const dataScopeTypes = ['all', 'organize', 'organizeAndSub', 'self'] as const;
export type DataScopeType = (typeof dataScopeTypes)[number];
export const DataScopeTypeSchema = Type.Union(dataScopeTypes.map((t) => Type.Literal(t)));

/**
 * A button, list column, form field or data scope a menu offers for granting
 * (`/api/system/ModuleButton`, `ModuleColumn`, `ModuleForm`, `ModuleDataAuthorizeScheme`).
 * `scopeType` is required for data scopes and ignored otherwise.
 */
export const ModulePermissionInput = Type.Object({
  moduleId: Id,
  fullName: FullName,
  enCode: EnCode,
  scopeType: Type.Optional(DataScopeTypeSchema),
  sortCode: Type.Optional(SortCode),
  enabledMark: Type.Optional(EnabledMark),
  description: Type.Optional(Type.String({ maxLength: 500 })),
});
export type ModulePermissionInput = Static<typeof ModulePermissionInput>;

/** `POST /api/system/Menu/Actions/Import`: the JSON file of `GET /api/system/Menu/{id}/Actions/Export`. */
export const MenuImportInput = Type.Object({
  systemId: Id,
  parentId: Type.Optional(MenuParentId),
  data: Type.Object({}, { additionalProperties: true }),
});
export type MenuImportInput = Static<typeof MenuImportInput>;
