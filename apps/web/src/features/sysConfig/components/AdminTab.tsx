import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerField, useConfirm, useSuccessToast } from '../../../shared/components/index.ts';
import { administratorsKey, sysConfigApi } from '../api.ts';
import { LoadFailed } from './LoadFailed.tsx';

/**
 * 管理员: who the administrators are, changed with the user picker. Only an administrator may
 * change it and must stay one; the server says so when not.
 */
export function AdminTab() {
  const { t } = useTranslation('sysConfig');
  const administrators = useQuery({ queryKey: administratorsKey, queryFn: sysConfigApi.administrators });
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [confirm, holder] = useConfirm();
  const success = useSuccessToast();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (administrators.data) setChosen(administrators.data.map((admin) => admin.id));
  }, [administrators.data]);

  if (administrators.isError) return <LoadFailed onRetry={() => administrators.refetch()} />;
  if (!administrators.data) return <Spin className="sys-config-loading" />;

  const save = () =>
    confirm.text(t('admins.confirm', { count: chosen.length }), async () => {
      setSaving(true);
      try {
        success(await sysConfigApi.setAdministrators(chosen));
        await queryClient.invalidateQueries({ queryKey: administratorsKey });
      } finally {
        setSaving(false);
      }
    });

  return (
    <Form
      labelCol={{ flex: '180px' }}
      wrapperCol={{ flex: '1' }}
      className="sys-config-form"
      aria-label={t('tabs.admins')}
    >
      <Form.Item label={t('admins.current')}>
        <ul className="sys-config-admins" aria-label={t('admins.current')}>
          {administrators.data.map((admin) => (
            <li key={admin.id}>
              <Tag color="blue">
                {admin.realName}/{admin.account}
              </Tag>
            </li>
          ))}
        </ul>
      </Form.Item>
      <Form.Item label={t('admins.choose')} extra={t('admins.hint')} htmlFor="sys-config-admins">
        <PickerField
          id="sys-config-admins"
          kind="user"
          multiple
          value={chosen}
          onChange={(value) => setChosen(Array.isArray(value) ? value : value ? [value] : [])}
        />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" loading={saving} disabled={chosen.length === 0} onClick={save}>
          {t('save')}
        </Button>
      </Form.Item>
      {holder}
    </Form>
  );
}
