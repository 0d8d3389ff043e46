import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** shell.md §6: unauthorised access shows 暂无权限. Pages render it, and /403 shows it. */
export function NoPermission() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('noPermission')}
      subTitle={t('noPermissionDetail')}
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          {t('common:backHome')}
        </Button>
      }
    />
  );
}

export default NoPermission;
