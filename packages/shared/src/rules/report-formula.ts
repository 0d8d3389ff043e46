import type { ReportCell } from '../schemas/report.ts';
import { CalcSyntaxError, evaluateExpression, tokenizeExpression } from './calculate.ts';
import type { ReportFilledCell } from './report-sheet.ts';
import { columnIndex, roundFloat } from './report-values.ts';

/** A report cell's row formula (issue 39): `=D3/E3`, over cells of its own template row. */

const CELL_REF = /^([A-Za-z]{1,2})([1-9][0-9]{0,3})$/;

/** The formula of a cell whose text starts with `=`, without it; null for any other cell. */
export function formulaOf(cell: ReportCell | null | undefined): string | null {
  const text = cell?.text?.trim();
  return text?.startsWith('=') ? text.slice(1) : null;
}

/** The cells a formula names (0-based template row and column); null when it does not parse. */
export function formulaRefs(formula: string): { row: number; col: number; name: string }[] | null {
  try {
    const tokens = tokenizeExpression(formula);
    const refs: { row: number; col: number; name: string }[] = [];
    for (const token of tokens) {
      if (token.type !== 'field') continue;
      const match = CELL_REF.exec(token.name);
      if (!match) return null;
      refs.push({ row: Number(match[2]) - 1, col: columnIndex(match[1] as string), name: token.name });
    }
    evaluateExpression(tokens, {});
    return refs;
  } catch (error) {
    if (error instanceof CalcSyntaxError) return null;
    throw error;
  }
}

/**
 * The formula's value from the row's other cells, and its Excel form on output row `outRow`
 * (1-based). A division by zero, or a reference to a text, shows nothing.
 */
export function rowFormula(
  formula: string,
  cells: readonly (ReportFilledCell | null)[],
  outRow: number,
): { value: number | null; excel: string } {
  const refs = formulaRefs(formula) ?? [];
  const values: Record<string, unknown> = {};
  for (const ref of refs) values[ref.name] = cells[ref.col]?.value ?? 0;
  let value: number | null = null;
  try {
    const result = evaluateExpression(formula, values);
    value = Number.isFinite(result) ? roundFloat(result) : null;
  } catch {
    value = null;
  }
  const excel = formula.replace(/\b([A-Za-z]{1,2})([1-9][0-9]{0,3})\b/g, (all, letters: string) =>
    columnIndex(letters) >= 0 ? `${letters.toUpperCase()}${outRow}` : all,
  );
  return { value, excel };
}
