import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';
import { PageQuery } from '../paging.ts';
import { Description, EnabledMark, EnCode, FullName, ID_CSV_PATTERN, IdArray, Nullable, SortCode } from './organize.ts';

/** Template kinds (protocol-admin.md section 8): 1 flow form, 2 function form. */
export const PrintDevType = Type.Union([Type.Literal(1), Type.Literal(2)]);

/**
 * A print template. The 3.6 client's body is kept as it is. Its data comes from `formId`, a
 * released generated form whose fields and records it prints, or else from its own source:
 * `sourceType` 0 the statements of `sqlTemplate` (`[{"sql": ...}]`, `@formId` the record's id),
 * 1 the data interface `interfaceId` with its parameters mapped by `parameterJson`.
 */
export const PrintDevInput = Type.Object({
  fullName: FullName,
  enCode: EnCode,
  /** The enCode of a printDev dictionary entry. */
  category: Type.String({ minLength: 1, maxLength: 50 }),
  type: Type.Optional(PrintDevType),
  formId: Nullable(Id),
  sourceType: Nullable(Type.Integer({ minimum: 0, maximum: 1 })),
  dbLinkId: Nullable(Type.String({ maxLength: 50 })),
  sqlTemplate: Nullable(Type.String({ maxLength: 20_000 })),
  parameterJson: Nullable(Type.String({ maxLength: 20_000 })),
  interfaceId: Nullable(Type.String({ maxLength: 50 })),
  interfaceName: Nullable(Type.String({ maxLength: 100 })),
  /** The template's HTML, with `{field}` placeholders. */
  printTemplate: Nullable(Type.String({ maxLength: 1_000_000 })),
  /** JSON text `{type,width,height,mt,mb,ml,mr,direction}`. */
  pageParam: Nullable(Type.String({ maxLength: 2000 })),
  sortCode: Type.Optional(SortCode),
  enabledMark: Type.Optional(EnabledMark),
  description: Nullable(Description),
});
export type PrintDevInput = Static<typeof PrintDevInput>;
export const PrintDevUpdate = Type.Object({ ...PrintDevInput.properties, id: Type.Optional(Id) });
export type PrintDevUpdate = Static<typeof PrintDevUpdate>;

export const PrintDevQuery = Type.Object({
  ...PageQuery.properties,
  /** A printDev entry's enCode. */
  category: Type.Optional(Type.String({ maxLength: 50 })),
  enabledMark: Type.Optional(EnabledMark),
});
export type PrintDevQuery = Static<typeof PrintDevQuery>;

export const PrintDevRow = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  category: Type.String(),
  type: Type.Integer(),
  formId: Type.String(),
  sourceType: Type.Integer(),
  dbLinkId: Type.String(),
  sqlTemplate: Type.String(),
  parameterJson: Type.String(),
  interfaceId: Type.String(),
  interfaceName: Type.String(),
  printTemplate: Type.String(),
  pageParam: Type.String(),
  /** The fields of the template's form, as `Fields` answers them, as JSON text. */
  fieldJson: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Type.String(),
  creatorTime: Type.Integer(),
  lastModifyTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type PrintDevRow = Static<typeof PrintDevRow>;

export const PrintDevSelectorQuery = Type.Object({ type: Type.Optional(PrintDevType) });
/** `GET Selector`: printDev categories with their enabled templates in children. */
export const PrintDevSelectorNode = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  parentId: Type.String(),
  hasChildren: Type.Boolean(),
  children: Type.Array(
    Type.Object({
      id: Type.String(),
      fullName: Type.String(),
      enCode: Type.String(),
      parentId: Type.String(),
      formId: Type.String(),
      hasChildren: Type.Boolean(),
    }),
  ),
});
export type PrintDevSelectorNode = Static<typeof PrintDevSelectorNode>;

export const PrintDevIds = Type.Object({
  ids: Type.Union([IdArray, Type.String({ maxLength: 51_000, pattern: ID_CSV_PATTERN })]),
});
export const PrintDevOption = Type.Object({ id: Type.String(), fullName: Type.String() });

/** `POST Fields`: the fields a template can print, of a generated form (`formId`) or of its own SQL. */
export const PrintFieldsBody = Type.Object({
  formId: Nullable(Type.String({ maxLength: 50 })),
  dbLinkId: Nullable(Type.String({ maxLength: 50 })),
  sqlTemplate: Nullable(Type.String({ maxLength: 20_000 })),
});
export type PrintFieldsBody = Static<typeof PrintFieldsBody>;
/** A sub-table column: its id is `table.column`, the placeholder the template uses inside the table. */
const PrintFieldLeaf = Type.Object({ id: Type.String(), parentId: Type.String(), fullName: Type.String() });
/** A head field, or a sub-table with its columns in children. */
export const PrintField = Type.Object({
  ...PrintFieldLeaf.properties,
  children: Type.Optional(Type.Array(PrintFieldLeaf)),
});
export type PrintField = Static<typeof PrintField>;

export const PrintDataQuery = Type.Object({ id: Id, formId: Id });
export const PrintBatchDataQuery = Type.Object({
  id: Id,
  /** Record ids joined by commas; empty items are ignored. */
  formId: Type.String({ maxLength: 51_000, pattern: '^[A-Za-z0-9_,-]*$' }),
});
export const OperatorRecord = Type.Object({
  nodeName: Type.String(),
  userName: Type.String(),
  handleTime: Type.Union([Type.Integer(), Type.Null()]),
  handleStatus: Type.Integer(),
  handleOpinion: Type.String(),
  signImg: Type.String(),
});
export const PrintData = Type.Object({
  printTemplate: Type.String(),
  pageParam: Type.String(),
  /** Head fields by name, sub-tables as arrays of rows; option values shown by their labels. */
  printData: Type.Record(Type.String(), Type.Unknown()),
  operatorRecordList: Type.Array(OperatorRecord),
});
export type PrintData = Static<typeof PrintData>;

/** The `.bp` file of a template export. */
export const PRINT_DEV_FILE_FORMAT = 'platform.printDev';
export const PrintDevFile = Type.Object({
  format: Type.Literal(PRINT_DEV_FILE_FORMAT),
  version: Type.Literal(1),
  exportedAt: Type.Optional(Type.Integer()),
  template: PrintDevInput,
});
export type PrintDevFile = Static<typeof PrintDevFile>;
export const PrintDevImportResult = Type.Object({ id: Type.String(), skipped: Type.Boolean() });
export type PrintDevImportResult = Static<typeof PrintDevImportResult>;

export const PrintLogInput = Type.Object({
  printTitle: Type.String({ minLength: 1, maxLength: 200 }),
  printNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  /** The template printed. */
  printId: Id,
});
export type PrintLogInput = Static<typeof PrintLogInput>;
export const PrintLogQuery = Type.Object({
  ...PageQuery.properties,
  startTime: Type.Optional(Type.Integer({ minimum: 0 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type PrintLogQuery = Static<typeof PrintLogQuery>;
export const PrintLogRow = Type.Object({
  id: Type.String(),
  printTitle: Type.String(),
  printMan: Type.String(),
  printTime: Type.Integer(),
  printNum: Type.Integer(),
});
export type PrintLogRow = Static<typeof PrintLogRow>;

/** Paper sizes in millimetres (portrait); `custom` takes the template's own width and height. */
export const PRINT_PAGE_SIZES = {
  A3: { width: 297, height: 420 },
  A4: { width: 210, height: 297 },
  A5: { width: 148, height: 210 },
  B5: { width: 176, height: 250 },
} as const;
export type PrintPageSizeName = keyof typeof PRINT_PAGE_SIZES | 'custom';

/** A template's page settings (`pageParam`): size, orientation (1 portrait, 2 landscape) and margins in mm. */
export interface PrintPageParam {
  type: PrintPageSizeName;
  width: number;
  height: number;
  direction: 1 | 2;
  mt: number;
  mb: number;
  ml: number;
  mr: number;
}

export const defaultPrintPageParam: PrintPageParam = {
  type: 'A4',
  width: 210,
  height: 297,
  direction: 1,
  mt: 10,
  mb: 10,
  ml: 10,
  mr: 10,
};

/** The page settings of a template's `pageParam` text, defaults filling what is missing or unreadable. */
export function readPrintPageParam(text: string | null | undefined): PrintPageParam {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) raw = parsed as Record<string, unknown>;
  } catch {
    // An unreadable setting prints on the default page.
  }
  const size = (key: keyof PrintPageParam) => {
    const value = Number(raw[key]);
    return raw[key] !== undefined && raw[key] !== '' && Number.isFinite(value) && value >= 0
      ? value
      : (defaultPrintPageParam[key] as number);
  };
  const type =
    typeof raw.type === 'string' && (raw.type in PRINT_PAGE_SIZES || raw.type === 'custom') ? raw.type : 'A4';
  const named = type === 'custom' ? null : PRINT_PAGE_SIZES[type as keyof typeof PRINT_PAGE_SIZES];
  return {
    type: type as PrintPageSizeName,
    width: named?.width ?? size('width'),
    height: named?.height ?? size('height'),
    direction: Number(raw.direction) === 2 ? 2 : 1,
    mt: size('mt'),
    mb: size('mb'),
    ml: size('ml'),
    mr: size('mr'),
  };
}
