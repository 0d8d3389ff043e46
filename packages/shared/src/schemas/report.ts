import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';
import { PageQuery } from '../paging.ts';
import { Description, EnabledMark, EnCode, FullName, Nullable, SortCode } from './organize.ts';

/**
 * Report definitions (报表设计, issue 39) served under `/api/ReportServer/Data`, the base the 3.6
 * client's report menus (type 5) read. A definition is its parameters (which become the search
 * form), its datasets (data interfaces fed by those parameters) and its sheet layout.
 */

/** The dictionary whose entries are the reports' categories (`categoryId`: an entry's id). */
export const REPORT_CATEGORY_DICTIONARY = 'ReportSort';

/** A parameter's or dataset's name: an identifier, so a cell or a formula can name it. */
export const REPORT_NAME_PATTERN = '^[A-Za-z_][A-Za-z0-9_]*$';
const ReportName = Type.String({ minLength: 1, maxLength: 50, pattern: REPORT_NAME_PATTERN });

/** The widget kinds of the form engine a report's search form offers for a parameter. */
export const REPORT_PARAMETER_KINDS = [
  'input',
  'inputNumber',
  'date',
  'datePicker',
  'dateRange',
  'time',
  'timePicker',
  'select',
  'radio',
  'checkbox',
  'switch',
  'treeSelect',
  'cascader',
  'organizeSelect',
  'depSelect',
  'posSelect',
  'roleSelect',
  'userSelect',
  'areaSelect',
] as const;

/** A parameter's default: what the search form starts with (a range or a multiple choice is a list). */
export const ReportParameterValue = Type.Union([
  Type.String({ maxLength: 2000 }),
  Type.Number(),
  Type.Boolean(),
  Type.Null(),
  Type.Array(Type.Union([Type.String({ maxLength: 2000 }), Type.Number()]), { maxItems: 100 }),
]);

export const ReportParameter = Type.Object({
  name: ReportName,
  label: Type.String({ minLength: 1, maxLength: 50 }),
  /** One of `REPORT_PARAMETER_KINDS`. */
  jnpfKey: Type.String({ minLength: 1, maxLength: 50 }),
  required: Type.Optional(Type.Boolean()),
  defaultValue: Type.Optional(ReportParameterValue),
});
export type ReportParameter = Static<typeof ReportParameter>;

/** One interface parameter of a dataset and the report parameter whose value it receives. */
export const ReportParameterMapping = Type.Object({
  /** The data interface's parameter (its `field`). */
  field: Type.String({ minLength: 1, maxLength: 50, pattern: REPORT_NAME_PATTERN }),
  /** The report parameter's `name`. */
  parameter: ReportName,
});
export type ReportParameterMapping = Static<typeof ReportParameterMapping>;

/** The rows a report reads: a data interface (SQL, static or HTTP), its parameters fed by the report's. */
export const ReportDataset = Type.Object({
  name: ReportName,
  interfaceId: Id,
  parameterMap: Type.Optional(Type.Array(ReportParameterMapping, { maxItems: 100 })),
});
export type ReportDataset = Static<typeof ReportDataset>;

/** The largest layout accepted, as JSON text (the sheet's cells, merges and styles). */
export const REPORT_LAYOUT_MAX_CHARS = 1_000_000;
/** The sheet as the designer keeps it: an object, stored as it is (the designer comes in a later slice). */
export const ReportLayout = Type.Record(Type.String({ maxLength: 200 }), Type.Unknown());
export type ReportLayout = Static<typeof ReportLayout>;

export const ReportInput = Type.Object({
  fullName: FullName,
  enCode: EnCode,
  /** The id of a `ReportSort` dictionary entry. */
  categoryId: Id,
  sortCode: Type.Optional(SortCode),
  enabledMark: Type.Optional(EnabledMark),
  description: Nullable(Description),
  parameters: Type.Optional(Type.Array(ReportParameter, { maxItems: 50 })),
  datasets: Type.Optional(Type.Array(ReportDataset, { maxItems: 20 })),
  layout: Type.Optional(ReportLayout),
});
export type ReportInput = Static<typeof ReportInput>;
export const ReportUpdate = Type.Object({ ...ReportInput.properties, id: Type.Optional(Id) });
export type ReportUpdate = Static<typeof ReportUpdate>;

export const ReportQuery = Type.Object({
  ...PageQuery.properties,
  /** A `ReportSort` entry's id. */
  category: Type.Optional(Type.String({ maxLength: 50 })),
  enabledMark: Type.Optional(EnabledMark),
});
export type ReportQuery = Static<typeof ReportQuery>;

/** A row of the list, with the fields the 3.6 client's report list reads. */
export const ReportRow = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  categoryId: Type.String(),
  /** "name/account" of whoever made it. */
  creatorUser: Type.String(),
  creatorTime: Type.Integer(),
  lastModifyTime: Type.Union([Type.Integer(), Type.Null()]),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
});
export type ReportRow = Static<typeof ReportRow>;

/** A search-form widget: one per parameter, bound to it by name (the 3.6 client reads `bindParameter`, `defaultValue`). */
export const ReportSearchComponent = Type.Object({
  bindParameter: Type.String(),
  defaultValue: ReportParameterValue,
  label: Type.String(),
  jnpfKey: Type.String(),
  required: Type.Boolean(),
});
export type ReportSearchComponent = Static<typeof ReportSearchComponent>;

/** `GET {id}`: the definition, and the search form its parameters make (derived, never stored). */
export const ReportInfo = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  categoryId: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Type.String(),
  /** As saved, `required` and `defaultValue` filled in. */
  parameters: Type.Array(
    Type.Object({ ...ReportParameter.properties, required: Type.Boolean(), defaultValue: ReportParameterValue }),
  ),
  datasets: Type.Array(Type.Object({ ...ReportDataset.properties, parameterMap: Type.Array(ReportParameterMapping) })),
  layout: ReportLayout,
  searchForm: Type.Object({ components: Type.Array(ReportSearchComponent) }),
  creatorTime: Type.Integer(),
  lastModifyTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type ReportInfo = Static<typeof ReportInfo>;

/** `GET Selector`: ReportSort categories holding enabled reports, the reports in children. */
export const ReportSelectorNode = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  parentId: Type.String(),
  hasChildren: Type.Boolean(),
  children: Type.Array(
    Type.Object({
      id: Type.String(),
      fullName: Type.String(),
      enCode: Type.String(),
      parentId: Type.String(),
      hasChildren: Type.Boolean(),
    }),
  ),
});
export type ReportSelectorNode = Static<typeof ReportSelectorNode>;

/** The `.json` file of a report export. */
export const REPORT_FILE_FORMAT = 'platform.report';
export const ReportFile = Type.Object({
  format: Type.Literal(REPORT_FILE_FORMAT),
  version: Type.Literal(1),
  exportedAt: Type.Optional(Type.Integer()),
  report: ReportInput,
});
export type ReportFile = Static<typeof ReportFile>;
export const ReportImportResult = Type.Object({ id: Type.String(), skipped: Type.Boolean() });
export type ReportImportResult = Static<typeof ReportImportResult>;
