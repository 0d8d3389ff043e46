import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import {
  type CrudFormProps,
  PickerField,
  RecordFormDialog,
  type RecordValues,
  useAdminRules,
} from '../../../shared/components/index.ts';
import { positionApi } from '../api.ts';

export interface PositionValues extends RecordValues {
  organizeId: string;
  type?: string;
}

/** `id` absent: a new position in `organizeId`. */
export interface PositionTarget {
  id?: string;
  organizeId?: string;
}

/** Create or edit a position (600 px). */
export function PositionForm(props: CrudFormProps<PositionTarget>) {
  const { t } = useTranslation('position');
  const rules = useAdminRules();
  return (
    <RecordFormDialog
      {...props}
      queryKey={['position', 'info']}
      api={positionApi}
      toInput={(values: PositionValues) => ({ organizeId: values.organizeId, type: values.type ?? '' })}
      initialValues={{ organizeId: props.target?.organizeId }}
      titles={[t('addPosition'), t('editPosition')]}
      lead={
        <Form.Item name="organizeId" label={t('department')} rules={rules.select(t('department'))}>
          <PickerField kind="organize" />
        </Form.Item>
      }
      labels={[t('positionName'), t('positionCode')]}
    >
      <Form.Item name="type" label={t('positionType')}>
        <Input maxLength={50} />
      </Form.Item>
    </RecordFormDialog>
  );
}
