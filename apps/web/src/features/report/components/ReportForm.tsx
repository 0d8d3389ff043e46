import type { ReportInfo, ReportInput } from '@platform/shared';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import {
  type CrudFormProps,
  FormDialog,
  RecordFields,
  type RecordValues,
  recordValues,
  useRecordForm,
} from '../../../shared/components/index.ts';
import { reportApi } from '../api.ts';

/** What the report designer edits; this dialog only carries it from the read back to the save. */
type ReportDefinition = Pick<ReportInput, 'parameters' | 'datasets' | 'layout'>;

export interface ReportValues extends RecordValues {
  categoryId?: string;
  definition?: ReportDefinition;
}

function toValues(info: ReportInfo): Partial<ReportValues> {
  const { parameters, datasets, layout } = info;
  return { ...recordValues(info), categoryId: info.categoryId, definition: { parameters, datasets, layout } };
}

/** A new report leaves the definition out (the server starts it empty); an edited one sends back what it read. */
function toInput(
  values: ReportValues,
): Omit<ReportInput, 'fullName' | 'enCode' | 'sortCode' | 'enabledMark' | 'description'> {
  return { categoryId: values.categoryId ?? '', ...values.definition };
}

/** Holds a form value no one edits here: the field renders nothing. */
function KeptValue(_: { value?: unknown }) {
  return null;
}

/**
 * The report's basic fields: name, code, category (a ReportSort entry), sort, state and description.
 * The rest is the designer's; a new report opens in it once saved.
 */
export function ReportForm({
  categories,
  onCreated,
  ...props
}: CrudFormProps<{ id?: string }> & {
  categories: { value: string; label: string }[];
  /** A new report saved: the list opens the designer on it. */
  onCreated?: (id: string) => void;
}) {
  const { t } = useTranslation('report');
  const { id, dialog } = useRecordForm<ReportValues, ReportInfo, ReportInput, { id?: string }>(props, {
    queryKey: ['report', 'info'],
    api: {
      ...reportApi,
      create: async (input: ReportInput) => {
        const created = await reportApi.create(input);
        if (created.data) onCreated?.(created.data.id);
        return created;
      },
    },
    toValues,
    toInput,
  });
  return (
    <FormDialog<ReportValues> {...dialog} title={id ? t('edit') : t('add')}>
      <Alert type="info" showIcon title={t('designerHint')} style={{ marginBottom: 16 }} />
      <RecordFields labels={[t('fullName'), t('enCode')]}>
        <Form.Item name="categoryId" label={t('category')} rules={[{ required: true, message: t('rules.category') }]}>
          <Select options={categories} showSearch optionFilterProp="label" />
        </Form.Item>
      </RecordFields>
      <Form.Item name="definition" hidden noStyle>
        <KeptValue />
      </Form.Item>
    </FormDialog>
  );
}
