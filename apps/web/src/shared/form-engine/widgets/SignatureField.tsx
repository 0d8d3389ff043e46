import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { SignaturePad } from '../../components/SignaturePad.tsx';
import { useFormEngineTranslation } from '../i18n.ts';
import type { WidgetProps } from './types.ts';

/** widgets.md §2: the dialog "请签名", 600 px wide, the pad 560 x 300; a new drawing replaces the value. */
export const signatureDialogWidth = 600;

export default function SignatureField({ value, onChange, disabled, id }: WidgetProps) {
  const { t } = useFormEngineTranslation();
  const [open, setOpen] = useState(false);
  const src = typeof value === 'string' ? value : '';
  return (
    <div className="fe-signature" id={id}>
      {src ? <img src={src} alt={t('signature.image')} className="fe-signature-img" /> : null}
      {!disabled && <Button onClick={() => setOpen(true)}>{src ? t('signature.resign') : t('signature.sign')}</Button>}
      <Modal
        open={open}
        title={t('signature.title')}
        width={signatureDialogWidth}
        footer={null}
        destroyOnHidden
        onCancel={() => setOpen(false)}
      >
        <SignaturePad
          onCancel={() => setOpen(false)}
          onConfirm={(dataUrl) => {
            onChange(dataUrl);
            setOpen(false);
          }}
        />
      </Modal>
    </div>
  );
}
