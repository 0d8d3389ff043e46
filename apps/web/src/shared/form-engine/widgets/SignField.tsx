import type { SignatureCard } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useState } from 'react';
import { http } from '../../api/http.ts';
import { useFormEngineTranslation } from '../i18n.ts';
import type { WidgetProps } from './types.ts';

/** The signatures the system grants to whoever fills the form in (签名管理), as the picker lists them. */
const fetchGranted = () => http.get<{ list: SignatureCard[] }>('/api/system/Signature/Selector');

/**
 * 电子签章 (the `sign` kind): the person picks one of the signatures granted to them; the field keeps
 * its image address (protocol-admin.md §10, "the picked value is the icon URL").
 */
export default function SignField({ value, onChange, disabled, id }: WidgetProps) {
  const { t } = useFormEngineTranslation();
  const [open, setOpen] = useState(false);
  const granted = useQuery({ queryKey: ['signature', 'selector'], queryFn: fetchGranted, enabled: open });
  const src = typeof value === 'string' ? value : '';
  const list = granted.data?.list ?? [];
  return (
    <div className="fe-signature" id={id}>
      {src ? <img src={src} alt={t('signature.image')} className="fe-signature-img" /> : null}
      {!disabled && <Button onClick={() => setOpen(true)}>{t('sign.use')}</Button>}
      {!disabled && src ? (
        <Button type="link" onClick={() => onChange('')}>
          {t('sign.clear')}
        </Button>
      ) : null}
      <Modal
        open={open}
        title={t('sign.title')}
        width={600}
        footer={null}
        destroyOnHidden
        onCancel={() => setOpen(false)}
      >
        {granted.isLoading ? (
          <Spin />
        ) : list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sign.none')} />
        ) : (
          <ul className="fe-sign-choices">
            {list.map((card) => (
              <li key={card.id}>
                <button
                  type="button"
                  className="fe-sign-choice"
                  aria-pressed={card.icon === src}
                  onClick={() => {
                    onChange(card.icon);
                    setOpen(false);
                  }}
                >
                  <img src={card.icon} alt="" />
                  <span>{card.fullName}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </div>
  );
}
