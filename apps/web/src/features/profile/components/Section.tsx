import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A section whose call failed: said plainly, with a retry; no made-up data. */
function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation('profile');
  return <Empty description={t('loadFailed')}>{onRetry && <Button onClick={onRetry}>{t('retry')}</Button>}</Empty>;
}

/** A section's content once its call has answered: a spinner while loading, LoadFailed when it failed. */
export function Section<T>({
  query,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; data?: T; refetch?: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.isLoading) return <Spin />;
  if (query.isError || query.data === undefined)
    return <LoadFailed onRetry={query.refetch && (() => query.refetch?.())} />;
  return <>{children(query.data)}</>;
}
