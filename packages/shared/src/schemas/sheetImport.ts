import { type Static, type TSchema, Type } from 'typebox';

/**
 * The generic import of spreadsheet rows (admin.md 2.5, protocol-admin.md 6): every area that
 * imports rows (users, dictionaries, later generated forms) answers these shapes under its own base
 * path: GET TemplateDownload, POST Uploader, GET ImportPreview, POST ImportData, POST
 * ImportExceptionData.
 */

/** Rows in one import at most; the template says so and the server refuses more. */
export const importMaxRows = 10_000;
/** The largest spreadsheet the wizard takes (a 10,000-row user sheet is about 400 KB). */
export const importMaxBytes = 5 * 1024 * 1024;
/** What the wizard's upload accepts (admin.md 9: .xls and .xlsx only). */
export const importExtensions = /\.xlsx?$/i;

export const ImportPreviewQuery = Type.Object({
  /** The generated name the upload answered; never a path. */
  fileName: Type.String({ pattern: '^[0-9a-f]{32}\\.xlsx$' }),
});

/** One cell as the wizard sends it: text, a number, or empty. */
export const ImportCell = Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Null()]));

/** The template's columns, as the 3.6 client reads them (`{id, fullName, jnpfKey, children}`). */
export const ImportHeader = Type.Object(
  {
    id: Type.String(),
    fullName: Type.String(),
    jnpfKey: Type.Optional(Type.String()),
    required: Type.Optional(Type.Boolean()),
    children: Type.Optional(Type.Array(Type.Unknown())),
  },
  { additionalProperties: true },
);
export type ImportHeader = Static<typeof ImportHeader>;

/** A row of any area: cells keyed by column id, `errorsInfo` on a failed row. */
export const ImportRow = Type.Record(Type.String({ maxLength: 64 }), ImportCell);
export type ImportRow = Record<string, string | number | null | undefined>;

/** Per-cell problems of one row, keyed by column id (an empty object for a good row). */
export const ImportCellErrors = Type.Record(Type.String(), Type.String());
export type ImportCellErrors = Record<string, string>;

/** `GET …/ImportPreview?fileName`: the columns, the rows, and what is wrong with each cell. */
export const ImportPreviewAnswer = <Row extends TSchema>(row: Row) =>
  Type.Object({
    headerRow: Type.Array(ImportHeader),
    dataRow: Type.Array(row),
    /** Parallel to dataRow; an extra the 3.6 client ignores. */
    cellErrors: Type.Array(ImportCellErrors),
  });
export interface ImportPreviewAnswer<Row = ImportRow> {
  headerRow: ImportHeader[];
  dataRow: Row[];
  cellErrors: ImportCellErrors[];
}

/** A key the browser makes up so that it can tell the progress frames of its own import apart. */
export const ImportProgressKey = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });

/** `POST …/ImportData` and `POST …/ImportExceptionData`. */
export const ImportDataInput = <Row extends TSchema>(row: Row) =>
  Type.Object({
    list: Type.Array(row, { maxItems: importMaxRows }),
    flowId: Type.Optional(Type.String({ maxLength: 64 })),
    progressKey: Type.Optional(ImportProgressKey),
  });
export interface ImportDataInput<Row = ImportRow> {
  list: Row[];
  flowId?: string;
  progressKey?: string;
}

/** resultType 0 all imported, 1 some failed (they come back with errorsInfo). */
export const ImportResultAnswer = <Row extends TSchema>(row: Row) =>
  Type.Object({
    resultType: Type.Integer(),
    snum: Type.Integer(),
    fnum: Type.Integer(),
    failResult: Type.Array(row),
  });
export interface ImportResultAnswer<Row = ImportRow> {
  resultType: number;
  snum: number;
  fnum: number;
  failResult: Row[];
}

/** The socket frame sent to the importing user after every written batch. */
export const importProgressMethod = 'importProgress';
export interface ImportProgressFrame {
  method: typeof importProgressMethod;
  progressKey: string;
  /** Rows handled so far (written or failed). */
  done: number;
  total: number;
}
