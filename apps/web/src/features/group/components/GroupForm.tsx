import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { type CrudFormProps, RecordFormDialog, type RecordValues } from '../../../shared/components/index.ts';
import { groupApi } from '../api.ts';

/** Create or edit a group (600 px). */
export function GroupForm(props: CrudFormProps<{ id?: string }>) {
  const { t } = useTranslation('group');
  return (
    <RecordFormDialog
      {...props}
      queryKey={['group', 'info']}
      api={groupApi}
      toInput={(values: RecordValues & { type?: string }) => ({ type: values.type ?? '' })}
      titles={[t('addGroup'), t('editGroup')]}
      labels={[t('groupName'), t('groupCode')]}
    >
      <Form.Item name="type" label={t('groupType')}>
        <Input maxLength={50} />
      </Form.Item>
    </RecordFormDialog>
  );
}
