import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/store.ts';
import { portalApi } from '../api.ts';
import { PortalRuntime } from './PortalRuntime.tsx';

/** The home page of a user with a portal: the portal, and a switcher that makes another one their default. */
export default function PortalHome({ portalId }: { portalId: string }) {
  const { t } = useTranslation('portal');
  const patchUserInfo = useSession((s) => s.patchUserInfo);
  const selector = useQuery({ queryKey: ['portal', 'selector'], queryFn: () => portalApi.selector() });
  const options = (selector.data?.list ?? []).map((group) => ({
    label: group.fullName,
    title: group.fullName,
    options: group.children.map((p) => ({ value: p.id, label: p.fullName })),
  }));
  const choose = async (id: string) => {
    await portalApi.setDefault(id);
    patchUserInfo({ portalId: id });
  };
  return (
    <div className="portal-home">
      <div className="portal-toolbar">
        <Select
          aria-label={t('switch')}
          value={portalId}
          options={options}
          loading={selector.isLoading}
          onChange={choose}
          style={{ minWidth: 200 }}
          size="small"
        />
      </div>
      <PortalRuntime key={portalId} portalId={portalId} />
    </div>
  );
}
