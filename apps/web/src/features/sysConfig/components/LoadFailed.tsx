import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';

/** What a tab shows when its settings could not be read (the request layer has toasted why). */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('sysConfig');
  return (
    <Result
      status="warning"
      title={t('loadFailed')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    />
  );
}
