import {
  type FileLink,
  type ImportCellErrors,
  type ImportHeader,
  type ImportPreviewAnswer,
  type ImportResultAnswer,
  importExtensions,
  importMaxBytes,
  importMaxRows,
} from '@platform/shared';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db, Trx } from '../db/database.ts';
import { BusinessError } from './errors.ts';
import { type Lang, type MessageKey, type Translate, translator } from './i18n.ts';
import { legacyXlsToXlsx, oleMagic } from './legacy-xls.ts';
import type { Session } from './session.ts';
import type { SheetFiles, SheetFolder } from './sheet-files.ts';

/** A row as read from a sheet or sent back by the wizard: cells keyed by column id. */
export type SheetRow<F extends string> = Partial<Record<F, string | number | null>> & {
  errorsInfo?: string | number | null;
};

export interface SheetColumn<F extends string> {
  id: F;
  /**
   * The header: a message key (the template shows the caller's language, the reader knows all
   * three), or the text an area's own data names it by (a generated form's field labels).
   */
  label: MessageKey | { text: string };
  required?: boolean;
  /** The field kind the 3.6 wizard reads from the header (`input` unless told). */
  jnpfKey?: string;
  /** Column width in the generated sheets (characters). */
  width?: number;
}

/** What is wrong with a row, cell by cell: column id -> message (several joined with '；'). */
export class RowProblems<F extends string> {
  readonly cells: ImportCellErrors = {};

  add(field: F, message: string) {
    this.cells[field] = this.cells[field] ? `${this.cells[field]}；${message}` : message;
  }

  get ok() {
    return Object.keys(this.cells).length === 0;
  }
}

/** Checks one row (called in file order, so "seen before" rules work) and answers what to write, or null. */
export type RowChecker<F extends string, Checked> = (row: SheetRow<F>, problems: RowProblems<F>) => Checked | null;

/**
 * One area's import, everything the kit cannot know: the columns, an example row for the
 * template, the row checker (made once per import from lookups over all rows, so checking is
 * in memory), and the batch writer (one call per batch, inside that batch's transaction).
 */
export interface SheetImportDefinition<F extends string, Checked> {
  /** Names the sheet and the file folders (`<area>-import`, `<area>-export`). */
  area: string;
  columns: readonly SheetColumn<F>[];
  example: SheetRow<F>;
  checker(
    rows: SheetRow<F>[],
    /** `session`: who imports (what it may give decides what a row may carry). */
    context: { t: Translate; label: (field: F) => string; session: Session },
  ): Promise<RowChecker<F, Checked>>;
  writeBatch(trx: Trx, rows: Checked[], session: Session): Promise<void>;
  /**
   * Called before each batch's transaction, for what must not be taken inside one (numbers from
   * a code rule: on the embedded engine the transaction holds the one connection).
   */
  prepareBatch?(rows: Checked[], session: Session): Promise<void>;
  /**
   * Called once all rows are checked, before anything is decided: rows that belong together (a
   * record and the sub-table rows under it) can be made to fail together here.
   */
  settle?(checked: (Checked | null)[], problems: RowProblems<F>[], t: Translate): void;
  /** Failed rows say their number in the imported list ("第3行：…"). */
  numberRows?: boolean;
  /**
   * The checker checks required cells itself (rows that continue a record leave the record's
   * cells empty): the kit then only marks the required columns' headers.
   */
  requiredByChecker?: boolean;
  /**
   * Rows that make one item (a record and the sub-table rows under it): the index of the item's
   * first row, known once the rows are checked. The answer's counts are items; one row each unless told.
   */
  itemOf?(index: number): number;
  /** Rows per transaction; 500 unless the area knows better. */
  batchSize?: number;
}

/** A column's header text in the given language. */
export const columnLabel = <F extends string>(column: SheetColumn<F>, t: Translate) =>
  typeof column.label === 'string' ? t(column.label) : column.label.text;

export interface ImportRun {
  session: Session;
  t: Translate;
  /** Called after every batch with the rows handled so far. */
  onProgress?: (done: number, total: number) => void;
}

const languages: Lang[] = ['zh-CN', 'zh-TW', 'en'];
const zipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/**
 * The generic import kit (admin.md 2.5, protocol-admin.md 6): template, upload, preview with
 * per-cell errors, import in one transaction per batch with progress, and the failed rows as a
 * sheet. An area gives a SheetImportDefinition; registerSheetImportRoutes puts it on the wire.
 */
export class SheetImporter<F extends string, Checked> {
  private readonly importFolder: SheetFolder;
  private readonly exportFolder: SheetFolder;

  constructor(
    private readonly db: Db,
    readonly files: SheetFiles,
    private readonly definition: SheetImportDefinition<F, Checked>,
    /** The download address of a generated sheet's name. */
    private readonly downloadUrl: (name: string) => string,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.importFolder = `${definition.area}-import`;
    this.exportFolder = `${definition.area}-export`;
  }

  private labels(t: Translate) {
    return new Map(this.definition.columns.map((c) => [c.id, columnLabel(c, t)]));
  }

  headerRow(t: Translate): ImportHeader[] {
    return this.definition.columns.map((c) => ({
      id: c.id,
      fullName: columnLabel(c, t),
      jnpfKey: c.jnpfKey ?? 'input',
      required: Boolean(c.required),
      children: [],
    }));
  }

  /** Writes rows as a sheet under a generated name (an extra last column when given). */
  async writeSheet(t: Translate, rows: SheetRow<F>[], extra?: { key: string; label: string }): Promise<FileLink> {
    const labels = this.labels(t);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(this.definition.area);
    sheet.columns = [
      ...this.definition.columns.map((c) => ({ header: labels.get(c.id), key: c.id, width: c.width ?? 18 })),
      ...(extra ? [{ header: extra.label, key: extra.key, width: 40 }] : []),
    ];
    for (const row of rows) sheet.addRow(row);
    sheet.getRow(1).font = { bold: true };
    const name = await this.files.save(this.exportFolder, Buffer.from(await workbook.xlsx.writeBuffer()));
    return { name, url: this.downloadUrl(name) };
  }

  template(t: Translate) {
    return this.writeSheet(t, [this.definition.example]);
  }

  exportFailures(rows: SheetRow<F>[], t: Translate) {
    return this.writeSheet(t, rows, { key: 'errorsInfo', label: t('import.reason') });
  }

  /** A generated download as a stream, or null. */
  download(name: string) {
    return this.files.open(this.exportFolder, name);
  }

  /**
   * Keeps the one uploaded spreadsheet under a generated name. Refuses, naming the problem, what
   * is not .xls/.xlsx, larger than the limit, or not a spreadsheet at all.
   */
  async saveUpload(request: FastifyRequest): Promise<FileLink> {
    if (!request.isMultipart()) throw new BusinessError('import.fileType');
    const part = await request.file({ limits: { fileSize: importMaxBytes, files: 1 } });
    if (!part || !importExtensions.test(part.filename)) {
      if (part) await part.toBuffer().catch(() => null);
      throw new BusinessError('import.fileType');
    }
    const content = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') return null;
      throw error;
    });
    if (!content || part.file.truncated) {
      throw new BusinessError('file.tooLarge', { size: importMaxBytes / 1024 / 1024 });
    }
    // A legacy binary .xls is kept as the .xlsx of its values: every later step reads one format.
    const workbook = content.subarray(0, 4).equals(oleMagic) ? await legacyXlsToXlsx(content) : content;
    if (!workbook?.subarray(0, 4).equals(zipMagic)) throw new BusinessError('import.badExcel');
    const name = await this.files.save(this.importFolder, workbook);
    return { name, url: '' };
  }

  /** The uploaded sheet's rows, checked: what a cell holds and what is wrong with it. */
  async preview(fileName: string, t: Translate, session: Session): Promise<ImportPreviewAnswer<SheetRow<F>>> {
    const rows = await this.read(fileName);
    const { cellErrors } = await this.check(rows, t, session);
    return { headerRow: this.headerRow(t), dataRow: rows, cellErrors: cellErrors.map((e) => e.cells) };
  }

  private async read(fileName: string): Promise<SheetRow<F>[]> {
    const bytes = await this.files.read(this.importFolder, fileName);
    if (!bytes) throw new BusinessError('import.fileMissing');
    const workbook = new ExcelJS.Workbook();
    try {
      // exceljs types its input as its own Buffer declaration; a Node Buffer is what it reads.
      await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    } catch {
      throw new BusinessError('import.badExcel');
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new BusinessError('import.empty');
    // Columns are found by their header in any language or by id; a sheet without one known
    // header is read by position.
    const byHeader = new Map<string, F>();
    for (const lang of languages) {
      const t = translator(lang);
      for (const c of this.definition.columns) byHeader.set(columnLabel(c, t).toLowerCase(), c.id);
    }
    for (const c of this.definition.columns) byHeader.set(c.id.toLowerCase(), c.id);
    const columns: (F | null)[] = [];
    sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
      columns[col] = byHeader.get(cellText(cell.value).toLowerCase()) ?? null;
    });
    if (!columns.some(Boolean)) {
      for (const [i, c] of this.definition.columns.entries()) columns[i + 1] = c.id;
    }
    if (sheet.actualRowCount - 1 > importMaxRows) throw new BusinessError('import.tooMany', { limit: importMaxRows });
    const rows: SheetRow<F>[] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const record: Partial<Record<F, string>> = {};
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        const field = columns[col];
        if (field) record[field] = cellText(cell.value);
      });
      if (Object.values(record).some((v) => v !== '')) rows.push(record as SheetRow<F>);
    });
    if (rows.length > importMaxRows) throw new BusinessError('import.tooMany', { limit: importMaxRows });
    return rows;
  }

  private async check(rows: SheetRow<F>[], t: Translate, session: Session) {
    const labels = this.labels(t);
    const label = (field: F) => labels.get(field) ?? field;
    const checker = await this.definition.checker(rows, { t, label, session });
    const required = this.definition.requiredByChecker ? [] : this.definition.columns.filter((c) => c.required);
    const checked: (Checked | null)[] = [];
    const cellErrors: RowProblems<F>[] = [];
    for (const row of rows) {
      const problems = new RowProblems<F>();
      for (const c of required) if (!text(row[c.id])) problems.add(c.id, t('import.required', { field: label(c.id) }));
      const value = checker(row, problems);
      checked.push(problems.ok ? value : null);
      cellErrors.push(problems);
    }
    this.definition.settle?.(checked, cellErrors, t);
    return { checked, cellErrors };
  }

  /**
   * Imports the rows: every row is checked, the good ones are written in batches, one transaction
   * each. A batch that fails is rolled back whole and then written row by row, so that the row at
   * fault is reported with its reason and the others still go in; nothing is ever half-written.
   */
  async importRows(rows: SheetRow<F>[], run: ImportRun): Promise<ImportResultAnswer<SheetRow<F>>> {
    if (rows.length === 0) throw new BusinessError('import.empty');
    const { t } = run;
    const { checked, cellErrors } = await this.check(rows, t, run.session);
    const reasons = new Map<number, string>();
    const good: { index: number; value: Checked }[] = [];
    checked.forEach((value, index) => {
      const problems = cellErrors[index] as RowProblems<F>;
      if (value !== null && problems.ok) good.push({ index, value });
      else reasons.set(index, Object.values(problems.cells).join('；'));
    });
    const numbered = (index: number, reason: string) =>
      this.definition.numberRows ? t('import.rowNumber', { row: index + 1, reason }) : reason;
    const total = rows.length;
    let done = total - good.length;
    run.onProgress?.(done, total);
    const size = this.definition.batchSize ?? 500;
    for (let start = 0; start < good.length; start += size) {
      const batch = good.slice(start, start + size);
      try {
        await this.write(
          batch.map((b) => b.value),
          run.session,
        );
      } catch (batchError) {
        this.log?.info(
          { err: batchError, area: this.definition.area },
          'import batch rolled back; writing it row by row',
        );
        for (const item of batch) {
          try {
            await this.write([item.value], run.session);
          } catch (error) {
            reasons.set(item.index, this.reasonOf(error, t));
          }
        }
      }
      done += batch.length;
      run.onProgress?.(done, total);
    }
    const failResult = [...reasons.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, reason]) => ({ ...rows[index], errorsInfo: numbered(index, reason) }) as SheetRow<F>);
    const itemOf = (index: number) => this.definition.itemOf?.(index) ?? index;
    const items = new Set(rows.map((_, index) => itemOf(index)));
    const failedItems = new Set([...reasons.keys()].map(itemOf));
    return {
      resultType: failResult.length ? 1 : 0,
      snum: items.size - failedItems.size,
      fnum: failedItems.size,
      failResult,
    };
  }

  private async write(rows: Checked[], session: Session) {
    await this.definition.prepareBatch?.(rows, session);
    return this.db.transaction().execute((trx) => this.definition.writeBatch(trx, rows, session));
  }

  private reasonOf(error: unknown, t: Translate) {
    if (error instanceof BusinessError) return t(error.key, error.params);
    this.log?.error({ err: error, area: this.definition.area }, 'import row failed');
    return t('import.writeFailed');
  }
}

/** Cell values as text: rich text, hyperlinks and formulas reduced to what the cell shows. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (value instanceof Date) return value.toISOString();
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in value) return String(value.text).trim();
    if ('result' in value) return text(value.result);
    return '';
  }
  return String(value).trim();
}
