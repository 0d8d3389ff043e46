import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${t('notFoundTitle')} - ${t('appName')}`;
  }, [t]);
  return (
    <Result
      status="404"
      title={t('notFoundTitle')}
      subTitle={t('notFound')}
      extra={
        <Button type="primary" size="middle" onClick={() => navigate('/')}>
          {t('backHome')}
        </Button>
      }
    />
  );
}
