import { LockOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import { Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lock, lockScreenPath } from './lock-state.ts';

/** Locks the screen and shows /lockScreen (the user dropdown's "lock screen" entry calls this). */
export function useLockScreen(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    lock();
    navigate(lockScreenPath, { replace: true });
  }, [navigate]);
}

function Label() {
  return useTranslation('lockScreen').t('lockButton');
}

/** A stand-alone button until the shell's user dropdown carries the entry. */
export function LockScreenButton() {
  const lockScreen = useLockScreen();
  return (
    <Button icon={<LockOutlined />} onClick={lockScreen}>
      <Suspense fallback={null}>
        <Label />
      </Suspense>
    </Button>
  );
}
