import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type FormField, type FormValues, isSummaryColumn, summarizeColumn } from '@platform/shared';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Popconfirm from 'antd/es/popconfirm';
import { Suspense, useState } from 'react';
import { useToast } from '../toast.tsx';
import { useEngine } from './context.ts';
import { childrenOf, isShown, kindOf, newRow } from './definition.ts';
import { useFormEngineTranslation } from './i18n.ts';
import { displayKinds, kinds } from './kinds.tsx';
import { useFieldError, useFieldValue } from './store.ts';
import { columnOf, type RowError } from './validate.ts';

interface Btn {
  value: string;
  label?: string;
  show?: boolean;
}

function buttons(list: unknown, fallback: Btn[]): Btn[] {
  if (!Array.isArray(list)) return fallback;
  return (list as Btn[]).filter((b) => b && typeof b.value === 'string' && b.show !== false);
}

/** The sub-table's rows, selection and buttons, and the actions on them; its parts draw from this. */
function useSubTable(field: FormField) {
  const { store, mode, disabled: formDisabled } = useEngine();
  const { t } = useFormEngineTranslation();
  const toast = useToast();
  const name = field.__vModel__ as string;
  const value = useFieldValue(store, name);
  const error = useFieldError(store, name);
  const rows = (Array.isArray(value) ? value : []) as FormValues[];
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const columns = childrenOf(field).filter((c) => isShown(c) && c.__vModel__);
  const editing = mode === 'edit' && !formDisabled && !field.disabled;
  const config = field.__config__;
  const rowButtons = buttons(field.columnBtnsList, [
    { value: 'copy', show: true },
    { value: 'remove', show: true },
  ]);
  const footerButtons = buttons(field.footerBtnsList, [
    { value: 'add', show: true },
    { value: 'batchRemove', show: true },
  ]);
  const summaryField = Array.isArray(field.summaryField) ? (field.summaryField as string[]) : [];
  const rowErrors = Array.isArray(error) ? (error as RowError[]) : [];

  const setRows = (next: FormValues[]) => {
    setSelected(new Set());
    store.set(name, next);
  };
  const toggle = (i: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(i);
    else next.delete(i);
    setSelected(next);
  };
  return {
    field,
    name,
    mode,
    rows,
    columns,
    editing,
    rowButtons,
    footerButtons,
    selection: editing && field.hasSelection !== false && footerButtons.some((b) => b.value === 'batchRemove'),
    summaryField,
    showSummary: !!field.showSummary && summaryField.length > 0,
    rowErrors,
    tableMessage: typeof error === 'string' ? error : undefined,
    header: headerLayout(columns, config.complexHeaderList ?? field.complexHeaderList),
    confirmRemove: !!field.deleteConfirm || !!config.isConfirmRemove,
    selected,
    selectAll: (on: boolean) => setSelected(on ? new Set(rows.map((_, i) => i)) : new Set()),
    toggle,
    add: () => setRows([...rows, newRow(field)]),
    copy: (i: number) => setRows([...rows.slice(0, i + 1), structuredClone(rows[i] ?? {}), ...rows.slice(i + 1)]),
    remove: (i: number) => setRows(rows.filter((_, j) => j !== i)),
    batchRemove: () => {
      if (selected.size === 0) {
        toast.error(t('table.selectOne'));
        return;
      }
      setRows(rows.filter((_, j) => !selected.has(j)));
    },
  };
}

type SubTableState = ReturnType<typeof useSubTable>;

/**
 * The sub-table (input table): sequence column, optional selection column, one column per shown
 * child field, an action column (copy, remove), footer buttons (add, batch remove) and an optional
 * summary row ("合计", two decimals, thousands when the column uses them, masked inputs never
 * summed). Cells are validated row by row on submit with "{label}不能为空" and the regList messages.
 */
export function SubTable({ field }: { field: FormField }) {
  const { t } = useFormEngineTranslation();
  const table = useSubTable(field);
  const { name, mode, rows, columns, editing, rowButtons, selection, showSummary, tableMessage } = table;
  const config = field.__config__;
  return (
    <div className="fe-subtable" data-field={name}>
      {config.showTitle !== false && config.label ? (
        <div className="fe-subtable-title">
          {mode === 'edit' && config.required ? <span className="fe-required">*</span> : null}
          {config.label}
        </div>
      ) : null}
      <div className="fe-subtable-scroll">
        <table className="fe-subtable-table">
          <Head table={table} />
          <tbody>
            {rows.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional, like the stored list
              <BodyRow key={i} table={table} row={row} index={i} />
            ))}
            {rows.length === 0 ? (
              <tr>
                <td className="fe-subtable-empty" colSpan={columns.length + 3}>
                  {t('noData')}
                </td>
              </tr>
            ) : null}
          </tbody>
          {showSummary ? (
            <tfoot>
              <tr className="fe-summary">
                {selection ? <td /> : null}
                <td>{t('table.summary')}</td>
                {columns.map((c) => {
                  const col = columnOf(c);
                  return (
                    <td key={col.field}>
                      {isSummaryColumn(col, table.summaryField) ? summarizeColumn(rows, col) : ''}
                    </td>
                  );
                })}
                {editing && rowButtons.length ? <td /> : null}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
      {tableMessage ? (
        <div className="fe-error" role="alert">
          {tableMessage}
        </div>
      ) : null}
      {editing ? <Footer table={table} /> : null}
    </div>
  );
}

/** The header rows: selection, sequence, the columns (grouped ones over a second row), actions. */
function Head({ table }: { table: SubTableState }) {
  const { t } = useFormEngineTranslation();
  const { rows, selected, selection, editing, rowButtons } = table;
  const { cells, rows: headerRows } = table.header;
  return (
    <thead>
      <tr>
        {selection ? (
          <th className="fe-col-select" rowSpan={headerRows}>
            <Checkbox
              aria-label={t('table.batchRemove')}
              checked={rows.length > 0 && selected.size === rows.length}
              onChange={(e) => table.selectAll(e.target.checked)}
            />
          </th>
        ) : null}
        <th className="fe-col-index" rowSpan={headerRows}>
          {t('table.index')}
        </th>
        {cells.map((cell) =>
          cell.group ? (
            <th key={`group-${cell.key}`} colSpan={cell.span} className="fe-col-group" style={{ textAlign: 'center' }}>
              {cell.group}
            </th>
          ) : (
            <ColumnHeader key={cell.key} column={cell.column as FormField} editing={editing} rowSpan={headerRows} />
          ),
        )}
        {editing && rowButtons.length ? (
          <th className="fe-col-action" rowSpan={headerRows} style={{ width: 50 * rowButtons.length || 100 }}>
            {t('table.action')}
          </th>
        ) : null}
      </tr>
      {headerRows === 2 ? (
        <tr>
          {cells
            .filter((cell) => cell.group)
            .flatMap((cell) => cell.members)
            .map((c) => (
              <ColumnHeader key={c.__vModel__} column={c} editing={editing} rowSpan={1} />
            ))}
        </tr>
      ) : null}
    </thead>
  );
}

/** One row: its selection box, number, cells with their messages, and its buttons. */
function BodyRow({ table, row, index: i }: { table: SubTableState; row: FormValues; index: number }) {
  const { t } = useFormEngineTranslation();
  const { name, field, columns, rowErrors, editing, rowButtons } = table;
  return (
    <tr data-row={i}>
      {table.selection ? (
        <td className="fe-col-select">
          <Checkbox
            aria-label={`${t('table.index')} ${i + 1}`}
            checked={table.selected.has(i)}
            onChange={(e) => table.toggle(i, e.target.checked)}
          />
        </td>
      ) : null}
      <td className="fe-col-index">{i + 1}</td>
      {columns.map((c) => {
        const column = c.__vModel__ as string;
        const message = rowErrors.find((e) => e.row === i && e.field === column)?.message;
        return (
          <td key={column} className={message ? 'fe-cell-error' : undefined}>
            <Cell table={name} tableField={field} column={c} row={row} rowIndex={i} editing={editing} />
            {message ? (
              <div className="fe-error" role="alert">
                {message}
              </div>
            ) : null}
          </td>
        );
      })}
      {editing && rowButtons.length ? (
        <td className="fe-col-action">
          {rowButtons.map((b) =>
            b.value === 'copy' ? (
              <Button key="copy" type="link" size="small" onClick={() => table.copy(i)}>
                {b.label || t('table.copy')}
              </Button>
            ) : b.value === 'remove' ? (
              <RemoveButton key="remove" table={table} index={i} label={b.label || t('table.remove')} />
            ) : null,
          )}
        </td>
      ) : null}
    </tr>
  );
}

/** A row's remove button, asking first when the table says so. */
function RemoveButton({ table, index, label }: { table: SubTableState; index: number; label: string }) {
  const { t } = useFormEngineTranslation();
  if (!table.confirmRemove)
    return (
      <Button type="link" size="small" danger onClick={() => table.remove(index)}>
        {label}
      </Button>
    );
  return (
    <Popconfirm
      title={t('table.confirmRemove')}
      onConfirm={() => table.remove(index)}
      okText={t('ok')}
      cancelText={t('cancel')}
    >
      <Button type="link" size="small" danger>
        {label}
      </Button>
    </Popconfirm>
  );
}

/** The buttons under the table: add a row, remove the selected ones. */
function Footer({ table }: { table: SubTableState }) {
  const { t } = useFormEngineTranslation();
  return (
    <div className="fe-subtable-footer">
      {table.footerButtons.map((b) =>
        b.value === 'add' ? (
          <Button key="add" type="primary" ghost icon={<PlusOutlined />} onClick={table.add}>
            {b.label || t('table.add')}
          </Button>
        ) : b.value === 'batchRemove' ? (
          <Button key="batchRemove" danger icon={<DeleteOutlined />} onClick={table.batchRemove}>
            {b.label || t('table.batchRemove')}
          </Button>
        ) : null,
      )}
    </div>
  );
}

function Cell({
  table,
  column,
  row,
  rowIndex,
  editing,
}: {
  table: string;
  tableField: FormField;
  column: FormField;
  row: FormValues;
  rowIndex: number;
  editing: boolean;
}) {
  const { store } = useEngine();
  const name = column.__vModel__ as string;
  const kindKey = kindOf(column);
  const Display = displayKinds[kindKey];
  if (Display) return <Display field={column} value={undefined} store={store} row={row} />;
  const kind = kinds[kindKey];
  const value = row[name];
  if (!kind) return <span>{value === null || value === undefined ? '' : String(value)}</span>;
  if (!editing) {
    const View = kind.view;
    return View ? <View field={column} value={value} store={store} row={row} /> : <span>{String(value ?? '')}</span>;
  }
  const Edit = kind.edit;
  return (
    <Suspense fallback={null}>
      <Edit
        field={column}
        value={value}
        row={row}
        store={store}
        disabled={!!column.disabled}
        id={`fe-${table}-${rowIndex}-${name}`}
        onChange={(v) => store.setCell(table, rowIndex, name, v)}
      />
    </Suspense>
  );
}

function ColumnHeader({ column, editing, rowSpan }: { column: FormField; editing: boolean; rowSpan: number }) {
  return (
    <th rowSpan={rowSpan} style={{ textAlign: (column.__config__.tableAlign as 'left') || 'left' }}>
      {editing && column.__config__.required ? <span className="fe-required">*</span> : null}
      {column.__config__.label}
    </th>
  );
}

interface HeaderCell {
  key: string;
  group?: string;
  span: number;
  column?: FormField;
  members: FormField[];
}

/**
 * Grouped headers (complexHeaderList: label and childColumns): a group's header spans its
 * consecutive member columns over a second header row; other columns span both rows.
 */
export function headerLayout(columns: readonly FormField[], complex: unknown): { cells: HeaderCell[]; rows: number } {
  const groups = Array.isArray(complex)
    ? (complex as { label?: string; fullName?: string; childColumns?: string[] }[]).filter(
        (g) => g && Array.isArray(g.childColumns) && g.childColumns.length > 0,
      )
    : [];
  const groupOf = (name: string) => groups.find((g) => g.childColumns?.includes(name));
  const cells: HeaderCell[] = [];
  for (const column of columns) {
    const name = column.__vModel__ as string;
    const group = groupOf(name);
    const last = cells[cells.length - 1];
    if (group && last?.group !== undefined && groupOf(last.members[0]?.__vModel__ as string) === group) {
      last.members.push(column);
      last.span++;
    } else if (group) {
      cells.push({ key: name, group: String(group.label ?? group.fullName ?? ''), span: 1, members: [column] });
    } else {
      cells.push({ key: name, span: 1, column, members: [column] });
    }
  }
  return { cells, rows: cells.some((c) => c.group !== undefined) ? 2 : 1 };
}
