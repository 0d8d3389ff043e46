import { type Static, Type } from 'typebox';
import { Id, LiteralUnion } from '../envelope.ts';
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

/** `SelectorFilter/{moduleId}?category=`: the release dialog's menu tree, Web (default) or App. */
export const MenuPublishQuery = Type.Object({
  category: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('Web'), Type.Literal('App')])),
});
export type MenuPublishQuery = Static<typeof MenuPublishQuery>;

export const MenuStateInput = Type.Object({ enabledMark: Type.Optional(EnabledMark) });
export type MenuStateInput = Static<typeof MenuStateInput>;

export const permissionKinds = ['button', 'column', 'form', 'resource'] as const;
export type PermissionKind = (typeof permissionKinds)[number];
export const dataScopeTypes = ['all', 'organize', 'organizeAndSub', 'self'] as const;
export type DataScopeType = (typeof dataScopeTypes)[number];
export const DataScopeTypeSchema = LiteralUnion(dataScopeTypes);

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

export const PermissionKindSchema = LiteralUnion(permissionKinds);

/**
 * A menu as the menu page reads it (`ModuleBySystem`, the selectors, `GET /api/system/Menu/{id}`).
 * `type` -1 is an application's node in `Selector/All`.
 */
export const MenuInfo = Type.Cyclic(
  {
    MenuInfo: Type.Object({
      id: Type.String(),
      systemId: Type.String(),
      parentId: Type.String(),
      fullName: Type.String(),
      enCode: Type.String(),
      icon: Type.String(),
      type: Type.Integer(),
      urlAddress: Type.String(),
      linkTarget: Type.String(),
      propertyJson: Type.String(),
      // These five are absent on the application nodes (type -1) of `Selector/All`.
      hidden: Type.Optional(Type.Boolean()),
      sortCode: Type.Integer(),
      enabledMark: Type.Integer(),
      isButtonAuthorize: Type.Optional(Type.Boolean()),
      isColumnAuthorize: Type.Optional(Type.Boolean()),
      isFormAuthorize: Type.Optional(Type.Boolean()),
      isDataAuthorize: Type.Optional(Type.Boolean()),
      description: Type.String(),
      creatorTime: Type.Union([Type.Integer(), Type.Null()]),
      hasChildren: Type.Boolean(),
      children: Type.Array(Type.Ref('MenuInfo')),
      /** `SelectorFilter`: the form or portal is already published here. */
      disabled: Type.Optional(Type.Boolean()),
    }),
  },
  'MenuInfo',
);
export type MenuInfo = Static<typeof MenuInfo>;

/**
 * A menu node of CurrentUser's `menuList` (protocol.md "Menu nodes"): `hasChildren` is true only
 * with a non-empty `children`.
 */
export const MenuNode = Type.Cyclic(
  {
    MenuNode: Type.Object({
      id: Type.String(),
      parentId: Type.String(),
      enCode: Type.String(),
      fullName: Type.String(),
      icon: Type.String(),
      type: Type.Integer(),
      urlAddress: Type.String(),
      propertyJson: Type.String(),
      linkTarget: Type.String(),
      sortCode: Type.Integer(),
      hidden: Type.Boolean(),
      hasChildren: Type.Boolean(),
      children: Type.Array(Type.Ref('MenuNode')),
    }),
  },
  'MenuNode',
);
export type MenuNode = Static<typeof MenuNode>;

/** A button, column, form or data scope definition of a menu (`/api/system/ModuleButton/{id}`, ...). */
export const ModulePermissionInfo = Type.Object({
  id: Type.String(),
  moduleId: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  /** Data scopes only; '' for the other kinds. */
  scopeType: Type.Union([DataScopeTypeSchema, Type.Literal('')]),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Type.String(),
  creatorTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type ModulePermissionInfo = Static<typeof ModulePermissionInfo>;

/** `POST /api/system/Menu/Actions/Import`: how many menus were added. */
export const MenuImportResult = Type.Object({ count: Type.Integer() });
export type MenuImportResult = Static<typeof MenuImportResult>;
