import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sysConfigApi, sysConfigKey } from '../api.ts';
import { AdminTab } from '../components/AdminTab.tsx';
import { BasicTab } from '../components/BasicTab.tsx';
import { LoadFailed } from '../components/LoadFailed.tsx';
import { MailTab } from '../components/MailTab.tsx';
import { MapTab } from '../components/MapTab.tsx';
import { SecurityTab } from '../components/SecurityTab.tsx';
import { DingTalkTab, WeComTab } from '../components/ThirdPartyTab.tsx';
import '../sys-config.css';

/** 系统配置 (admin.md 3.14, protocol-admin.md §9): one tab per group of settings, each saved on its own. */
export default function SysConfigPage() {
  const { t } = useTranslation('sysConfig');
  const settings = useQuery({ queryKey: sysConfigKey, queryFn: sysConfigApi.get });
  const view = settings.data;
  const body = (render: (loaded: NonNullable<typeof view>) => ReactNode) =>
    settings.isError && !view ? (
      <LoadFailed onRetry={() => settings.refetch()} />
    ) : view ? (
      render(view)
    ) : (
      <Spin className="sys-config-loading" />
    );
  return (
    <Card className="sys-config-page">
      <Tabs
        items={[
          { key: 'basic', label: t('tabs.basic'), children: body((loaded) => <BasicTab view={loaded} />) },
          { key: 'security', label: t('tabs.security'), children: body((loaded) => <SecurityTab view={loaded} />) },
          { key: 'mail', label: t('tabs.mail'), children: body((loaded) => <MailTab view={loaded} />) },
          { key: 'map', label: t('tabs.map'), children: body((loaded) => <MapTab view={loaded} />) },
          { key: 'weCom', label: t('tabs.weCom'), children: body((loaded) => <WeComTab view={loaded} />) },
          { key: 'dingTalk', label: t('tabs.dingTalk'), children: body((loaded) => <DingTalkTab view={loaded} />) },
          { key: 'admins', label: t('tabs.admins'), children: <AdminTab /> },
        ]}
      />
    </Card>
  );
}
