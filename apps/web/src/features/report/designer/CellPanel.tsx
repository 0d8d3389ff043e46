import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  columnName,
  REPORT_AGGREGATES,
  REPORT_ROW_KINDS,
  type ReportCell,
  type ReportCellStyle,
  type ReportChart,
  type ReportCondition,
  type ReportRowKind,
} from '@platform/shared';
import AutoComplete from 'antd/es/auto-complete';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import ColorPicker from 'antd/es/color-picker';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Tabs from 'antd/es/tabs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrossTabFields } from './CrossTabFields.tsx';
import { FORMAT_PRESETS } from './DesignerToolbar.tsx';
import { DrillEditor } from './DrillEditor.tsx';
import { Field } from './Field.tsx';
import {
  cellAt,
  detailRowAbove,
  groupColumnsFor,
  patchCell,
  setRowKind,
  setStyle,
  typeIntoCell,
} from './sheet-edits.ts';
import type { Designer } from './use-designer.ts';

const CONDITION_OPS: ReportCondition['op'][] = ['>', '>=', '<', '<=', '=', '!='];

/** A text committed on Enter or when it loses focus, so typing a word is one undo step. */
function CommitInput({
  value,
  onCommit,
  ...rest
}: {
  value: string;
  onCommit: (value: string) => void;
  placeholder?: string;
  'aria-label'?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Input
      size="small"
      {...rest}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => text !== value && onCommit(text)}
      onPressEnter={() => text !== value && onCommit(text)}
    />
  );
}

/**
 * The right panel: the selected row's kind (with a detail row's dataset and a subtotal's group
 * column) and the selected cell's properties (text or formula, field, group, aggregate, format,
 * conditional styles, drill-through), and the report's charts.
 */
export function CellPanel({ designer, fields }: { designer: Designer; fields: Record<string, string[]> }) {
  const { t } = useTranslation('report');
  return (
    <aside className="rd-side rd-right" aria-label={t('designer.properties')}>
      <Tabs
        size="small"
        items={[
          {
            key: 'cell',
            label: t('designer.cellTab'),
            children: <CellProperties designer={designer} fields={fields} />,
          },
          { key: 'charts', label: t('designer.charts'), children: <ChartsPanel designer={designer} fields={fields} /> },
        ]}
      />
    </aside>
  );
}

function CellProperties({ designer, fields }: { designer: Designer; fields: Record<string, string[]> }) {
  const { t } = useTranslation('report');
  const { draft, editLayout, selection } = designer;
  const { layout } = draft;
  const { row, col } = selection.focus;
  const sheetRow = layout.rows?.[row];
  const kind: ReportRowKind = sheetRow?.kind ?? 'static';
  const cell: ReportCell = cellAt(layout, row, col) ?? {};
  const patch = (next: Partial<ReportCell>) => editLayout((l) => patchCell(l, row, col, next));
  const detail = kind === 'detail' ? row : detailRowAbove(layout, row);
  const dataset = detail >= 0 ? layout.rows?.[detail]?.dataset : undefined;
  const fieldOptions = (dataset ? (fields[dataset] ?? []) : Object.values(fields).flat()).map((f) => ({
    value: f,
    label: f,
  }));
  const groupColumns = groupColumnsFor(layout, row);
  const address = `${columnName(col)}${row + 1}`;

  return (
    <div className="rd-props">
      <h3>{t('designer.rowOf', { row: row + 1 })}</h3>
      <Field label={t('designer.rowKind')}>
        <Select
          size="small"
          value={kind}
          options={REPORT_ROW_KINDS.map((k) => ({ value: k, label: t(`designer.kinds.${k}`) }))}
          onChange={(next: ReportRowKind) =>
            editLayout((l) =>
              setRowKind(l, row, {
                kind: next,
                dataset: sheetRow?.dataset ?? draft.datasets[0]?.name,
                groupColumn: sheetRow?.groupColumn ?? groupColumnsFor(l, row)[0],
              }),
            )
          }
        />
      </Field>
      {kind === 'detail' ? (
        <Field label={t('designer.rowDataset')}>
          <Select
            size="small"
            value={sheetRow?.dataset}
            options={draft.datasets.map((d) => ({ value: d.name, label: d.name }))}
            onChange={(name: string) => editLayout((l) => setRowKind(l, row, { kind, dataset: name }))}
          />
        </Field>
      ) : null}
      {kind === 'subtotal' ? (
        <Field label={t('designer.groupColumn')}>
          <Select
            size="small"
            value={sheetRow?.groupColumn}
            placeholder={groupColumns.length ? undefined : t('designer.noGroupColumn')}
            options={groupColumns.map((c) => ({ value: c, label: columnName(c) }))}
            onChange={(c: number) => editLayout((l) => setRowKind(l, row, { kind, groupColumn: c }))}
          />
        </Field>
      ) : null}

      <h3>{t('designer.cellOf', { address })}</h3>
      <Field label={t('designer.text')}>
        <CommitInput
          value={cell.text ?? ''}
          placeholder={t('designer.textHint')}
          onCommit={(text) => editLayout((l) => typeIntoCell(l, row, col, text))}
        />
      </Field>
      {kind === 'detail' || kind === 'subtotal' || kind === 'total' ? (
        <Field label={t('designer.field')}>
          <AutoComplete
            size="small"
            allowClear
            value={cell.field ?? ''}
            options={fieldOptions}
            onChange={(field: string) => patch({ field: field || undefined, text: field ? undefined : cell.text })}
          />
        </Field>
      ) : null}
      {kind === 'detail' ? (
        <Field label={t('designer.group')}>
          <Switch
            size="small"
            checked={Boolean(cell.group)}
            disabled={!cell.field}
            onChange={(group) => patch({ group: group || undefined })}
          />
        </Field>
      ) : null}
      <CrossTabFields layout={layout} row={row} kind={kind} cell={cell} fields={fields} patch={patch} />
      {kind === 'subtotal' || kind === 'total' ? (
        <Field label={t('designer.aggregate')}>
          <Select
            size="small"
            allowClear
            value={cell.aggregate}
            options={REPORT_AGGREGATES.map((a) => ({ value: a, label: t(`designer.aggregates.${a}`) }))}
            onChange={(aggregate: ReportCell['aggregate']) =>
              patch({ aggregate: aggregate ?? undefined, text: undefined })
            }
          />
        </Field>
      ) : null}
      <Field label={t('designer.format')}>
        <AutoComplete
          size="small"
          allowClear
          value={cell.format ?? ''}
          options={FORMAT_PRESETS.map((format) => ({ value: format }))}
          onChange={(format: string) => patch({ format: format || undefined })}
        />
      </Field>
      <StyleEditor designer={designer} style={cell.style ?? {}} />
      <Conditions
        value={cell.conditions ?? []}
        onChange={(conditions) => patch({ conditions: conditions.length ? conditions : undefined })}
      />
      {kind === 'detail' ? (
        <DrillEditor value={cell.drill} fields={fieldOptions} onChange={(drill) => patch({ drill })} />
      ) : null}
    </div>
  );
}

/** The selection's look, as the toolbar sets it, in words: for a person who looks for it beside the cell's other properties. */
function StyleEditor({ designer, style }: { designer: Designer; style: ReportCellStyle }) {
  const { t } = useTranslation('report');
  const apply = (next: Partial<ReportCellStyle>) => designer.editLayout((l) => setStyle(l, designer.range, next));
  const hex = (color: { toHexString: () => string; cleared?: boolean }) =>
    color.cleared ? undefined : color.toHexString().slice(0, 7);
  return (
    <section className="rd-subsection" aria-label={t('designer.style')}>
      <h4>{t('designer.style')}</h4>
      <div className="rd-style-checks">
        <Checkbox checked={Boolean(style.bold)} onChange={(e) => apply({ bold: e.target.checked || undefined })}>
          {t('designer.bold')}
        </Checkbox>
        <Checkbox checked={Boolean(style.italic)} onChange={(e) => apply({ italic: e.target.checked || undefined })}>
          {t('designer.italic')}
        </Checkbox>
        <Checkbox checked={Boolean(style.border)} onChange={(e) => apply({ border: e.target.checked || undefined })}>
          {t('designer.border')}
        </Checkbox>
      </div>
      <Field label={t('designer.fontSize')}>
        <InputNumber
          size="small"
          min={6}
          max={72}
          precision={0}
          value={style.fontSize ?? null}
          onChange={(size) => apply({ fontSize: size ?? undefined })}
        />
      </Field>
      <Field label={t('designer.alignment')}>
        <Select
          size="small"
          allowClear
          value={style.align}
          options={(['left', 'center', 'right'] as const).map((align) => ({
            value: align,
            label: t(`designer.align.${align}`),
          }))}
          onChange={(align?: ReportCellStyle['align']) => apply({ align: align ?? undefined })}
        />
      </Field>
      <div className="rd-style-colors">
        <span>{t('designer.color')}</span>
        <ColorPicker
          size="small"
          allowClear
          value={style.color ?? null}
          onChangeComplete={(color) => apply({ color: hex(color) })}
          onClear={() => apply({ color: undefined })}
        />
        <span>{t('designer.background')}</span>
        <ColorPicker
          size="small"
          allowClear
          value={style.background ?? null}
          onChangeComplete={(color) => apply({ background: hex(color) })}
          onClear={() => apply({ background: undefined })}
        />
      </div>
    </section>
  );
}

function Conditions({ value, onChange }: { value: ReportCondition[]; onChange: (next: ReportCondition[]) => void }) {
  const { t } = useTranslation('report');
  const set = (i: number, next: Partial<ReportCondition>) =>
    onChange(value.map((c, j) => (j === i ? { ...c, ...next } : c)));
  return (
    <section className="rd-subsection" aria-label={t('designer.conditions')}>
      <header className="rd-side-head">
        <h4>{t('designer.conditions')}</h4>
        <Button
          size="small"
          type="link"
          icon={<PlusOutlined />}
          disabled={value.length >= 10}
          onClick={() => onChange([...value, { op: '<', value: 0, style: { color: '#cf1322' } }])}
        >
          {t('designer.addCondition')}
        </Button>
      </header>
      {value.map((condition, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the conditions are kept in order; the first that holds wins.
        <div key={i} className="rd-condition">
          <Select
            size="small"
            style={{ width: 64 }}
            aria-label={t('designer.conditionOp')}
            value={condition.op}
            options={CONDITION_OPS.map((op) => ({ value: op, label: op }))}
            onChange={(op: ReportCondition['op']) => set(i, { op })}
          />
          <CommitInput
            aria-label={t('designer.conditionValue')}
            value={String(condition.value)}
            onCommit={(text) => {
              const number = Number(text);
              set(i, { value: text.trim() !== '' && !Number.isNaN(number) ? number : text });
            }}
          />
          <ColorPicker
            size="small"
            value={condition.style.color ?? null}
            onChangeComplete={(color) =>
              set(i, { style: { ...condition.style, color: color.toHexString().slice(0, 7) } })
            }
          />
          <ColorPicker
            size="small"
            value={condition.style.background ?? null}
            onChangeComplete={(color) =>
              set(i, { style: { ...condition.style, background: color.toHexString().slice(0, 7) } })
            }
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('designer.removeCondition')}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          />
        </div>
      ))}
    </section>
  );
}

function ChartsPanel({ designer, fields }: { designer: Designer; fields: Record<string, string[]> }) {
  const { t } = useTranslation('report');
  const { draft, editLayout } = designer;
  const charts = draft.layout.charts ?? [];
  const setCharts = (next: ReportChart[]) =>
    editLayout((l) => {
      const { charts: _c, ...rest } = l;
      return next.length ? { ...rest, charts: next } : rest;
    });
  const set = (i: number, next: Partial<ReportChart>) =>
    setCharts(charts.map((c, j) => (j === i ? { ...c, ...next } : c)));
  const firstDataset = draft.datasets[0]?.name;
  return (
    <div className="rd-props">
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={!firstDataset || charts.length >= 10}
        onClick={() => {
          const first = fields[firstDataset ?? ''] ?? [];
          setCharts([
            ...charts,
            {
              dataset: firstDataset ?? '',
              type: 'bar',
              category: first[0] ?? '',
              values: first[1] ? [first[1]] : [],
            },
          ]);
        }}
      >
        {t('designer.addChart')}
      </Button>
      {charts.map((chart, i) => {
        const options = (fields[chart.dataset] ?? []).map((f) => ({ value: f, label: f }));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the charts are the layout's, in its order.
          <section key={i} className="rd-chart" aria-label={t('designer.chartOf', { index: i + 1 })}>
            <header className="rd-side-head">
              <h4>{t('designer.chartOf', { index: i + 1 })}</h4>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('designer.removeChart', { index: i + 1 })}
                onClick={() => setCharts(charts.filter((_, j) => j !== i))}
              />
            </header>
            <Field label={t('designer.chartTitle')}>
              <CommitInput value={chart.title ?? ''} onCommit={(title) => set(i, { title: title || undefined })} />
            </Field>
            <Field label={t('designer.chartDataset')}>
              <Select
                size="small"
                value={chart.dataset}
                options={draft.datasets.map((d) => ({ value: d.name, label: d.name }))}
                onChange={(dataset: string) => set(i, { dataset })}
              />
            </Field>
            <Field label={t('designer.chartType')}>
              <Select
                size="small"
                value={chart.type}
                options={(['bar', 'line', 'pie'] as const).map((type) => ({
                  value: type,
                  label: t(`designer.chartTypes.${type}`),
                }))}
                onChange={(type: ReportChart['type']) => set(i, { type })}
              />
            </Field>
            <Field label={t('designer.chartCategory')}>
              <Select
                size="small"
                value={chart.category || undefined}
                options={options}
                onChange={(category: string) => set(i, { category })}
              />
            </Field>
            <Field label={t('designer.chartValues')}>
              <Select
                size="small"
                mode="multiple"
                value={chart.values}
                options={options}
                onChange={(values: string[]) => set(i, { values })}
              />
            </Field>
          </section>
        );
      })}
    </div>
  );
}
