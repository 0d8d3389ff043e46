import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { type CrudFormProps, RecordFormDialog, type RecordValues } from '../../../shared/components/index.ts';
import { systemApi } from '../api.ts';

/** Create or edit an application (600 px). */
export function SystemForm(props: CrudFormProps<{ id?: string }>) {
  const { t } = useTranslation('system');
  return (
    <RecordFormDialog
      {...props}
      queryKey={['system', 'info']}
      api={systemApi}
      toInput={(values: RecordValues & { icon?: string }) => ({ icon: values.icon ?? '' })}
      titles={[t('addSystem'), t('editSystem')]}
      labels={[t('systemName'), t('systemCode')]}
    >
      <Form.Item name="icon" label={t('icon')}>
        <Input maxLength={100} placeholder="icon-ym icon-ym-..." />
      </Form.Item>
    </RecordFormDialog>
  );
}
