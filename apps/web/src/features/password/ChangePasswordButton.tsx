import { KeyOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';

function Label() {
  return useTranslation('password').t('changePassword');
}

/** A stand-alone entry to the dialog until the shell's user dropdown carries it. */
export function ChangePasswordButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<KeyOutlined />} onClick={() => setOpen(true)}>
        <Suspense fallback={null}>
          <Label />
        </Suspense>
      </Button>
      <ResetPasswordDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
