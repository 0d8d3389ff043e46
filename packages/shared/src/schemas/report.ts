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
/** The widest and longest template a sheet may have (its output grows with the data, not these). */
export const REPORT_MAX_COLUMNS = 100;
export const REPORT_MAX_TEMPLATE_ROWS = 500;

/** What a subtotal or total cell computes over the detail rows above it (Excel's SUBTOTAL functions). */
export const REPORT_AGGREGATES = ['sum', 'avg', 'count', 'max', 'min'] as const;
export type ReportAggregate = (typeof REPORT_AGGREGATES)[number];
// The schema's literals below spell these lists out: a mapped union reads as `never` to TypeScript.

const HexColor = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' });
export const ReportCellStyle = Type.Object({
  bold: Type.Optional(Type.Boolean()),
  italic: Type.Optional(Type.Boolean()),
  /** Points, as Excel counts them. */
  fontSize: Type.Optional(Type.Integer({ minimum: 6, maximum: 72 })),
  color: Type.Optional(HexColor),
  background: Type.Optional(HexColor),
  align: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')])),
  border: Type.Optional(Type.Boolean()),
});
export type ReportCellStyle = Static<typeof ReportCellStyle>;

/** A style a cell takes when its value compares so with `value` (the first condition that holds wins). */
export const ReportCondition = Type.Object({
  op: Type.Union([
    Type.Literal('>'),
    Type.Literal('>='),
    Type.Literal('<'),
    Type.Literal('<='),
    Type.Literal('='),
    Type.Literal('!='),
  ]),
  value: Type.Union([Type.Number(), Type.String({ maxLength: 200 })]),
  style: ReportCellStyle,
});
export type ReportCondition = Static<typeof ReportCondition>;

/** A row field's name, as a dataset column or a form field (vModel) is named. */
const DrillField = Type.String({ minLength: 1, maxLength: 100 });

/** A drill-through to another report: its parameters (`name`) taken from the clicked row's fields. */
export const ReportReportDrill = Type.Object({
  reportId: Id,
  parameters: Type.Array(Type.Object({ name: ReportName, field: DrillField }), { maxItems: 20 }),
});
export type ReportReportDrill = Static<typeof ReportReportDrill>;

/**
 * A drill-through to a generated form's records: the list of form `formId` filtered to the records
 * whose fields (`name`, a field's vModel) equal the clicked row's fields (`field`).
 */
export const ReportFormDrill = Type.Object({
  target: Type.Literal('form'),
  formId: Id,
  fields: Type.Array(Type.Object({ name: DrillField, field: DrillField }), { maxItems: 20 }),
});
export type ReportFormDrill = Static<typeof ReportFormDrill>;

/**
 * Where a click on a cell leads: another report (the first shape, without `target`, as definitions
 * stored before form drills have it) or a generated form's records.
 */
export const ReportDrill = Type.Union([ReportReportDrill, ReportFormDrill]);
export type ReportDrill = Static<typeof ReportDrill>;

/** Whether a drill-through opens a form's records (else another report). */
export const isFormDrill = (drill: ReportDrill): drill is ReportFormDrill =>
  (drill as Partial<ReportFormDrill>).target === 'form';

/**
 * One cell of the template. `text` is shown as it is (`${name}` puts a parameter's value in); text
 * starting with `=` is a formula over cells of the same row (`=D3/E3`, + - * / and brackets). In a
 * detail row `field` binds the cell to a dataset column, and `group` groups the rows by it (the value
 * merged down its group). In a subtotal or total row `aggregate` computes over the detail cells of
 * its column.
 *
 * Cross-tab (rows × columns × measure, a pivot table): a cell of a static row bound to a `field`
 * with `expand: 'right'` becomes one column per distinct value of that field in the dataset of the
 * first detail row below it, sorted (numbers and dates ascending, then texts, 2月 before 10月; an
 * empty value last), each showing its value; every other cell of that column is copied into each
 * of them, and the columns after it move right (widths, merges and same-row formulas follow: a
 * merge over the column widens over its copies, a formula naming it from another column reads the
 * sum of the copies). In the detail row, a cell of that column bound to a `field` shows a record's
 * value only in the copy of the record's own value; with an `aggregate` it is a **measure**, and a
 * detail row holding a measure is a summary row: one output row per innermost group (one in all
 * when it has no group cell) instead of one per record, each measure aggregating that group's
 * records of its copy's value. A measure outside an expanding column aggregates all the group's
 * records: the row total (in Excel `SUM`, `MAX` or `MIN` over the copies of the same measure).
 * Subtotal and total rows aggregate each copy as any column. The expanded sheet has at most
 * `REPORT_MAX_COLUMNS` columns: more is refused before the first row.
 */
export const ReportCell = Type.Object({
  text: Type.Optional(Type.String({ maxLength: 2000 })),
  field: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  group: Type.Optional(Type.Boolean()),
  /** In a static row, with `field`: one column per distinct value of the field (cross-tab, above). */
  expand: Type.Optional(Type.Literal('right')),
  aggregate: Type.Optional(
    Type.Union([
      Type.Literal('sum'),
      Type.Literal('avg'),
      Type.Literal('count'),
      Type.Literal('max'),
      Type.Literal('min'),
    ]),
  ),
  /** An Excel number or date format: `#,##0.00`, `0.0%`, `yyyy-mm-dd`. */
  format: Type.Optional(Type.String({ maxLength: 50 })),
  style: Type.Optional(ReportCellStyle),
  conditions: Type.Optional(Type.Array(ReportCondition, { maxItems: 10 })),
  drill: Type.Optional(ReportDrill),
});
export type ReportCell = Static<typeof ReportCell>;

/**
 * A template row. `static` rows are shown once; a `detail` row repeats for each row of its dataset;
 * `subtotal` rows follow the groups of the detail row above them (`groupColumn`: the column of the
 * group cell whose groups they close); a `total` row follows all of its rows.
 */
export const REPORT_ROW_KINDS = ['static', 'detail', 'subtotal', 'total'] as const;
export type ReportRowKind = (typeof REPORT_ROW_KINDS)[number];
export const ReportSheetRow = Type.Object({
  kind: Type.Union([Type.Literal('static'), Type.Literal('detail'), Type.Literal('subtotal'), Type.Literal('total')]),
  dataset: Type.Optional(ReportName),
  groupColumn: Type.Optional(Type.Integer({ minimum: 0, maximum: REPORT_MAX_COLUMNS - 1 })),
  height: Type.Optional(Type.Integer({ minimum: 12, maximum: 400 })),
  cells: Type.Array(Type.Union([ReportCell, Type.Null()]), { maxItems: REPORT_MAX_COLUMNS }),
});
export type ReportSheetRow = Static<typeof ReportSheetRow>;

/** Cells joined into one: the top-left cell at `row`, `col` (0-based) covers the others. */
export const ReportMerge = Type.Object({
  row: Type.Integer({ minimum: 0 }),
  col: Type.Integer({ minimum: 0 }),
  rowSpan: Type.Integer({ minimum: 1 }),
  colSpan: Type.Integer({ minimum: 1 }),
});
export type ReportMerge = Static<typeof ReportMerge>;

export const ReportChart = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 100 })),
  dataset: ReportName,
  type: Type.Union([Type.Literal('bar'), Type.Literal('line'), Type.Literal('pie')]),
  /** The field along the axis (the slices of a pie). */
  category: Type.String({ minLength: 1, maxLength: 100 }),
  /** The fields summed per category, one series each. */
  values: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 10 }),
});
export type ReportChart = Static<typeof ReportChart>;

export const ReportPageSetup = Type.Object({
  paper: Type.Optional(
    Type.Union([Type.Literal('A4'), Type.Literal('A3'), Type.Literal('A5'), Type.Literal('Letter')]),
  ),
  orientation: Type.Optional(Type.Union([Type.Literal('portrait'), Type.Literal('landscape')])),
  /** Millimetres. */
  margins: Type.Optional(
    Type.Object({
      top: Type.Number({ minimum: 0, maximum: 100 }),
      right: Type.Number({ minimum: 0, maximum: 100 }),
      bottom: Type.Number({ minimum: 0, maximum: 100 }),
      left: Type.Number({ minimum: 0, maximum: 100 }),
    }),
  ),
  /** Whether the rows above the first detail row repeat at the top of every page. */
  repeatHeader: Type.Optional(Type.Boolean()),
});
export type ReportPageSetup = Static<typeof ReportPageSetup>;

/** The sheet: column widths (px), template rows, merges of template cells, frozen rows, page setup, charts. */
export const ReportLayout = Type.Object({
  columns: Type.Optional(
    Type.Array(Type.Object({ width: Type.Integer({ minimum: 20, maximum: 1000 }) }), {
      maxItems: REPORT_MAX_COLUMNS,
    }),
  ),
  rows: Type.Optional(Type.Array(ReportSheetRow, { maxItems: REPORT_MAX_TEMPLATE_ROWS })),
  merges: Type.Optional(Type.Array(ReportMerge, { maxItems: 2000 })),
  frozenRows: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
  page: Type.Optional(ReportPageSetup),
  charts: Type.Optional(Type.Array(ReportChart, { maxItems: 10 })),
});
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

/** `Actions/Preview` and `Actions/ExportExcel`: parameter values by name (one left out takes its default), and the page wanted. */
export const ReportRunInput = Type.Object({
  parameters: Type.Optional(Type.Record(Type.String({ maxLength: 50 }), ReportParameterValue)),
  currentPage: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});
export type ReportRunInput = Static<typeof ReportRunInput>;

const ReportOutputValue = Type.Union([Type.String(), Type.Number(), Type.Null()]);
export const ReportOutputCellSchema = Type.Object({
  text: Type.String(),
  value: ReportOutputValue,
  formula: Type.Optional(Type.String()),
  format: Type.Optional(Type.String()),
  style: Type.Optional(ReportCellStyle),
  drill: Type.Optional(
    Type.Union([
      Type.Object({ reportId: Type.String(), parameters: Type.Record(Type.String(), ReportOutputValue) }),
      Type.Object({
        target: Type.Literal('form'),
        formId: Type.String(),
        values: Type.Record(Type.String(), ReportOutputValue),
      }),
    ]),
  ),
});
export const ReportOutputRowSchema = Type.Object({
  kind: Type.Union([Type.Literal('static'), Type.Literal('detail'), Type.Literal('subtotal'), Type.Literal('total')]),
  height: Type.Optional(Type.Integer()),
  cells: Type.Array(Type.Union([ReportOutputCellSchema, Type.Null()])),
});

/** A chart's figures: the categories in the order they first come, one series per value field (summed). */
export const ReportChartData = Type.Object({
  title: Type.String(),
  type: Type.Union([Type.Literal('bar'), Type.Literal('line'), Type.Literal('pie')]),
  categories: Type.Array(Type.String()),
  series: Type.Array(Type.Object({ name: Type.String(), data: Type.Array(Type.Number()) })),
});
export type ReportChartData = Static<typeof ReportChartData>;

/** One page of a report filled with its datasets' rows, header rows repeated, merges cut to the page. */
export const ReportPreview = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  columns: Type.Array(Type.Number()),
  rows: Type.Array(ReportOutputRowSchema),
  merges: Type.Array(ReportMerge),
  currentPage: Type.Integer(),
  pages: Type.Integer(),
  /** Output rows in all. */
  total: Type.Integer(),
  frozenRows: Type.Integer(),
  page: ReportPageSetup,
  /** Datasets that had more rows than the report reads (`cap`): the report shows the first `cap`. */
  truncated: Type.Array(Type.String()),
  cap: Type.Integer(),
  charts: Type.Array(ReportChartData),
});
export type ReportPreview = Static<typeof ReportPreview>;

/**
 * `Actions/PreviewDraft` (the designer's live view): a report as it stands in the designer, not yet
 * saved, run with `parameters` like a saved one. The datasets run as the designer (its interface
 * permissions and data scope apply).
 */
export const ReportDraftInput = Type.Object({
  report: Type.Object({
    fullName: Type.Optional(Type.String({ maxLength: 100 })),
    parameters: Type.Optional(Type.Array(ReportParameter, { maxItems: 50 })),
    datasets: Type.Optional(Type.Array(ReportDataset, { maxItems: 20 })),
    layout: Type.Optional(ReportLayout),
  }),
  ...ReportRunInput.properties,
});
export type ReportDraftInput = Static<typeof ReportDraftInput>;

/** A template problem the designer shows beside the cell it names (0-based row and column). */
export const ReportSheetProblemInfo = Type.Object({
  message: Type.String(),
  row: Type.Integer(),
  col: Type.Optional(Type.Integer()),
});
export type ReportSheetProblemInfo = Static<typeof ReportSheetProblemInfo>;

/**
 * The draft's first page as `Actions/Preview` answers it, each dataset's field names (the columns
 * its rows carry, for binding cells) and the sheet's problems. While the sheet has problems the page
 * is empty: the designer shows the problems instead.
 */
export const ReportDraftPreview = Type.Object({
  ...ReportPreview.properties,
  fields: Type.Record(Type.String(), Type.Array(Type.String())),
  problems: Type.Array(ReportSheetProblemInfo),
});
export type ReportDraftPreview = Static<typeof ReportDraftPreview>;

/** How many fields a report made from a form groups by, and how many measures it sums. */
export const REPORT_FROM_FORM_MAX_GROUPS = 2;
export const REPORT_FROM_FORM_MAX_MEASURES = 5;

/**
 * `Actions/FromForm`: a report over a generated form's records in one step: its group fields (one
 * or two, outermost first) and measures become a grouped sheet with subtotals, a total and a bar
 * chart, over a new SQL data interface reading the form's table (each viewer's data scope applies).
 */
export const ReportFromFormInput = Type.Object({
  formId: Id,
  fullName: FullName,
  enCode: EnCode,
  categoryId: Id,
  groupBy: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
    minItems: 1,
    maxItems: REPORT_FROM_FORM_MAX_GROUPS,
  }),
  measures: Type.Array(
    Type.Object({
      field: Type.String({ minLength: 1, maxLength: 100 }),
      aggregate: Type.Union([
        Type.Literal('sum'),
        Type.Literal('avg'),
        Type.Literal('count'),
        Type.Literal('max'),
        Type.Literal('min'),
      ]),
    }),
    { minItems: 1, maxItems: REPORT_FROM_FORM_MAX_MEASURES },
  ),
});
export type ReportFromFormInput = Static<typeof ReportFromFormInput>;
