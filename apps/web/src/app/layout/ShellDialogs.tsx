import { CheckOutlined, SearchOutlined } from '@ant-design/icons';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileApi } from '../../features/profile/api.ts';
import { LogoMark } from '../../shared/Logo.tsx';
import { useSession } from '../../shared/session/store.ts';
import { useShell } from '../../shared/shell/shell-store.ts';
import { useToast } from '../../shared/toast.tsx';

export type ShellDialog = 'about' | 'statement' | 'feedback' | 'system' | null;

const siteVersion = '3.6.0';

/** About (shell.md §1: name, version and logo from system configuration), statement, feedback. */
export function ShellDialogs({ open, onClose }: { open: ShellDialog; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const config = useShell((s) => s.sysConfig);
  const logo = config.logoIcon || config.navigationIcon;
  const [broken, setBroken] = useState('');
  return (
    <>
      <Modal open={open === 'about'} title={t('about.title')} onCancel={onClose} footer={null} width={400}>
        <div className="shell-about">
          {logo && broken !== logo ? (
            <img src={logo} alt="" height={48} onError={() => setBroken(logo)} />
          ) : (
            <LogoMark size={48} />
          )}
          <Descriptions
            column={1}
            items={[
              { key: 'name', label: t('about.name'), children: config.sysName || t('common:appName') },
              { key: 'version', label: t('about.version'), children: config.sysVersion || siteVersion },
              ...(config.copyright
                ? [{ key: 'copyright', label: t('about.copyright'), children: config.copyright }]
                : []),
            ]}
          />
        </div>
      </Modal>
      <Modal
        open={open === 'statement'}
        title={t('statement.title')}
        onCancel={onClose}
        onOk={onClose}
        okText={t('ok')}
        cancelButtonProps={{ style: { display: 'none' } }}
        width={600}
      >
        <p>{t('statement.body')}</p>
      </Modal>
      <Modal
        open={open === 'feedback'}
        title={t('feedback.title')}
        onCancel={onClose}
        onOk={() => {
          // The feedback address is withheld by the spec: the mail opens without a recipient.
          window.open(`mailto:?subject=${encodeURIComponent(`${config.sysName ?? ''} ${t('feedback.title')}`)}`);
          onClose();
        }}
        okText={t('feedback.send')}
        cancelText={t('cancel')}
        width={400}
      >
        <p>{t('feedback.body')}</p>
      </Modal>
      <SystemSwitchDrawer open={open === 'system'} onClose={onClose} />
    </>
  );
}

/** shell.md §2.9 / §4 "Application switch": search, the active one marked, switch, go to '/' and reload. */
function SystemSwitchDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const toast = useToast();
  const systems = (useSession((s) => s.userInfo?.systemIds) ?? []) as {
    id: string;
    name: string;
    currentSystem?: boolean;
  }[];
  const [keyword, setKeyword] = useState('');
  const shown = systems.filter((s) => s.name.toLowerCase().includes(keyword.trim().toLowerCase()));
  const choose = async (id: string) => {
    try {
      await profileApi.switchSystem(id);
    } catch {
      return;
    }
    toast.success({ content: t('switchSuccess'), duration: 1 });
    window.history.replaceState(null, '', '/');
    setTimeout(() => window.location.reload(), 50);
  };
  return (
    <Drawer open={open} onClose={onClose} title={t('switchSystem')} size={280} placement="right">
      <Input
        prefix={<SearchOutlined />}
        placeholder={t('switchSearch')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        allowClear
      />
      <ul className="shell-systems">
        {shown.map((system) => (
          <li key={system.id}>
            <button
              type="button"
              className={system.currentSystem ? 'active' : ''}
              onClick={() => !system.currentSystem && choose(system.id)}
            >
              <span>{system.name}</span>
              {system.currentSystem && <CheckOutlined aria-label={t('currentSystem')} />}
            </button>
          </li>
        ))}
      </ul>
    </Drawer>
  );
}
