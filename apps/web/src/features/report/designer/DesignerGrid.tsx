import { useDroppable } from '@dnd-kit/core';
import { columnName, type ReportCell, type ReportRowKind } from '@platform/shared';
import Dropdown from 'antd/es/dropdown';
import {
  type ComponentProps,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { mergeMap } from '../components/ReportSheet.tsx';
import {
  cellAt,
  cellLabel,
  clearContents,
  columnWidth,
  deleteRow,
  groupColumnsFor,
  insertRow,
  setColumnWidth,
  setRowKind,
  sheetSize,
  stepFrom,
  typeIntoCell,
} from './sheet-edits.ts';
import type { CellAddress, Designer } from './use-designer.ts';

/** A template row drawn without a height of its own (px), as the viewer draws it. */
const ROW_HEIGHT = 26;

/** A cell's template style as the viewer will draw it. */
export function templateStyle(cell: ReportCell | null): CSSProperties {
  const style = cell?.style ?? {};
  return {
    fontWeight: style.bold ? 600 : undefined,
    fontStyle: style.italic ? 'italic' : undefined,
    fontSize: style.fontSize ? `${style.fontSize}pt` : undefined,
    color: style.color,
    background: style.background,
    textAlign: style.align,
    border: style.border ? '1px solid #595959' : undefined,
  };
}

interface Editing extends CellAddress {
  text: string;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** What a key does on the sheet (not while a cell is edited), as in Excel. */
function sheetKey(
  event: KeyboardEvent<HTMLElement>,
  designer: Designer,
  step: (from: CellAddress, dRow: number, dCol: number) => CellAddress,
  startEditing: (text?: string) => void,
) {
  const { selection, select, range, editLayout } = designer;
  const ctrl = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  const arrow = ARROWS[event.key];
  let handled = true;
  if (arrow) select(step(selection.focus, arrow[0], arrow[1]), event.shiftKey);
  else if (event.key === 'Tab') select(step(selection.focus, 0, event.shiftKey ? -1 : 1));
  else if (event.key === 'Enter' || event.key === 'F2') startEditing();
  else if (event.key === 'Delete' || event.key === 'Backspace') editLayout((l) => clearContents(l, range));
  else if (ctrl && key === 'z') (event.shiftKey ? designer.redo : designer.undo)();
  else if (ctrl && key === 'y') designer.redo();
  // Typing over a cell replaces it.
  else if (event.key.length === 1 && !ctrl && !event.altKey) startEditing(event.key);
  else handled = false;
  if (handled) event.preventDefault();
}

/** Dragging a column header's right edge: the width follows the pointer and is one undo step on release. */
function useColumnResize({ draft, editLayout }: Designer) {
  const [resizing, setResizing] = useState<{ col: number; width: number } | null>(null);
  const widthOf = (col: number) => (resizing?.col === col ? resizing.width : columnWidth(draft.layout, col));
  const startResize = (event: ReactPointerEvent, col: number) => {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const startWidth = columnWidth(draft.layout, col);
    let width = startWidth;
    const move = (e: PointerEvent) => {
      width = Math.min(1000, Math.max(20, startWidth + e.clientX - startX));
      setResizing({ col, width });
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      setResizing(null);
      if (width !== startWidth) editLayout((l) => setColumnWidth(l, col, width));
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  return { widthOf, startResize };
}

/**
 * The sheet being designed, drawn as a spreadsheet: column letters (drag a header's right edge to
 * change its width), row numbers with the row's kind (a menu changes it), cells showing their text,
 * `[field]` or `SUM(field)` in their style, merges drawn merged. The keyboard works as Excel's:
 * arrows (with Shift to extend), Tab, Enter or F2 or typing to edit, Escape, Delete, Ctrl+Z / Ctrl+Y.
 */
export function DesignerGrid({ designer }: { designer: Designer }) {
  const { t } = useTranslation('report');
  const { draft, editLayout, selection, range, select } = designer;
  const { layout } = draft;
  const size = sheetSize(layout);
  const { anchors, covered } = mergeMap(layout.merges ?? []);
  const [editing, setEditing] = useState<Editing | null>(null);
  const { widthOf, startResize } = useColumnResize(designer);
  const dragging = useRef(false);
  const gridRef = useRef<HTMLElement>(null);
  const frozen = layout.frozenRows ?? 0;

  useEffect(() => {
    const stop = () => {
      dragging.current = false;
    };
    window.addEventListener('pointerup', stop);
    return () => window.removeEventListener('pointerup', stop);
  }, []);

  const firstDataset = draft.datasets[0]?.name;

  const commit = (edit: Editing) => {
    editLayout((l) => typeIntoCell(l, edit.row, edit.col, edit.text, firstDataset));
    setEditing(null);
    gridRef.current?.focus();
  };

  const step = (from: CellAddress, dRow: number, dCol: number) => stepFrom(layout, from, dRow, dCol);

  const startEditing = (text?: string) => {
    const { row, col } = selection.focus;
    const cell = cellAt(layout, row, col);
    setEditing({ row, col, text: text ?? (cell?.text !== undefined ? cell.text : cellLabel(layout, row, col)) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!editing) sheetKey(event, designer, step, startEditing);
  };

  const onCellPointerDown = (event: ReactPointerEvent, cell: CellAddress) => {
    if (event.button > 0) return;
    if (editing) commit(editing);
    dragging.current = true;
    select(cell, event.shiftKey);
  };
  const onCellPointerEnter = (cell: CellAddress) => {
    if (dragging.current) select(cell, true);
  };

  const inRange = (row: number, col: number) =>
    row >= range.top && row <= range.bottom && col >= range.left && col <= range.right;
  const totalWidth = Array.from({ length: size.cols }, (_, c) => widthOf(c)).reduce((a, b) => a + b, 40);

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the sheet takes the keyboard as a whole (arrows move the selection, typing edits), as a spreadsheet does.
    <section ref={gridRef} className="rd-grid" aria-label={t('designer.sheet')} tabIndex={0} onKeyDown={onKeyDown}>
      <table className="rd-table" style={{ width: totalWidth }}>
        <colgroup>
          <col style={{ width: 40 }} />
          {Array.from({ length: size.cols }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position.
            <col key={c} style={{ width: widthOf(c) }} />
          ))}
        </colgroup>
        <ColumnHeads designer={designer} startResize={startResize} />
        <tbody>
          {Array.from({ length: size.rows }, (_, r) => {
            const row = layout.rows?.[r];
            const kind = row?.kind ?? 'static';
            return (
              <tr
                // biome-ignore lint/suspicious/noArrayIndexKey: a template row is its position.
                key={r}
                className={`rd-row-${kind}${frozen && r === frozen - 1 ? ' rd-row-frozen-last' : ''}`}
                style={{ height: row?.height ?? ROW_HEIGHT }}
              >
                <th
                  scope="row"
                  className={r >= range.top && r <= range.bottom ? 'rd-row-head rd-head-active' : 'rd-row-head'}
                >
                  <RowHead designer={designer} row={r} kind={kind} />
                </th>
                {Array.from({ length: size.cols }, (_, c) => {
                  const key = `${r}:${c}`;
                  if (covered.has(key)) return null;
                  const merge = anchors.get(key);
                  const cell = cellAt(layout, r, c);
                  const label = cellLabel(layout, r, c);
                  const address = `${columnName(c)}${r + 1}`;
                  const focused = selection.focus.row === r && selection.focus.col === c;
                  const isEditing = editing?.row === r && editing.col === c;
                  const classes = ['rd-cell'];
                  if (inRange(r, c)) classes.push('rd-selected');
                  if (focused) classes.push('rd-focus');
                  if (cell?.field || cell?.aggregate) classes.push('rd-bound');
                  return (
                    <DropCell
                      key={key}
                      at={{ row: r, col: c }}
                      aria-label={label ? `${address} ${label}` : address}
                      rowSpan={merge && merge.rowSpan > 1 ? merge.rowSpan : undefined}
                      colSpan={merge && merge.colSpan > 1 ? merge.colSpan : undefined}
                      className={classes.join(' ')}
                      style={templateStyle(cell)}
                      onPointerDown={(e) => onCellPointerDown(e, { row: r, col: c })}
                      onPointerEnter={() => onCellPointerEnter({ row: r, col: c })}
                      onDoubleClick={() => startEditing()}
                    >
                      {isEditing && editing ? (
                        <CellEditor
                          editing={editing}
                          label={t('designer.editCell', { address })}
                          onChange={(text) => setEditing({ ...editing, text })}
                          onCommit={(move) => {
                            commit(editing);
                            if (move) select(step({ row: r, col: c }, move[0], move[1]));
                          }}
                          onCancel={() => {
                            setEditing(null);
                            gridRef.current?.focus();
                          }}
                        />
                      ) : (
                        <>
                          {cell?.expand === 'right' ? (
                            <span className="rd-across-mark" title={t('crossTab.markTitle')}>
                              {t('crossTab.mark')}
                            </span>
                          ) : null}
                          {label}
                          {cell?.group ? <span className="rd-group-mark">{t('designer.groupMark')}</span> : null}
                        </>
                      )}
                    </DropCell>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** The column letters; a click selects the column, a drag on a header's right edge sets its width. */
function ColumnHeads({
  designer,
  startResize,
}: {
  designer: Designer;
  startResize: (event: ReactPointerEvent, col: number) => void;
}) {
  const { t } = useTranslation('report');
  const { range } = designer;
  const size = sheetSize(designer.draft.layout);
  return (
    <thead>
      <tr>
        <td className="rd-corner" />
        {Array.from({ length: size.cols }, (_, c) => (
          <th
            // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position.
            key={c}
            scope="col"
            className={c >= range.left && c <= range.right ? 'rd-col-head rd-head-active' : 'rd-col-head'}
            onPointerDown={() => designer.selectRange({ row: 0, col: c }, { row: Math.max(0, size.rows - 1), col: c })}
          >
            {columnName(c)}
            <span
              className="rd-resize"
              aria-hidden="true"
              title={t('designer.resize')}
              onPointerDown={(e) => startResize(e, c)}
            />
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** What a dragged field lands on: the cell (its data says which). */
export interface CellDrop {
  kind: 'cell';
  row: number;
  col: number;
}

/** A cell a field can be dragged onto; it shows when a field is over it. */
function DropCell({ at, className, ...props }: ComponentProps<'td'> & { at: CellAddress }) {
  const { setNodeRef, isOver } = useDroppable({
    id: `cell:${at.row}:${at.col}`,
    data: { kind: 'cell', ...at } satisfies CellDrop,
  });
  return <td ref={setNodeRef} className={isOver ? `${className} rd-drop-over` : className} {...props} />;
}

/** The in-place editor: Enter commits and moves down, Tab right, Escape leaves the cell as it was. */
function CellEditor({
  editing,
  label,
  onChange,
  onCommit,
  onCancel,
}: {
  editing: Editing;
  label: string;
  onChange: (text: string) => void;
  onCommit: (move: [number, number] | null) => void;
  onCancel: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  // Enter, Tab and Escape end the edit and move the focus away, which blurs the input: that blur must not commit again.
  const done = useRef(false);
  const finish = (end: () => void) => {
    if (done.current) return;
    done.current = true;
    end();
  };
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);
  return (
    <input
      ref={input}
      className="rd-editor"
      aria-label={label}
      value={editing.text}
      onChange={(e) => onChange(e.target.value)}
      onPointerDown={(e) => e.stopPropagation()}
      onBlur={() => finish(() => onCommit(null))}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') {
          e.preventDefault();
          finish(() => onCommit([1, 0]));
        } else if (e.key === 'Tab') {
          e.preventDefault();
          finish(() => onCommit([0, e.shiftKey ? -1 : 1]));
        } else if (e.key === 'Escape') {
          e.preventDefault();
          finish(onCancel);
        }
      }}
    />
  );
}

/** A row's number and kind; its menu changes the kind (a detail row takes the first dataset, a subtotal the first group column). */
function RowHead({ designer, row, kind }: { designer: Designer; row: number; kind: ReportRowKind }) {
  const { t } = useTranslation('report');
  const { draft, editLayout } = designer;
  const current = draft.layout.rows?.[row];
  const kinds: ReportRowKind[] = ['static', 'detail', 'subtotal', 'total'];
  const choose = (next: ReportRowKind) =>
    editLayout((l) =>
      setRowKind(l, row, {
        kind: next,
        dataset: current?.dataset ?? draft.datasets[0]?.name,
        groupColumn: current?.groupColumn ?? groupColumnsFor(l, row)[0],
      }),
    );
  const items = [
    ...kinds.map((k) => ({ key: k, label: t(`designer.kinds.${k}`), onClick: () => choose(k) })),
    { type: 'divider' as const },
    { key: 'above', label: t('designer.insertRowAbove'), onClick: () => editLayout((l) => insertRow(l, row)) },
    { key: 'below', label: t('designer.insertRowBelow'), onClick: () => editLayout((l) => insertRow(l, row + 1)) },
    {
      key: 'delete',
      label: t('designer.deleteRow'),
      disabled: (draft.layout.rows?.length ?? 0) <= 1,
      onClick: () => editLayout((l) => deleteRow(l, row)),
    },
  ];
  const detail = kind === 'detail' && current?.dataset ? ` ${current.dataset}` : '';
  const group = kind === 'subtotal' && current?.groupColumn !== undefined ? ` ${columnName(current.groupColumn)}` : '';
  return (
    <span className="rd-row-head-inner">
      <span
        className="rd-row-number"
        onPointerDown={() =>
          designer.selectRange({ row, col: 0 }, { row, col: Math.max(0, sheetSize(draft.layout).cols - 1) })
        }
      >
        {row + 1}
      </span>
      <Dropdown menu={{ items, selectable: true, selectedKeys: [kind] }} trigger={['click']}>
        <button
          type="button"
          className={`rd-kind rd-kind-${kind}`}
          aria-label={t('designer.rowKindOf', { row: row + 1, kind: t(`designer.kinds.${kind}`) })}
          title={`${t(`designer.kinds.${kind}`)}${detail}${group}`}
        >
          {t(`designer.kinds.${kind}`)}
        </button>
      </Dropdown>
    </span>
  );
}
