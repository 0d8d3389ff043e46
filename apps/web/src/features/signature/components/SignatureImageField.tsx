import { EditOutlined, UploadOutlined } from '@ant-design/icons';
import { SIGNATURE_IMAGE_MAX_BYTES } from '@platform/shared';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { padWidth, SignaturePad } from '../../../shared/components/index.ts';
import { useToast } from '../../../shared/toast.tsx';

/** The kinds the server keeps (it reads the kind from the bytes as well). */
const acceptedTypes = ['image/png', 'image/jpeg'];

const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * The signature image of the form: drawn on the pad (widgets.md §2 "Signature dialog": a new
 * drawing replaces the value) or read from an uploaded PNG or JPEG. The value is what the server
 * takes: a data URL for a new image, or the stored image's URL, which keeps it.
 */
export function SignatureImageField({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const { t } = useTranslation('signature');
  const toast = useToast();
  const [drawing, setDrawing] = useState(false);
  return (
    <div id={id}>
      <div className="signature-image-box">
        {value ? (
          <img src={value} alt={t('icon')} className="signature-image-preview" />
        ) : (
          <span className="signature-image-empty">{t('noImage')}</span>
        )}
      </div>
      <Space style={{ marginTop: 8 }}>
        <Button icon={<EditOutlined />} onClick={() => setDrawing(true)}>
          {t('draw')}
        </Button>
        <Upload
          accept={acceptedTypes.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            if (!acceptedTypes.includes(file.type)) toast.error(t('rules.imageKind'));
            else if (file.size > SIGNATURE_IMAGE_MAX_BYTES) toast.error(t('rules.imageSize'));
            else void readAsDataUrl(file).then((url) => onChange?.(url));
            // Nothing is sent on its own: the image goes with the form.
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('upload')}</Button>
        </Upload>
      </Space>
      <Modal
        title={t('drawTitle')}
        open={drawing}
        width={padWidth + 40}
        footer={null}
        destroyOnHidden
        maskClosable={false}
        onCancel={() => setDrawing(false)}
      >
        <SignaturePad
          onCancel={() => setDrawing(false)}
          onConfirm={(url) => {
            onChange?.(url);
            setDrawing(false);
          }}
        />
      </Modal>
    </div>
  );
}
