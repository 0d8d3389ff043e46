import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';
import { PageQuery } from '../paging.ts';
import { MenuParentId } from './menu.ts';
import { Description, EnCode, FullName, IdArray, IdCsv, Nullable, SortCode } from './organize.ts';

/**
 * Generated forms (protocol-admin.md 7, admin.md 3.12): a definition (`/api/visualdev/Base`) holds a
 * form (`formData`) and a list (`columnData`) as JSON text; its records are served by
 * `/api/visualdev/OnlineDev/{modelId}`.
 */

/** webType: 1 form only, 2 form and list, 4 view (list only). */
export const VisualDevWebType = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(4)]);
/** type: 1 online form, 3 flow form, 4 web form. */
export const VisualDevKind = Type.Union([Type.Literal(1), Type.Literal(3), Type.Literal(4)]);
/** isRelease: 0 never released, 1 released, 2 released and edited since. */
export const ReleaseState = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]);

/** JSON text of at most 2 MB (a definition with hundreds of fields is about 300 KB). */
const JsonText = Type.String({ maxLength: 2_000_000 });

export const VisualDevInput = Type.Object({
  fullName: FullName,
  enCode: EnCode,
  /** A dictionary entry id (the category of forms). */
  category: Nullable(Type.String({ maxLength: 50 })),
  type: Type.Optional(VisualDevKind),
  webType: Type.Optional(VisualDevWebType),
  enableFlow: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  /** Another database is not offered: records live in this server's database. Accepted and ignored. */
  dbLinkId: Nullable(Type.String({ maxLength: 50 })),
  sortCode: Type.Optional(SortCode),
  description: Nullable(Description),
  /** The 3.6 designer's table list (JSON text); the server names its own tables and keeps this as sent. */
  tables: Nullable(JsonText),
  formData: Nullable(JsonText),
  columnData: Nullable(JsonText),
  appColumnData: Nullable(JsonText),
  interfaceId: Nullable(Type.String({ maxLength: 50 })),
  interfaceName: Nullable(Type.String({ maxLength: 100 })),
  interfaceParam: Nullable(JsonText),
});
export type VisualDevInput = Static<typeof VisualDevInput>;
export const VisualDevUpdate = Type.Object({ ...VisualDevInput.properties, id: Type.Optional(Id) });
export type VisualDevUpdate = Static<typeof VisualDevUpdate>;

export const VisualDevQuery = Type.Object({
  ...PageQuery.properties,
  category: Type.Optional(Type.String({ maxLength: 50 })),
  webType: Type.Optional(VisualDevWebType),
  isRelease: Type.Optional(ReleaseState),
  type: Type.Optional(VisualDevKind),
});
export type VisualDevQuery = Static<typeof VisualDevQuery>;

export const VisualDevRow = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  category: Type.String(),
  type: Type.Integer(),
  webType: Type.Integer(),
  enableFlow: Type.Integer(),
  isRelease: Type.Integer(),
  /** 1 once released (the 3.6 client offers 发布预览 only then). */
  enabledMark: Type.Integer(),
  sortCode: Type.Integer(),
  creatorTime: Type.Union([Type.Integer(), Type.Null()]),
  creatorUser: Type.String(),
  lastModifyTime: Type.Union([Type.Integer(), Type.Null()]),
  lastModifyUser: Type.String(),
  /** List rows: JSON text `{pc, app}`, where the 3.6 release dialog publishes by default. */
  platformRelease: Type.Optional(Type.String()),
});
export type VisualDevRow = Static<typeof VisualDevRow>;

/** One definition as its editor reads it: the draft (what edits work on). */
export const VisualDevInfo = Type.Object({
  ...VisualDevRow.properties,
  dbLinkId: Type.String(),
  description: Type.String(),
  tables: Type.String(),
  formData: Type.String(),
  columnData: Type.String(),
  appColumnData: Type.String(),
  interfaceId: Type.String(),
  interfaceName: Type.String(),
  interfaceParam: Type.String(),
});
export type VisualDevInfo = Static<typeof VisualDevInfo>;

export const VisualDevSelectorRow = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  webType: Type.Integer(),
});
export type VisualDevSelectorRow = Static<typeof VisualDevSelectorRow>;

/** `FormDataFields`: a released form's fields; `filterType` 1 leaves out sub-table fields. */
export const FormDataFieldsQuery = Type.Object({ filterType: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })) });
export const FormDataField = Type.Object({ vModel: Type.String(), label: Type.String(), jnpfKey: Type.String() });
export type FormDataField = Static<typeof FormDataField>;

/** `FieldDataSelect`: the related-form picker's page of a form's records, searched on one field. */
export const FieldDataSelectQuery = Type.Object({
  ...PageQuery.properties,
  /** widgets.md §9: a relation form without paging reads 10000 records. */
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  relationField: Type.Optional(Type.String({ maxLength: 100 })),
});
export type FieldDataSelectQuery = Static<typeof FieldDataSelectQuery>;

/** List types the server shapes (protocol-admin.md 7 `columnData.type`). */
export const LIST_TYPE = { plain: 1, grouped: 3, inline: 4, treeTable: 5 } as const;
/** Tree tables nest at most this deep; deeper records show at this depth's level. */
export const TREE_DEPTH = 10;

/** A record's field values keyed by field name (`__vModel__`), plus its `id`. */
export const RecordValues = Type.Record(Type.String(), Type.Unknown());
export type RecordValues = Static<typeof RecordValues>;

/** Paging numbers in a body: the 3.6 client sends numbers, other callers digits. */
const BodyCount = (maximum: number) =>
  Type.Union([Type.Integer({ minimum: 1, maximum }), Type.String({ pattern: '^[1-9][0-9]{0,6}$' })]);

/** `POST OnlineDev/{modelId}/List` (protocol-admin.md 7). `pageSize` 1000000 means "not paged". */
export const RecordListBody = Type.Object({
  currentPage: Type.Optional(BodyCount(1_000_000)),
  pageSize: Type.Optional(BodyCount(1_000_000)),
  modelId: Type.Optional(Type.String({ maxLength: 50 })),
  /** The menu the page was opened from: its column, form and data permissions apply. */
  menuId: Type.Optional(Type.String({ maxLength: 50 })),
  /** Comma-joined fields, `-` before one sorts it descending. */
  sidx: Type.Optional(Type.String({ maxLength: 500 })),
  sort: Type.Optional(Type.String({ maxLength: 10 })),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  /** The search form's values as JSON text `{field: value}`, or "". */
  queryJson: Type.Optional(Type.String({ maxLength: 100_000 })),
  /** The advanced query as JSON text, or "". */
  superQueryJson: Type.Optional(Type.String({ maxLength: 100_000 })),
});
export type RecordListBody = Static<typeof RecordListBody>;

export const RecordExportBody = Type.Object({
  ...RecordListBody.properties,
  /** 0 the current page, 1 every match, 2 the selected records. */
  dataType: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.String()])),
  /** The fields (columns) to write, in order; empty: every column the caller may see. */
  selectKey: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 })),
  selectIds: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 10_000 })),
});
export type RecordExportBody = Static<typeof RecordExportBody>;

/** Create and update: `data` is the record's values as JSON text (the 3.6 client's form). */
export const RecordBody = Type.Object({
  id: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
  data: Type.String({ maxLength: 5_000_000 }),
  menuId: Type.Optional(Type.String({ maxLength: 50 })),
});
export type RecordBody = Static<typeof RecordBody>;

/** Info and DataChange: the record's values as JSON text. */
export const RecordInfo = Type.Object({ id: Type.String(), data: Type.String() });
export type RecordInfo = Static<typeof RecordInfo>;

export const RecordIds = Type.Object({
  ids: Type.Union([
    Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { minItems: 1, maxItems: 10_000 }),
    Type.String({ minLength: 1, maxLength: 600_000 }),
  ]),
});
export type RecordIds = Static<typeof RecordIds>;

/** `Config`: what a menu page needs to show a definition (its released version). */
export const RecordPageConfig = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  webType: Type.String(),
  enableFlow: Type.Integer(),
  flowId: Type.String(),
  formData: Type.String(),
  columnData: Type.String(),
  appColumnData: Type.String(),
});
export type RecordPageConfig = Static<typeof RecordPageConfig>;

/** A list column (columnData.columnList). */
export interface ListColumn {
  prop: string;
  label: string;
  jnpfKey?: string;
  width?: number | null;
  align?: string;
  sortable?: boolean;
  fixed?: string;
  [key: string]: unknown;
}

/** A search field (columnData.searchList): 1 equals, 2 fuzzy, 3 range. */
export interface SearchField {
  prop: string;
  label: string;
  jnpfKey?: string;
  searchType?: 1 | 2 | 3 | number;
  searchMultiple?: boolean;
  [key: string]: unknown;
}

/** A list definition (`columnData`, protocol.md "Generated forms"). */
export interface ColumnDefinition {
  searchList?: SearchField[];
  columnList?: ListColumn[];
  defaultSidx?: string;
  sort?: 'asc' | 'desc' | string;
  hasPage?: boolean;
  pageSize?: number;
  useColumnPermission?: boolean;
  useFormPermission?: boolean;
  useBtnPermission?: boolean;
  useDataPermission?: boolean;
  btnsList?: { value: string; label: string; icon?: string; [key: string]: unknown }[];
  columnBtnsList?: { value: string; label: string; [key: string]: unknown }[];
  /** 1 plain, 2 tree, 3 grouped, 4 inline edit, 5 tree table. */
  type?: number;
  /** Grouped lists (type 3): the field whose values head the groups. */
  groupField?: string;
  /** Tree tables (type 5): the field holding the parent record's id. */
  parentField?: string;
  [key: string]: unknown;
}

const Switch01 = Type.Union([Type.Literal(0), Type.Literal(1)]);
/** A short link's password as typed; empty keeps the one stored. */
const LinkPassword = Type.String({ maxLength: 50 });

/**
 * A definition's short link (外链, `/formShortLink`): its form filled and its list read without
 * signing in, each enabled on its own and optionally behind a password; the list shows only the
 * fields named in `columnText`. Passwords are written, never read back.
 */
export const ShortLinkInput = Type.Object({
  formUse: Switch01,
  formPassUse: Switch01,
  formPassword: Type.Optional(LinkPassword),
  columnUse: Switch01,
  columnPassUse: Switch01,
  columnPassword: Type.Optional(LinkPassword),
  columnText: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 }),
});
export type ShortLinkInput = Static<typeof ShortLinkInput>;

export const ShortLinkInfo = Type.Object({
  id: Type.String(),
  formUse: Type.Integer(),
  formPassUse: Type.Integer(),
  columnUse: Type.Integer(),
  columnPassUse: Type.Integer(),
  columnText: Type.Array(Type.String()),
  /** Whether a password is stored (the password itself is never answered). */
  hasFormPassword: Type.Boolean(),
  hasColumnPassword: Type.Boolean(),
  /** The public pages' addresses, relative to the site. */
  formLink: Type.String(),
  columnLink: Type.String(),
});
export type ShortLinkInfo = Static<typeof ShortLinkInfo>;

/** Which public page: the form to fill or the list to read. */
export const ShortLinkKind = Type.Union([Type.Literal('form'), Type.Literal('list')]);
export type ShortLinkKind = Static<typeof ShortLinkKind>;

export const ShortLinkConfigQuery = Type.Object({
  type: ShortLinkKind,
  password: Type.Optional(LinkPassword),
});
export type ShortLinkConfigQuery = Static<typeof ShortLinkConfigQuery>;

/**
 * A public page's definition. Behind a password and without the right one, only `fullName` and
 * `passUse` are answered (formData and columnData empty), so the page asks for the password.
 */
export const ShortLinkConfig = Type.Object({
  fullName: Type.String(),
  passUse: Type.Integer(),
  formData: Type.String(),
  columnData: Type.String(),
});
export type ShortLinkConfig = Static<typeof ShortLinkConfig>;

export const ShortLinkCheck = Type.Object({ type: ShortLinkKind, password: LinkPassword });
export type ShortLinkCheck = Static<typeof ShortLinkCheck>;

export const ShortLinkRecordBody = Type.Object({
  data: Type.String({ maxLength: 5_000_000 }),
  password: Type.Optional(LinkPassword),
  /** The image captcha (`/api/file/ImageCode/{timestamp}`) the visitor read: every public submit answers one. */
  code: Type.Optional(Type.String({ maxLength: 20 })),
  timestamp: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Number()])),
});
export type ShortLinkRecordBody = Static<typeof ShortLinkRecordBody>;

export const ShortLinkListBody = Type.Object({
  currentPage: RecordListBody.properties.currentPage,
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  queryJson: RecordListBody.properties.queryJson,
  password: Type.Optional(LinkPassword),
});
export type ShortLinkListBody = Static<typeof ShortLinkListBody>;

/** The public pages' path in the web app (shell.md 2.1). */
export const shortLinkPage = (modelId: string, kind: ShortLinkKind) =>
  `/formShortLink?modelId=${encodeURIComponent(modelId)}&type=${kind}`;

/**
 * `POST /api/visualdev/Base/{id}/Actions/ReleaseMenu`: releases the draft and publishes it as a new
 * menu of type 3 under `parentId` (a directory or category; "-1" the top of the main system), with
 * the button, column and form permission entries its definition offers.
 */
export const VisualDevMenuInput = Type.Object({
  parentId: MenuParentId,
  fullName: FullName,
  enCode: EnCode,
  icon: Type.Optional(Type.String({ maxLength: 100 })),
});
export type VisualDevMenuInput = Static<typeof VisualDevMenuInput>;
/** 0/1 as the 3.6 client sends it (a number, sometimes text). */
const Switch = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal('0'), Type.Literal('1')]);
/**
 * `Base/{id}/Actions/Release` body from the 3.6 release dialog: publish to Web (`pc`) under the
 * chosen applications or directories; App menus are not served (`app` is read and ignored).
 */
export const VisualDevReleaseInput = Type.Object({
  pc: Type.Optional(Switch),
  app: Type.Optional(Switch),
  pcModuleParentId: Type.Optional(Type.Union([IdArray, IdCsv])),
  appModuleParentId: Type.Optional(Type.Union([IdArray, IdCsv])),
  platformRelease: Type.Optional(Type.String({ maxLength: 200 })),
});
export type VisualDevReleaseInput = Static<typeof VisualDevReleaseInput>;

export const VisualDevMenuAnswer = Type.Object({ menuId: Type.String() });
export type VisualDevMenuAnswer = Static<typeof VisualDevMenuAnswer>;

/** A definition written to a `.vdd` file (its draft) by OnlineDev `{id}/Actions/Export`; imported as a new, unreleased one. */
export const VISUAL_DEV_FILE_FORMAT = 'platform.visualdev';
export const VisualDevFile = Type.Object({
  format: Type.Literal(VISUAL_DEV_FILE_FORMAT),
  version: Type.Literal(1),
  exportedAt: Type.Optional(Type.Integer()),
  definition: VisualDevInput,
});
export type VisualDevFile = Static<typeof VisualDevFile>;
export const VisualDevImportResult = Type.Object({ id: Type.String(), skipped: Type.Boolean() });
export type VisualDevImportResult = Static<typeof VisualDevImportResult>;
