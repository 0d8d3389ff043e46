import { UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/store.ts';
import { useToast } from '../../../shared/toast.tsx';
import { type BaseInfo, profileApi } from '../api.ts';
import { AvatarUpload } from './AvatarUpload.tsx';

/** The user's card: avatar, names and contacts, editable where BaseInfo answers. */
export function BaseInfoSection() {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const queryClient = useQueryClient();
  const user = useSession((s) => s.userInfo);
  const info = useQuery({ queryKey: ['profile', 'baseInfo'], queryFn: profileApi.baseInfo });
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<BaseInfo>();
  const save = useMutation({
    mutationFn: profileApi.saveBaseInfo,
    onSuccess: () => {
      toast.success({ content: t('saved'), duration: 1.5 });
      setEditing(false);
      queryClient.invalidateQueries({ queryKey: ['profile', 'baseInfo'] });
    },
  });
  if (info.isLoading) return <Spin />;
  // Without BaseInfo on the server, what CurrentUser said about the user is shown, read-only.
  const data: Partial<BaseInfo> = info.data ?? {
    account: user?.userAccount,
    realName: user?.userName,
    mobilePhone: user?.mobilePhone as string | undefined,
    email: user?.email as string | undefined,
    organize: user?.organizeName,
  };
  if (editing && info.data) {
    return (
      <Form
        form={form}
        layout="vertical"
        initialValues={info.data}
        onFinish={(values) => save.mutate(values)}
        style={{ maxWidth: 480 }}
      >
        <Form.Item name="realName" label={t('fields.realName')} rules={[{ required: true }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="mobilePhone" label={t('fields.mobilePhone')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="email" label={t('fields.email')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>{' '}
        <Button onClick={() => setEditing(false)}>{t('cancel')}</Button>
      </Form>
    );
  }
  return (
    <>
      {!info.data && <Alert type="info" showIcon title={t('fromSession')} style={{ marginBottom: 12 }} />}
      <div className="profile-head">
        {info.data ? (
          <AvatarUpload src={data.headIcon || user?.headIcon} />
        ) : (
          <Avatar size={64} src={user?.headIcon || undefined} icon={<UserOutlined />} />
        )}
        {info.data && <Button onClick={() => setEditing(true)}>{t('edit')}</Button>}
      </div>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        bordered
        items={[
          { key: 'account', label: t('fields.account'), children: data.account ?? '' },
          { key: 'realName', label: t('fields.realName'), children: data.realName ?? '' },
          { key: 'mobilePhone', label: t('fields.mobilePhone'), children: data.mobilePhone ?? '' },
          { key: 'email', label: t('fields.email'), children: data.email ?? '' },
          { key: 'organize', label: t('fields.organize'), children: data.organize ?? '' },
          { key: 'position', label: t('fields.position'), children: data.position ?? '' },
        ]}
      />
    </>
  );
}
