import { isFormDrill, type ReportDrill, type ReportFormDrill, type ReportReportDrill } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import TreeSelect from 'antd/es/tree-select';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportApi } from '../api.ts';
import { Field } from './Field.tsx';

type Target = 'report' | 'form';
type FieldOption = { value: string; label: string };
type Pair = { name: string; field: string };

const kindOf = (drill: ReportDrill | undefined): Target => (drill && isFormDrill(drill) ? 'form' : 'report');

/** `pairs` with `name` taking row field `field` (none: the pair goes). */
const paired = (pairs: readonly Pair[], name: string, field: string | undefined): Pair[] => [
  ...pairs.filter((pair) => pair.name !== name),
  ...(field ? [{ name, field }] : []),
];

/**
 * A detail cell's drill-through: 目标 报表 (another report, which of the row's fields gives each of
 * its parameters) or 表单 (a released form's records, which row field each of its fields must
 * equal). Changing the target drops the other kind's drill.
 */
export function DrillEditor({
  value,
  fields,
  onChange,
}: {
  value: ReportDrill | undefined;
  fields: FieldOption[];
  onChange: (drill: ReportDrill | undefined) => void;
}) {
  const { t } = useTranslation('report');
  const [target, setTarget] = useState<Target>(kindOf(value));
  useEffect(() => {
    if (value) setTarget(kindOf(value));
  }, [value]);
  const choose = (next: Target) => {
    setTarget(next);
    if (value && kindOf(value) !== next) onChange(undefined);
  };
  return (
    <section className="rd-subsection" aria-label={t('designer.drill')}>
      <h4>{t('designer.drill')}</h4>
      <div className="rd-prop">
        <span className="rd-prop-label">{t('designer.drillTarget')}</span>
        <Radio.Group
          size="small"
          optionType="button"
          aria-label={t('designer.drillTarget')}
          value={target}
          options={(['report', 'form'] as const).map((v) => ({ value: v, label: t(`designer.drillTargets.${v}`) }))}
          onChange={(e) => choose(e.target.value as Target)}
        />
      </div>
      {target === 'report' ? (
        <ReportTarget value={value && !isFormDrill(value) ? value : undefined} fields={fields} onChange={onChange} />
      ) : (
        <FormTarget value={value && isFormDrill(value) ? value : undefined} fields={fields} onChange={onChange} />
      )}
    </section>
  );
}

/** The target report, and which of the row's fields gives each of its parameters. */
function ReportTarget({
  value,
  fields,
  onChange,
}: {
  value: ReportReportDrill | undefined;
  fields: FieldOption[];
  onChange: (drill: ReportDrill | undefined) => void;
}) {
  const { t } = useTranslation('report');
  const reports = useQuery({ queryKey: ['report', 'selector'], queryFn: reportApi.selector, staleTime: 60_000 });
  const treeData = (reports.data?.list ?? []).map((category) => ({
    value: category.id,
    title: category.fullName,
    selectable: false,
    children: category.children.map((r) => ({ value: r.id, title: r.fullName })),
  }));
  const target = useQuery({
    queryKey: ['report', 'info', value?.reportId],
    queryFn: () => reportApi.info(value?.reportId ?? ''),
    enabled: Boolean(value?.reportId),
    staleTime: 60_000,
  });
  const pairs = value?.parameters ?? [];
  return (
    <>
      <Field label={t('designer.drillReport')}>
        <TreeSelect
          size="small"
          allowClear
          treeDefaultExpandAll
          treeData={treeData}
          value={value?.reportId}
          onChange={(reportId?: string) => onChange(reportId ? { reportId, parameters: [] } : undefined)}
        />
      </Field>
      {value
        ? (target.data?.parameters ?? []).map((p) => (
            <Field key={p.name} label={p.label}>
              <Select
                size="small"
                allowClear
                options={fields}
                value={pairs.find((pair) => pair.name === p.name)?.field}
                onChange={(field?: string) => onChange({ ...value, parameters: paired(pairs, p.name, field) })}
              />
            </Field>
          ))
        : null}
    </>
  );
}

/** The target form (the generated forms' selector), and which row field each of its fields must equal. */
function FormTarget({
  value,
  fields,
  onChange,
}: {
  value: ReportFormDrill | undefined;
  fields: FieldOption[];
  onChange: (drill: ReportDrill | undefined) => void;
}) {
  const { t } = useTranslation('report');
  const forms = useQuery({ queryKey: ['report', 'fromForm', 'forms'], queryFn: reportApi.forms, staleTime: 60_000 });
  const formFields = useQuery({
    queryKey: ['report', 'fromForm', 'fields', value?.formId],
    queryFn: () => reportApi.formFields(value?.formId ?? ''),
    enabled: Boolean(value?.formId),
    staleTime: 60_000,
  });
  const pairs = value?.fields ?? [];
  return (
    <>
      <Field label={t('designer.drillForm')}>
        <Select
          size="small"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={(forms.data ?? []).map((f) => ({ value: f.id, label: `${f.fullName} (${f.enCode})` }))}
          value={value?.formId}
          onChange={(formId?: string) => onChange(formId ? { target: 'form', formId, fields: [] } : undefined)}
        />
      </Field>
      {value ? <p className="rd-prop-hint">{t('designer.drillFormHint')}</p> : null}
      {value
        ? (formFields.data ?? []).map((f) => (
            <Field key={f.vModel} label={f.label}>
              <Select
                size="small"
                allowClear
                options={fields}
                value={pairs.find((pair) => pair.name === f.vModel)?.field}
                onChange={(field?: string) => onChange({ ...value, fields: paired(pairs, f.vModel, field) })}
              />
            </Field>
          ))
        : null}
    </>
  );
}
