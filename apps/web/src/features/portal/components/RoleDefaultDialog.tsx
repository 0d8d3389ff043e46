import { useQuery } from '@tanstack/react-query';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuccessToast } from '../../../shared/components/index.ts';
import { portalApi } from '../api.ts';

/** Which roles open this portal on their members' home page (a member's own choice still comes first). */
export function RoleDefaultDialog({
  portal,
  onClose,
}: {
  portal: { id: string; fullName: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('portal');
  const success = useSuccessToast();
  const open = Boolean(portal);
  const roles = useQuery({ queryKey: ['portal', 'roles'], queryFn: () => portalApi.roles(), enabled: open });
  const current = useQuery({
    queryKey: ['portal', 'roleDefaults', portal?.id],
    queryFn: () => portalApi.roleDefaults(portal?.id ?? ''),
    enabled: open,
    gcTime: 0,
  });
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => setRoleIds(current.data?.roleIds ?? []), [current.data]);
  const save = async () => {
    if (!portal) return;
    setSaving(true);
    try {
      success(await portalApi.setRoleDefaults(portal.id, roleIds));
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      width={400}
      title={t('roleDefault.title', { name: portal?.fullName ?? '' })}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      destroyOnHidden
    >
      <p>{t('roleDefault.hint')}</p>
      <Select
        mode="multiple"
        aria-label={t('roleDefault.roles')}
        style={{ width: '100%' }}
        value={roleIds}
        onChange={setRoleIds}
        loading={roles.isLoading || current.isLoading}
        optionFilterProp="label"
        options={(roles.data?.list ?? []).map((r) => ({ value: r.id, label: r.fullName }))}
      />
    </Modal>
  );
}
