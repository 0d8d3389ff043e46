import type { ReportDataset, ReportInfo, ReportInput, ReportLayout, ReportParameter } from '@platform/shared';
import { useCallback, useReducer, useState } from 'react';
import { blankLayout, type CellRange, rangeOf, rangeWithMerges, sheetSize } from './sheet-edits.ts';

/** What the designer edits and undoes: a report's parameters, datasets and sheet. */
export interface ReportDraft {
  parameters: ReportParameter[];
  datasets: ReportDataset[];
  layout: ReportLayout;
}

export interface CellAddress {
  row: number;
  col: number;
}

/** A selection as Excel keeps it: where it started (anchor) and the cell the keyboard moves (focus). */
export interface Selection {
  anchor: CellAddress;
  focus: CellAddress;
}

interface History {
  past: ReportDraft[];
  present: ReportDraft;
  future: ReportDraft[];
  /** The draft as last saved: the designer is dirty while the present is another. */
  saved: ReportDraft;
}

type HistoryAction =
  | { type: 'change'; edit: (draft: ReportDraft) => ReportDraft }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'saved'; draft: ReportDraft };

/** Enough steps back for an afternoon's work without holding every layout ever made. */
const UNDO_LIMIT = 200;

function historyReducer(history: History, action: HistoryAction): History {
  switch (action.type) {
    case 'change': {
      const next = action.edit(history.present);
      if (next === history.present) return history;
      return { ...history, past: [...history.past, history.present].slice(-UNDO_LIMIT), present: next, future: [] };
    }
    case 'undo': {
      const previous = history.past.at(-1);
      if (!previous) return history;
      return {
        ...history,
        past: history.past.slice(0, -1),
        present: previous,
        future: [history.present, ...history.future],
      };
    }
    case 'redo': {
      const [next, ...rest] = history.future;
      if (!next) return history;
      return { ...history, past: [...history.past, history.present], present: next, future: rest };
    }
    case 'saved':
      return { ...history, saved: action.draft };
  }
}

/** The draft of a stored report; a report never designed starts on a blank sheet. */
export function draftOf(info: ReportInfo): ReportDraft {
  const layout = info.layout.rows?.length
    ? info.layout
    : { ...blankLayout(), ...info.layout, rows: blankLayout().rows };
  return {
    parameters: info.parameters.map(({ name, label, jnpfKey, required, defaultValue }) => ({
      name,
      label,
      jnpfKey,
      ...(required ? { required } : {}),
      ...(defaultValue !== null && defaultValue !== '' ? { defaultValue } : {}),
    })),
    datasets: info.datasets,
    layout,
  };
}

/** What PUT sends: the stored basic fields and the draft. */
export const reportInputOf = (info: ReportInfo, draft: ReportDraft): ReportInput => ({
  fullName: info.fullName,
  enCode: info.enCode,
  categoryId: info.categoryId,
  sortCode: info.sortCode,
  enabledMark: info.enabledMark === 1 ? 1 : 0,
  description: info.description,
  parameters: draft.parameters,
  datasets: draft.datasets,
  layout: draft.layout,
});

/** The designer's state: the draft with its undo history, and the selected cells. */
export function useDesigner(info: ReportInfo) {
  const [history, dispatch] = useReducer(historyReducer, info, (stored) => {
    const draft = draftOf(stored);
    return { past: [], present: draft, future: [], saved: draft };
  });
  const draft = history.present;
  const [selection, setSelection] = useState<Selection>({ anchor: { row: 0, col: 0 }, focus: { row: 0, col: 0 } });

  const change = useCallback((edit: (draft: ReportDraft) => ReportDraft) => dispatch({ type: 'change', edit }), []);
  const editLayout = useCallback(
    (edit: (layout: ReportLayout) => ReportLayout) => change((d) => ({ ...d, layout: edit(d.layout) })),
    [change],
  );
  const size = sheetSize(draft.layout);
  // After an undo or a deleted row the selection may point past the sheet: keep it inside.
  const clamp = (cell: CellAddress): CellAddress => ({
    row: Math.min(cell.row, size.rows - 1),
    col: Math.min(cell.col, size.cols - 1),
  });
  const focus = clamp(selection.focus);
  const anchor = clamp(selection.anchor);
  const merges = draft.layout.merges;
  const range: CellRange = rangeWithMerges(rangeOf(anchor, focus), merges ?? []);

  return {
    draft,
    change,
    editLayout,
    undo: () => dispatch({ type: 'undo' }),
    redo: () => dispatch({ type: 'redo' }),
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    dirty: history.present !== history.saved,
    markSaved: (saved: ReportDraft) => dispatch({ type: 'saved', draft: saved }),
    selection: { anchor, focus },
    range,
    select: (next: CellAddress, extend = false) =>
      setSelection((s) => ({ anchor: extend ? s.anchor : next, focus: next })),
    selectRange: (from: CellAddress, to: CellAddress) => setSelection({ anchor: from, focus: to }),
  };
}

export type Designer = ReturnType<typeof useDesigner>;
