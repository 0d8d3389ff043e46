import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../../shared/shell/shell-store.ts';

/**
 * What a new account's password is (系统配置's 新用户默认密码), where accounts are made and reset:
 * the administrator tells the person, who otherwise cannot sign in. CurrentUser tells it to super
 * administrators only; anyone else is told where it is kept.
 */
export function InitialPasswordNote({ reset = false }: { reset?: boolean }) {
  const { t } = useTranslation('user');
  const password = useShell((s) => s.sysConfig.newUserDefaultPassword);
  const initial = password ? t('initialPassword.is', { password }) : t('initialPassword.unknown');
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={t(reset ? 'initialPassword.resetNote' : 'initialPassword.createNote', { initial })}
    />
  );
}
