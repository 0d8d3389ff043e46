import { PASSWORD_PATTERN } from '@platform/shared';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/components/index.ts';
import { hashPassword } from '../../../shared/crypto/login-cipher.ts';
import { userApi } from '../api.ts';

interface Values {
  password: string;
  confirm: string;
}

/** 重置密码 (400 px): only the MD5 hex of the new password travels. */
export function ResetPasswordDialog({
  user,
  onClose,
}: {
  user: { id: string; account: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('user');
  const [form] = Form.useForm<Values>();
  return (
    <FormDialog<Values>
      open={Boolean(user)}
      title={user ? `${t('resetPassword')} - ${user.account}` : t('resetPassword')}
      form={form}
      width={400}
      labelWidth={80}
      onSubmit={async (values) => userApi.resetPassword(user?.id as string, await hashPassword(values.password))}
      onClose={onClose}
    >
      <Form.Item
        name="password"
        label={t('newPassword')}
        rules={[
          { required: true, message: t('passwordRequired') },
          { pattern: PASSWORD_PATTERN, message: t('passwordPattern') },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={16} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={16} />
      </Form.Item>
    </FormDialog>
  );
}
