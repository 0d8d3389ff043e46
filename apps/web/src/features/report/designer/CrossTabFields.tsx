import { REPORT_AGGREGATES, type ReportCell, type ReportLayout, type ReportRowKind } from '@platform/shared';
import AutoComplete from 'antd/es/auto-complete';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { Field } from './Field.tsx';

/** The dataset of the first detail row below `row`: the one a header cell expanding right takes its values from. */
export function detailDatasetBelow(layout: ReportLayout, row: number): string | undefined {
  return (layout.rows ?? []).slice(row + 1).find((r) => r.kind === 'detail')?.dataset;
}

/**
 * The cross-tab's two controls (ReportCell.expand): on a header (static) row, the field whose
 * values become one column each (向右展开); on a detail row, the measure a bound cell aggregates
 * per row group and column value (汇总方式), which makes the row one row per group.
 */
export function CrossTabFields({
  layout,
  row,
  kind,
  cell,
  fields,
  patch,
}: {
  layout: ReportLayout;
  row: number;
  kind: ReportRowKind;
  cell: ReportCell;
  fields: Record<string, string[]>;
  patch: (next: Partial<ReportCell>) => void;
}) {
  const { t } = useTranslation('report');
  if (kind === 'static') {
    const dataset = detailDatasetBelow(layout, row);
    const options = (dataset ? (fields[dataset] ?? []) : Object.values(fields).flat()).map((f) => ({ value: f }));
    return (
      <Field label={t('crossTab.expandRight')}>
        <AutoComplete
          size="small"
          allowClear
          placeholder={t('crossTab.expandHint')}
          value={cell.expand === 'right' ? (cell.field ?? '') : ''}
          options={options}
          onChange={(field: string) =>
            patch(
              field
                ? { field, expand: 'right', text: undefined }
                : { field: undefined, expand: undefined, text: cell.expand ? undefined : cell.text },
            )
          }
        />
      </Field>
    );
  }
  if (kind !== 'detail') return null;
  return (
    <Field label={t('crossTab.measure')}>
      <Select
        size="small"
        allowClear
        disabled={!cell.field}
        placeholder={t('crossTab.measureHint')}
        value={cell.aggregate}
        options={REPORT_AGGREGATES.map((a) => ({ value: a, label: t(`designer.aggregates.${a}`) }))}
        onChange={(aggregate: ReportCell['aggregate']) =>
          patch({ aggregate: aggregate ?? undefined, group: aggregate ? undefined : cell.group })
        }
      />
    </Field>
  );
}
