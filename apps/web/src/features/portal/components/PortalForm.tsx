import type { PortalInfo, PortalInput } from '@platform/shared';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import {
  type CrudFormProps,
  FormDialog,
  RecordFields,
  type RecordValues,
  recordValues,
  useRecordForm,
} from '../../../shared/components/index.ts';
import { portalApi } from '../api.ts';

interface PortalValues extends RecordValues {
  category?: string;
  type: 0 | 1;
  linkType: 0 | 1;
  customUrl?: string;
  locked: boolean;
}

const toValues = (row: PortalInfo): Partial<PortalValues> => ({
  ...recordValues(row),
  type: row.type === 1 ? 1 : 0,
  linkType: row.linkType === 1 ? 1 : 0,
  customUrl: row.customUrl,
  locked: row.enabledLock === 1,
});

/** The dialog does not carry the cards: the server keeps them when formData is left out. */
const toInput = (
  values: PortalValues,
): Omit<PortalInput, 'fullName' | 'enCode' | 'sortCode' | 'enabledMark' | 'description'> => ({
  category: values.category ?? '',
  type: values.type,
  linkType: values.linkType,
  customUrl: values.type === 1 ? (values.customUrl ?? '') : null,
  enabledLock: values.locked ? 1 : 0,
});

/** A portal's name, code, category, kind (designed or a link) and lock. */
export function PortalForm({
  categories,
  ...props
}: CrudFormProps<{ id?: string }> & { categories: { value: string; label: string }[] }) {
  const { t } = useTranslation('portal');
  const { id, dialog } = useRecordForm<PortalValues, PortalInfo, PortalInput, { id?: string }>(props, {
    queryKey: ['portal', 'info'],
    api: { info: portalApi.info, create: portalApi.create, update: portalApi.update },
    toValues,
    toInput,
    initialValues: { type: 0, linkType: 0, locked: false },
  });
  return (
    <FormDialog<PortalValues> {...dialog} title={id ? t('edit') : t('add')}>
      <RecordFields labels={[t('fullName'), t('enCode')]}>
        <Form.Item name="category" label={t('category')} rules={[{ required: true, message: t('rules.category') }]}>
          <Select options={categories} />
        </Form.Item>
        <Form.Item name="type" label={t('type')}>
          <Radio.Group options={([0, 1] as const).map((value) => ({ value, label: t(`types.${value}`) }))} />
        </Form.Item>
        <Form.Item noStyle dependencies={['type']}>
          {({ getFieldValue }) =>
            getFieldValue('type') === 1 ? (
              <>
                <Form.Item name="linkType" label={t('linkType')}>
                  <Radio.Group
                    options={([0, 1] as const).map((value) => ({ value, label: t(`linkTypes.${value}`) }))}
                  />
                </Form.Item>
                <Form.Item
                  name="customUrl"
                  label={t('customUrl')}
                  rules={[{ required: true, message: t('rules.customUrl') }]}
                >
                  <Input maxLength={1000} />
                </Form.Item>
              </>
            ) : null
          }
        </Form.Item>
        <Form.Item name="locked" label={t('enabledLock')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </RecordFields>
    </FormDialog>
  );
}
