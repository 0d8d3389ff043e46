import type { ReportMerge, ReportOutputCell, ReportOutputRow, ReportPreview } from '@platform/shared';
import Button from 'antd/es/button';
import type { CSSProperties } from 'react';
import { DEFAULT_ROW_HEIGHT } from '../report-sheets.ts';

export type ReportDrillTarget = NonNullable<ReportOutputCell['drill']>;
/** A drill-through to another report, with its parameter values. */
export type ReportReportTarget = Extract<ReportDrillTarget, { reportId: string }>;
/** A drill-through to a generated form's records, with the values its fields must equal. */
export type ReportFormTarget = Extract<ReportDrillTarget, { target: 'form' }>;
export const isFormTarget = (drill: ReportDrillTarget): drill is ReportFormTarget => 'formId' in drill;

/** Where each merge's top-left cell spans, and the cells the merges cover (not drawn): the viewer's and the designer's. */
export function mergeMap(merges: readonly ReportMerge[]) {
  const anchors = new Map<string, ReportMerge>();
  const covered = new Set<string>();
  for (const merge of merges) {
    anchors.set(`${merge.row}:${merge.col}`, merge);
    for (let r = merge.row; r < merge.row + merge.rowSpan; r++)
      for (let c = merge.col; c < merge.col + merge.colSpan; c++)
        if (r !== merge.row || c !== merge.col) covered.add(`${r}:${c}`);
  }
  return { anchors, covered };
}

function cellStyle(cell: ReportOutputCell | null, stickyTop: number | null): CSSProperties {
  const style = cell?.style ?? {};
  return {
    fontWeight: style.bold === undefined ? undefined : style.bold ? 600 : 400,
    fontStyle: style.italic ? 'italic' : undefined,
    fontSize: style.fontSize ? `${style.fontSize}pt` : undefined,
    color: style.color,
    background: style.background,
    // Numbers line up on the right, as in a spreadsheet, unless the template says otherwise.
    textAlign: style.align ?? (typeof cell?.value === 'number' ? 'right' : undefined),
    border: style.border ? '1px solid #595959' : undefined,
    top: stickyTop ?? undefined,
  };
}

function CellContent({
  cell,
  onDrill,
}: {
  cell: ReportOutputCell | null;
  onDrill: (target: ReportDrillTarget) => void;
}) {
  if (!cell) return null;
  const drill = cell.drill;
  if (!drill) return <>{cell.text}</>;
  return (
    <Button type="link" size="small" className="report-drill" onClick={() => onDrill(drill)}>
      {cell.text}
    </Button>
  );
}

/**
 * One page of a filled report drawn as a spreadsheet: the columns' widths, merged cells (the
 * top-left one spans, the covered ones are not drawn), each cell's style, grid lines, and the
 * header rows (`frozenRows`) held at the top while the sheet scrolls. Subtotal and total rows stand
 * out unless their cells are styled. A cell with a drill-through is a link calling `onDrill`.
 */
export function ReportSheet({
  page,
  onDrill,
}: {
  page: Pick<ReportPreview, 'columns' | 'rows' | 'merges' | 'frozenRows'>;
  onDrill: (target: ReportDrillTarget) => void;
}) {
  const { anchors, covered } = mergeMap(page.merges);
  const frozen = Math.min(page.frozenRows, page.rows.length);
  // The header goes in <thead> (which print repeats on every sheet of paper) unless a merge reaches across it.
  const headerApart = !page.merges.some((m) => m.row < frozen && m.row + m.rowSpan > frozen);
  const stickyTops: number[] = [];
  page.rows.slice(0, frozen).reduce((top, row) => {
    stickyTops.push(top);
    return top + (row.height ?? DEFAULT_ROW_HEIGHT);
  }, 0);
  const width = page.columns.reduce((sum, w) => sum + w, 0);

  const drawRow = (row: ReportOutputRow, r: number) => (
    <tr
      key={r}
      className={`report-row-${row.kind}${r < frozen ? ' report-row-frozen' : ''}`}
      style={{ height: row.height ?? DEFAULT_ROW_HEIGHT }}
    >
      {page.columns.map((_, c) => {
        const key = `${r}:${c}`;
        if (covered.has(key)) return null;
        const merge = anchors.get(key);
        const cell = row.cells[c] ?? null;
        return (
          <td
            key={key}
            rowSpan={merge && merge.rowSpan > 1 ? merge.rowSpan : undefined}
            colSpan={merge && merge.colSpan > 1 ? merge.colSpan : undefined}
            style={cellStyle(cell, r < frozen ? (stickyTops[r] ?? 0) : null)}
            title={cell?.text || undefined}
          >
            <CellContent cell={cell} onDrill={onDrill} />
          </td>
        );
      })}
    </tr>
  );

  const header = headerApart ? page.rows.slice(0, frozen) : [];
  const body = headerApart ? page.rows.slice(frozen) : page.rows;
  return (
    <table className="report-sheet" style={{ width }}>
      <colgroup>
        {page.columns.map((w, c) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position.
          <col key={c} style={{ width: w }} />
        ))}
      </colgroup>
      {header.length ? <thead>{header.map(drawRow)}</thead> : null}
      <tbody>{body.map((row, i) => drawRow(row, i + header.length))}</tbody>
    </table>
  );
}
