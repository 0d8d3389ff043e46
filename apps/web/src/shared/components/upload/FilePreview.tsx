import { previewKindOf } from '@platform/shared';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useEffect, useState } from 'react';
import { http } from '../../api/http.ts';
import { useToast } from '../../toast.tsx';
import { useComponentsTranslation } from '../i18n.ts';
import { extensionOf } from './chunk-upload.ts';

export interface PreviewTarget {
  fileId: string;
  fileName: string;
}

/**
 * Document preview (widgets.md 5 "Document preview"): images and PDF as the browser shows them,
 * .docx and .xlsx as the server's sanitised HTML in a sandboxed frame (no script, an origin of
 * its own); no address means '文件不存在' and the preview closes.
 */
export function FilePreview({ target, onClose }: { target: PreviewTarget | null; onClose: () => void }) {
  const { t } = useComponentsTranslation();
  const toast = useToast();
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    setUrl(null);
    if (!target) return;
    let live = true;
    http
      .get<string | undefined>('/api/file/Uploader/Preview', { fileName: target.fileId })
      .then((address) => {
        if (!live) return;
        if (!address) {
          toast.warning(t('upload.notFound'));
          onClose();
        } else setUrl(address);
      })
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
  }, [target, onClose, t, toast]);

  const kind = target ? previewKindOf(extensionOf(target.fileName)) : null;
  return (
    <Modal
      open={Boolean(target)}
      title={target?.fileName}
      width={1000}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {!url ? (
        <Spin />
      ) : kind === 'image' ? (
        <img src={url} alt={target?.fileName} style={{ maxWidth: '100%' }} />
      ) : kind === 'pdf' ? (
        <iframe src={url} title={target?.fileName} style={{ width: '100%', height: '70vh', border: 0 }} />
      ) : (
        <iframe src={url} title={target?.fileName} sandbox="" style={{ width: '100%', height: '70vh', border: 0 }} />
      )}
    </Modal>
  );
}
