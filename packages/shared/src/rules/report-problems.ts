import type { ReportLayout, ReportSheetRow } from '../schemas/report.ts';
import { formulaOf, formulaRefs } from './report-formula.ts';

/** A template problem, as a locale key of `report.sheet.*` and its values. */
export interface ReportSheetProblem {
  key:
    | 'noDataset'
    | 'unknownDataset'
    | 'noDetailAbove'
    | 'groupColumn'
    | 'badFormula'
    | 'otherRowReference'
    | 'mergeOutside'
    | 'mergeOverlap'
    | 'acrossNotStatic'
    | 'acrossNoField'
    | 'acrossNoDetail'
    | 'tooManyColumns';
  row: number;
  col?: number;
  name?: string;
}

/** What makes a template unusable: the first problems, in reading order (empty: it can be run). */
export function reportSheetProblems(layout: ReportLayout, datasetNames: readonly string[]): ReportSheetProblem[] {
  const problems: ReportSheetProblem[] = [];
  const rows = layout.rows ?? [];
  let detail: ReportSheetRow | null = null;
  rows.forEach((row, r) => {
    if (row.kind === 'detail') {
      detail = row;
      if (!row.dataset) problems.push({ key: 'noDataset', row: r });
      else if (!datasetNames.includes(row.dataset)) problems.push({ key: 'unknownDataset', row: r, name: row.dataset });
    } else if (row.kind === 'static') detail = null;
    else if (!detail) problems.push({ key: 'noDetailAbove', row: r });
    else if (row.kind === 'subtotal') {
      const column = row.groupColumn ?? -1;
      if (!(detail as ReportSheetRow).cells[column]?.group) problems.push({ key: 'groupColumn', row: r });
    }
    row.cells.forEach((cell, c) => {
      if (cell?.expand === 'right') {
        const below = rows.slice(r + 1).some((next) => next.kind === 'detail');
        if (row.kind !== 'static') problems.push({ key: 'acrossNotStatic', row: r, col: c });
        else if (!cell.field) problems.push({ key: 'acrossNoField', row: r, col: c });
        else if (!below) problems.push({ key: 'acrossNoDetail', row: r, col: c });
      }
      const formula = formulaOf(cell);
      if (formula === null) return;
      const refs = formulaRefs(formula);
      if (refs === null) problems.push({ key: 'badFormula', row: r, col: c });
      else if (refs.some((ref) => ref.row !== r)) problems.push({ key: 'otherRowReference', row: r, col: c });
    });
  });
  const covered = new Set<string>();
  (layout.merges ?? []).forEach((merge) => {
    if (merge.row + merge.rowSpan > rows.length) problems.push({ key: 'mergeOutside', row: merge.row, col: merge.col });
    for (let r = merge.row; r < merge.row + merge.rowSpan; r++)
      for (let c = merge.col; c < merge.col + merge.colSpan; c++) {
        const key = `${r}:${c}`;
        if (covered.has(key)) problems.push({ key: 'mergeOverlap', row: r, col: c });
        covered.add(key);
      }
  });
  return problems.slice(0, 20);
}
