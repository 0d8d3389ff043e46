import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';
import { Description, EnabledMark, FullName, Nullable, SortCode } from './organize.ts';

/** The parent id of a top-level area (a province). */
export const AREA_ROOT = '-1';

/** Division codes are digits (GB/T 2260: 6 for a district, up to 12 below it). */
export const AREA_CODE_PATTERN = '^[0-9]{1,12}$';
export const AreaCode = Type.String({ minLength: 1, maxLength: 12, pattern: AREA_CODE_PATTERN });

/** The body of create and update (protocol-admin.md 3). */
export const AreaInput = Type.Object({
  /** '-1' for a top-level area. */
  parentId: Id,
  fullName: FullName,
  enCode: AreaCode,
  sortCode: Type.Optional(SortCode),
  enabledMark: Type.Optional(EnabledMark),
  description: Nullable(Description),
});
export type AreaInput = Static<typeof AreaInput>;
/** The update body is the Info answer plus the edited fields. */
export const AreaUpdate = Type.Object({
  ...AreaInput.properties,
  id: Type.Optional(Id),
  parentName: Nullable(Type.String({ maxLength: 200 })),
});
export type AreaUpdate = Static<typeof AreaUpdate>;

/** The lazy tree: the children of `nodeId` ('-1' the provinces); a keyword searches every area below it. */
export const AreaListQuery = Type.Object({
  nodeId: Type.Optional(Id),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
});
export type AreaListQuery = Static<typeof AreaListQuery>;

export const AreaRow = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  /** The row expands: it has areas below it. */
  hasChildren: Type.Boolean(),
});
export type AreaRow = Static<typeof AreaRow>;

export const AreaInfo = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  /** The parent's name, '' at the top. */
  parentName: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Type.String(),
});
export type AreaInfo = Static<typeof AreaInfo>;

/** A picker node: the enabled children of a parent; leaves do not expand. */
export const AreaSelectorNode = Type.Object({ id: Type.String(), fullName: Type.String(), isLeaf: Type.Boolean() });
export type AreaSelectorNode = Static<typeof AreaSelectorNode>;

/** `GET /api/system/atlas`: the map card's regions (provinces, their cities), chosen by `enCode`. */
const AtlasRegion = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
});
export const AtlasNode = Type.Object({ ...AtlasRegion.properties, children: Type.Array(AtlasRegion) });
export type AtlasNode = Static<typeof AtlasNode>;

/** Id paths (province, city, district...) whose names an area field shows. */
export const AreaIdsQuery = Type.Object({
  idsList: Type.Array(Type.Array(Id, { maxItems: 10 }), { maxItems: 500 }),
});
export type AreaIdsQuery = Static<typeof AreaIdsQuery>;
/** The names of each path, parallel to idsList; an id no longer known is left out of its path. */
export const AreaNames = Type.Array(Type.Array(Type.String()));
export type AreaNames = Static<typeof AreaNames>;
