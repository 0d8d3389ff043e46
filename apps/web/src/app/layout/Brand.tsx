import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../shared/Logo.tsx';
import { useShell } from '../../shared/shell/shell-store.ts';

/** The system's logo and name at the head of the navigation. */
export function Brand({ collapsed = false }: { collapsed?: boolean }) {
  const config = useShell((s) => s.sysConfig);
  const { t } = useTranslation();
  const logo = config.navigationIcon || config.logoIcon;
  // A configured logo that does not load falls back to the built-in mark.
  const [broken, setBroken] = useState('');
  return (
    <div className="shell-brand">
      {logo && broken !== logo ? (
        <img src={logo} alt="" height={28} onError={() => setBroken(logo)} />
      ) : (
        <LogoMark size={28} />
      )}
      {!collapsed && <span className="shell-brand-name">{config.sysName || t('appName')}</span>}
    </div>
  );
}
