import type { PortalFormData } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import theme from 'antd/es/theme';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { portalApi } from '../api.ts';
import { PortalCanvas } from '../components/PortalView.tsx';
import { fittedRowHeight, readFormData } from '../layout.ts';
import '../portal.css';

/** Height of the screen's title bar, px. */
const headHeight = 56;

/** The window's inner height, followed as it is resized. */
function useWindowHeight() {
  const [height, setHeight] = useState(window.innerHeight);
  useEffect(() => {
    const resized = () => setHeight(window.innerHeight);
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, []);
  return height;
}

function Clock() {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return <time className="portal-screen-clock">{formatDateTime(now)}</time>;
}

/**
 * A data screen (数据大屏, menu type 6, `{DataV}/view/{moduleId}?token=` in its own window): the
 * portal the menu names drawn full screen on a dark background, every card fitted into the window,
 * its data interfaces reloaded at the portal's refresh interval. Nothing moves: a screen is shown
 * on a wall, not arranged.
 */
export default function ScreenPage() {
  const { t } = useTranslation('portal');
  const { id = '' } = useParams();
  const height = useWindowHeight();
  const auth = useQuery({ queryKey: ['portal', 'auth', id], queryFn: () => portalApi.auth(id), retry: false });
  const data: PortalFormData | null = useMemo(() => (auth.data ? readFormData(auth.data.formData) : null), [auth.data]);
  useEffect(() => {
    if (auth.data) document.title = auth.data.fullName;
  }, [auth.data]);
  let body: ReactNode;
  if (auth.isLoading) body = <Spin className="portal-loading" />;
  else if (!auth.data || !data) body = <Empty description={t('loadFailed')} />;
  else if (auth.data.type === 1)
    body = auth.data.customUrl ? (
      <iframe
        className="portal-screen-link"
        src={auth.data.customUrl}
        title={auth.data.fullName}
        sandbox="allow-scripts allow-forms"
      />
    ) : (
      <Empty />
    );
  else if (!data.layout.length) body = <Empty description={t('emptyPortal')} />;
  else
    body = (
      <PortalCanvas data={data} editable={false} dark rowHeight={fittedRowHeight(data.layout, height - headHeight)} />
    );
  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <main className="portal-screen">
        <header className="portal-screen-head" style={{ height: headHeight }}>
          <h1>{auth.data?.fullName ?? t('screen.title')}</h1>
          <Clock />
        </header>
        {body}
      </main>
    </ConfigProvider>
  );
}
