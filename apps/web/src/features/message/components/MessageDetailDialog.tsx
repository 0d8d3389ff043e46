import { PaperClipOutlined } from '@ant-design/icons';
import type { MessageDetail } from '@platform/shared';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { parseFiles } from '../../../shared/attachments.ts';
import { SafeHtml } from '../../../shared/components/rich-text/SafeHtml.tsx';
import { StoredFileLink } from '../../../shared/components/StoredFileLink.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import '../message.css';

/** shell.md §2.7: title, release time, release user, excerpt, HTML body and attachments; 80% wide. */
export function MessageDetailDialog({ message, onClose }: { message: MessageDetail | null; onClose: () => void }) {
  const { t } = useTranslation('message');
  const files = parseFiles(message?.files);
  return (
    <Modal
      open={!!message}
      title={message?.title || t('detail')}
      width="80%"
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      {message && (
        <article className="message-detail">
          <div className="message-detail-meta">
            <span>
              {t('releaseTime')}: {formatDateTime(message.releaseTime)}
            </span>
            <span>
              {t('releaseUser')}: {message.releaseUser}
            </span>
          </div>
          {message.excerpt ? (
            <p className="message-detail-excerpt">
              {t('excerpt')}: {message.excerpt}
            </p>
          ) : null}
          <SafeHtml className="message-detail-body" html={message.bodyText} />
          {files.length > 0 && (
            <div className="message-detail-files">
              <div className="message-detail-files-title">{t('attachments')}</div>
              {files.map((file) => (
                <StoredFileLink key={file.url} url={file.url} name={file.name}>
                  <PaperClipOutlined /> {file.name}
                </StoredFileLink>
              ))}
            </div>
          )}
        </article>
      )}
    </Modal>
  );
}
