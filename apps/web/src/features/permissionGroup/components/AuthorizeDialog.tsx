import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Checked, GrantSteps, useGrantSave } from '../../authorize/index.ts';
import type { GroupTarget } from './MembersDialog.tsx';

/**
 * 权限授权 of one group: the grant wizard (applications, menus, buttons, columns, forms, data
 * schemes) of the authorisation calls with objectType PermissionGroup; 保存 replaces what the
 * visited steps show.
 */
export function AuthorizeDialog({ group, onClose }: { group: GroupTarget | null; onClose: () => void }) {
  const { t } = useTranslation('permissionGroup');
  const [checked, setChecked] = useState<Checked>({});
  const { save, saving } = useGrantSave();
  const close = () => {
    setChecked({});
    onClose();
  };
  return (
    <Modal
      open={Boolean(group)}
      width={900}
      title={group ? t('authorizeOf', { name: group.fullName }) : ''}
      maskClosable={false}
      destroyOnHidden
      okText={t('save')}
      okButtonProps={{ loading: saving }}
      onCancel={close}
      onOk={async () => {
        if (group && (await save('PermissionGroup', group.id, checked))) close();
      }}
    >
      {group ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box the keyboard must reach (WCAG 2.1.1)
        <section aria-label={t('authorize')} tabIndex={0} style={{ maxHeight: '60vh', overflow: 'auto' }}>
          <GrantSteps
            key={group.id}
            objectType="PermissionGroup"
            objectId={group.id}
            checked={checked}
            onChange={setChecked}
          />
        </section>
      ) : null}
    </Modal>
  );
}
