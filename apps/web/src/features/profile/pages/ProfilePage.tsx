import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { BaseInfoSection } from '../components/BaseInfoSection.tsx';
import { LogSection } from '../components/LogSection.tsx';
import { MenusSection } from '../components/MenusSection.tsx';
import { OrganizeSection } from '../components/OrganizeSection.tsx';
import { SignatureSection } from '../components/SignatureSection.tsx';
import { SubordinateSection } from '../components/SubordinateSection.tsx';

/** /profile (shell.md §7 "Current user"). Each section reads its own call. */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  return (
    <Card className="profile-page">
      <Tabs
        tabPlacement="start"
        items={[
          { key: 'base', label: t('tabs.base'), children: <BaseInfoSection /> },
          { key: 'organize', label: t('tabs.organize'), children: <OrganizeSection /> },
          { key: 'subordinate', label: t('tabs.subordinate'), children: <SubordinateSection /> },
          { key: 'menus', label: t('tabs.menus'), children: <MenusSection /> },
          { key: 'signature', label: t('tabs.signature'), children: <SignatureSection /> },
          { key: 'loginLog', label: t('tabs.loginLog'), children: <LogSection category={1} /> },
          { key: 'operationLog', label: t('tabs.operationLog'), children: <LogSection category={2} /> },
        ]}
        destroyOnHidden
      />
      <style>
        {
          '.profile-head{display:flex;align-items:center;justify-content:space-between;margin-bottom:12px}.profile-avatar{display:flex;align-items:center;gap:12px}.profile-sub-title{margin:8px 0}.profile-sign-img{background:#fff;border:1px solid #f0f0f0;border-radius:4px}.profile-sign-time{margin-left:12px;color:#999}'
        }
      </style>
    </Card>
  );
}
