import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import {
  REPORT_NAME_PATTERN,
  REPORT_PARAMETER_KINDS,
  type ReportDataset,
  type ReportParameter,
} from '@platform/shared';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Tooltip from 'antd/es/tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InterfaceSelect } from '../../../shared/components/index.ts';
import { useInterfaceParameters } from '../../dataInterface/index.ts';
import { bindField } from './sheet-edits.ts';
import type { Designer } from './use-designer.ts';

const namePattern = new RegExp(REPORT_NAME_PATTERN);

/**
 * The left panel: the report's parameters (its search form), its datasets (a data interface each,
 * the interface's parameters fed by the report's) and each dataset's fields, as the live view
 * reports them. Clicking a field binds it to the selected cell.
 */
export function DataPanel({ designer, fields }: { designer: Designer; fields: Record<string, string[]> }) {
  const { t } = useTranslation('report');
  const { draft, change, editLayout, selection } = designer;
  const [parameter, setParameter] = useState<{ index: number } | null>(null);
  const [dataset, setDataset] = useState<{ index: number } | null>(null);

  const removeAt = <T,>(list: readonly T[], index: number) => list.filter((_, i) => i !== index);

  return (
    <aside className="rd-side rd-left" aria-label={t('designer.data')}>
      <section aria-labelledby="rd-parameters">
        <header className="rd-side-head">
          <h3 id="rd-parameters">{t('designer.parameters')}</h3>
          <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setParameter({ index: -1 })}>
            {t('designer.addParameter')}
          </Button>
        </header>
        <ul className="rd-list">
          {draft.parameters.map((p, i) => (
            <li key={p.name}>
              <span className="rd-list-name" title={p.name}>
                {p.label} <code>{p.name}</code>
              </span>
              <ItemButtons
                name={p.label}
                onEdit={() => setParameter({ index: i })}
                onRemove={() => change((d) => ({ ...d, parameters: removeAt(d.parameters, i) }))}
              />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="rd-datasets">
        <header className="rd-side-head">
          <h3 id="rd-datasets">{t('designer.datasets')}</h3>
          <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setDataset({ index: -1 })}>
            {t('designer.addDataset')}
          </Button>
        </header>
        {draft.datasets.map((d, i) => (
          <div key={d.name} className="rd-dataset">
            <div className="rd-list-row">
              <strong className="rd-list-name">{d.name}</strong>
              <ItemButtons
                name={d.name}
                onEdit={() => setDataset({ index: i })}
                onRemove={() => change((x) => ({ ...x, datasets: removeAt(x.datasets, i) }))}
              />
            </div>
            <fieldset className="rd-fields" aria-label={t('designer.fieldsOf', { name: d.name })}>
              {(fields[d.name] ?? []).map((field) => (
                <DraggableField
                  key={field}
                  dataset={d.name}
                  field={field}
                  onBind={() =>
                    editLayout((l) => bindField(l, selection.focus.row, selection.focus.col, d.name, field))
                  }
                />
              ))}
              {fields[d.name]?.length ? null : <span className="rd-muted">{t('designer.noFields')}</span>}
            </fieldset>
          </div>
        ))}
      </section>
      <ParameterDialog
        target={parameter}
        parameters={draft.parameters}
        onClose={() => setParameter(null)}
        onSave={(value, index) => {
          change((d) => ({
            ...d,
            parameters: index < 0 ? [...d.parameters, value] : d.parameters.map((p, i) => (i === index ? value : p)),
          }));
          setParameter(null);
        }}
      />
      <DatasetDialog
        target={dataset}
        datasets={draft.datasets}
        parameters={draft.parameters}
        onClose={() => setDataset(null)}
        onSave={(value, index) => {
          change((d) => ({
            ...d,
            datasets: index < 0 ? [...d.datasets, value] : d.datasets.map((x, i) => (i === index ? value : x)),
            // A renamed dataset keeps its detail rows and charts.
            layout:
              index >= 0 && d.datasets[index] && d.datasets[index].name !== value.name
                ? renameDataset(d.layout, d.datasets[index].name, value.name)
                : d.layout,
          }));
          setDataset(null);
        }}
      />
    </aside>
  );
}

/** What a dragged field carries to the cell it is dropped on. */
export interface FieldDrag {
  kind: 'field';
  dataset: string;
  field: string;
}

/** A dataset's field: a click binds it to the selected cell; dragged, it binds the cell it is dropped on. */
function DraggableField({ dataset, field, onBind }: { dataset: string; field: string; onBind: () => void }) {
  const { t } = useTranslation('report');
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `field:${dataset}:${field}`,
    data: { kind: 'field', dataset, field } satisfies FieldDrag,
  });
  return (
    <Button
      ref={setNodeRef}
      size="small"
      className={isDragging ? 'rd-field rd-field-dragging' : 'rd-field'}
      title={t('designer.bindHint')}
      {...listeners}
      onClick={onBind}
    >
      {field}
    </Button>
  );
}

function renameDataset(layout: Designer['draft']['layout'], from: string, to: string) {
  return {
    ...layout,
    rows: layout.rows?.map((row) => (row.dataset === from ? { ...row, dataset: to } : row)),
    charts: layout.charts?.map((chart) => (chart.dataset === from ? { ...chart, dataset: to } : chart)),
  };
}

function ItemButtons({ name, onEdit, onRemove }: { name: string; onEdit: () => void; onRemove: () => void }) {
  const { t } = useTranslation('report');
  return (
    <span className="rd-item-buttons">
      <Tooltip title={t('designer.editItem', { name })}>
        <Button
          size="small"
          type="text"
          icon={<EditOutlined />}
          aria-label={t('designer.editItem', { name })}
          onClick={onEdit}
        />
      </Tooltip>
      <Tooltip title={t('designer.removeItem', { name })}>
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('designer.removeItem', { name })}
          onClick={onRemove}
        />
      </Tooltip>
    </span>
  );
}

/** A name rule: an identifier (a formula or a cell may name it), not taken by another item. */
function useNameRules(taken: readonly string[]) {
  const { t } = useTranslation('report');
  return [
    { required: true, message: t('designer.nameRequired') },
    { pattern: namePattern, message: t('designer.nameRule') },
    {
      validator: (_: unknown, value: string) =>
        taken.includes(value) ? Promise.reject(new Error(t('designer.nameTaken'))) : Promise.resolve(),
    },
  ];
}

interface ParameterValues {
  name: string;
  label: string;
  jnpfKey: string;
  required: boolean;
  defaultValue?: string;
}

type DefaultValue = ReportParameter['defaultValue'];

/** The default as the form edits it (text), and back: numbers stay numbers for a number parameter. */
const defaultText = (value: DefaultValue) =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value);
function defaultOf(jnpfKey: string, text: string | undefined): DefaultValue {
  const value = text?.trim();
  if (!value) return undefined;
  if (jnpfKey === 'inputNumber' && !Number.isNaN(Number(value))) return Number(value);
  if (jnpfKey === 'switch') return value === '1' || value === 'true';
  return value;
}

function ParameterDialog({
  target,
  parameters,
  onClose,
  onSave,
}: {
  target: { index: number } | null;
  parameters: readonly ReportParameter[];
  onClose: () => void;
  onSave: (value: ReportParameter, index: number) => void;
}) {
  const { t } = useTranslation('report');
  const [form] = Form.useForm<ParameterValues>();
  const index = target?.index ?? -1;
  const editing = parameters[index];
  const rules = useNameRules(parameters.filter((_, i) => i !== index).map((p) => p.name));
  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? { ...editing, required: Boolean(editing.required), defaultValue: defaultText(editing.defaultValue) }
        : { jnpfKey: 'input', required: false },
    );
  }, [target, editing, form]);
  const submit = async () => {
    const v = await form.validateFields();
    const defaultValue = defaultOf(v.jnpfKey, v.defaultValue);
    onSave(
      {
        name: v.name,
        label: v.label.trim(),
        jnpfKey: v.jnpfKey,
        ...(v.required ? { required: true } : {}),
        ...(defaultValue === undefined ? {} : { defaultValue }),
      },
      index,
    );
  };
  return (
    <Modal
      open={Boolean(target)}
      title={editing ? t('designer.editParameter') : t('designer.addParameter')}
      width={600}
      onCancel={onClose}
      onOk={submit}
      forceRender
    >
      <Form form={form} name="reportParameter" layout="vertical">
        <Form.Item name="name" label={t('designer.parameterName')} rules={rules}>
          <Input />
        </Form.Item>
        <Form.Item
          name="label"
          label={t('designer.parameterLabel')}
          rules={[{ required: true, whitespace: true, max: 50 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="jnpfKey" label={t('designer.parameterKind')}>
          <Select
            showSearch
            optionFilterProp="label"
            options={REPORT_PARAMETER_KINDS.map((kind) => ({ value: kind, label: t(`designer.widgets.${kind}`) }))}
          />
        </Form.Item>
        <Form.Item name="required" valuePropName="checked">
          <Checkbox>{t('designer.required')}</Checkbox>
        </Form.Item>
        <Form.Item name="defaultValue" label={t('designer.defaultValue')}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface DatasetValues {
  name: string;
  interfaceId?: string;
  map: Record<string, string | undefined>;
}

function DatasetDialog({
  target,
  datasets,
  parameters,
  onClose,
  onSave,
}: {
  target: { index: number } | null;
  datasets: readonly ReportDataset[];
  parameters: readonly ReportParameter[];
  onClose: () => void;
  onSave: (value: ReportDataset, index: number) => void;
}) {
  const { t } = useTranslation('report');
  const [form] = Form.useForm<DatasetValues>();
  const index = target?.index ?? -1;
  const editing = datasets[index];
  const rules = useNameRules(datasets.filter((_, i) => i !== index).map((d) => d.name));
  const interfaceId = Form.useWatch('interfaceId', form) ?? '';
  const interfaceParameters = useInterfaceParameters(interfaceId);
  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
            name: editing.name,
            interfaceId: editing.interfaceId,
            map: Object.fromEntries((editing.parameterMap ?? []).map((m) => [m.field, m.parameter])),
          }
        : { name: datasets.length ? `data${datasets.length + 1}` : 'data', map: {} },
    );
  }, [target, editing, datasets.length, form]);
  const submit = async () => {
    const v = await form.validateFields();
    const map = v.map ?? {};
    onSave(
      {
        name: v.name,
        interfaceId: v.interfaceId ?? '',
        parameterMap: (interfaceParameters.data ?? []).flatMap((p) => {
          const parameter = map[p.field];
          return parameter ? [{ field: p.field, parameter }] : [];
        }),
      },
      index,
    );
  };
  const parameterOptions = parameters.map((p) => ({ value: p.name, label: `${p.label} (${p.name})` }));
  return (
    <Modal
      open={Boolean(target)}
      title={editing ? t('designer.editDataset') : t('designer.addDataset')}
      width={600}
      onCancel={onClose}
      onOk={submit}
      forceRender
    >
      <Form form={form} name="reportDataset" layout="vertical">
        <Form.Item name="name" label={t('designer.datasetName')} rules={rules}>
          <Input />
        </Form.Item>
        <Form.Item
          name="interfaceId"
          label={t('designer.dataInterface')}
          rules={[{ required: true, message: t('designer.interfaceRequired') }]}
        >
          <InterfaceSelect aria-label={t('designer.dataInterface')} />
        </Form.Item>
        {interfaceId ? (
          <fieldset className="rd-mapping">
            <legend>{t('designer.parameterMap')}</legend>
            {(interfaceParameters.data ?? []).map((p) => (
              <Form.Item
                key={p.field}
                name={['map', p.field]}
                label={p.fieldName ? `${p.fieldName} (${p.field})` : p.field}
              >
                <Select allowClear options={parameterOptions} placeholder={t('designer.chooseParameter')} />
              </Form.Item>
            ))}
            {interfaceParameters.data && !interfaceParameters.data.length ? (
              <span className="rd-muted">{t('designer.noInterfaceParameters')}</span>
            ) : null}
          </fieldset>
        ) : null}
      </Form>
    </Modal>
  );
}
