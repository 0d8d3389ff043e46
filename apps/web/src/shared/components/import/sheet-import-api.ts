import type {
  Envelope,
  FileLink,
  ImportCellErrors,
  ImportPreviewAnswer,
  ImportResultAnswer,
  ImportRow,
} from '@platform/shared';
import { http } from '../../api/http.ts';

/** The calls of the generic import (protocol-admin.md 6) under one area's base path. */
export interface SheetImportApi {
  templateDownload(): Promise<FileLink>;
  upload(file: File): Promise<FileLink>;
  preview(fileName: string): Promise<ImportPreviewAnswer>;
  importData(list: ImportRow[], progressKey: string): Promise<Envelope<ImportResultAnswer>>;
  exportFailures(list: ImportRow[]): Promise<FileLink>;
}

export function sheetImportApi(base: string): SheetImportApi {
  return {
    templateDownload: () => http.get<FileLink>(`${base}/TemplateDownload`),
    upload: (file) => {
      const form = new FormData();
      form.append('file', file);
      return http.postMultipart<FileLink>(`${base}/Uploader`, form);
    },
    preview: (fileName) => http.get<ImportPreviewAnswer>(`${base}/ImportPreview`, { fileName }),
    importData: (list, progressKey) =>
      http.post<Envelope<ImportResultAnswer>>(`${base}/ImportData`, { list, progressKey }, { envelope: true }),
    exportFailures: (list) => http.post<FileLink>(`${base}/ImportExceptionData`, { list }),
  };
}

/** A preview row as the wizard edits it: its cells and what the server found wrong with them. */
export interface EditableRow {
  key: number;
  cells: ImportRow;
  errors: ImportCellErrors;
}

export function editableRows(preview: ImportPreviewAnswer): EditableRow[] {
  return preview.dataRow.map((cells, key) => ({ key, cells, errors: preview.cellErrors[key] ?? {} }));
}

/**
 * The row with one cell changed. The cell's old problem no longer applies to the new text; the
 * server checks every row again when importing and sends back what still fails.
 */
export function editCell(row: EditableRow, field: string, value: string): EditableRow {
  const { [field]: _dropped, ...errors } = row.errors;
  return { ...row, cells: { ...row.cells, [field]: value }, errors };
}

export const hasProblems = (row: EditableRow) => Object.keys(row.errors).length > 0;

/** Whole percent of rows handled, 0 before anything is known. */
export const progressPercent = (done: number, total: number) =>
  total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
