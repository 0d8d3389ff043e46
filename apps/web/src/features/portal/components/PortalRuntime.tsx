import type { PortalFormData } from '@platform/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { portalApi } from '../api.ts';
import { readFormData, writeFormData } from '../layout.ts';
import { PortalCanvas } from './PortalView.tsx';
import '../portal.css';

/**
 * A portal as its viewer sees it (the home page, a type-8 menu): a link portal opens its address, a
 * designed one draws its cards; when the portal is not locked the viewer may move and resize them,
 * and the arrangement is saved as theirs (Custom/Save) when a drag or resize ends.
 */
export function PortalRuntime({ portalId }: { portalId: string }) {
  const { t } = useTranslation('portal');
  const client = useQueryClient();
  const auth = useQuery({ queryKey: ['portal', 'auth', portalId], queryFn: () => portalApi.auth(portalId) });
  const [data, setData] = useState<PortalFormData | null>(null);
  useEffect(() => {
    if (auth.data) setData(readFormData(auth.data.formData));
  }, [auth.data]);
  if (auth.isLoading) return <Spin className="portal-loading" />;
  if (!auth.data) return <Empty description={t('loadFailed')} />;
  const portal = auth.data;
  if (portal.type === 1) {
    return portal.customUrl ? (
      <iframe
        className="portal-link"
        src={portal.customUrl}
        title={portal.fullName}
        sandbox="allow-scripts allow-forms"
      />
    ) : (
      <Empty />
    );
  }
  if (!data) return null;
  const editable = portal.enabledLock !== 1;
  const changed = (next: PortalFormData) => {
    setData(next);
    const formData = writeFormData(next);
    client.setQueryData(['portal', 'auth', portalId], { ...portal, formData, custom: true });
    void portalApi.saveCustom(portalId, formData).catch(() => undefined);
  };
  if (!data.layout.length) return <Empty description={t('emptyPortal')} />;
  return <PortalCanvas data={data} editable={editable} onChange={changed} />;
}
