import type { FlowCommentRow } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Pagination from 'antd/es/pagination';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../shared/components/confirm.tsx';
import { useSuccessToast } from '../../../shared/components/FormDialog.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { commentApi } from '../api.ts';
import { EngineField, flowFilesOf, parseFiles } from './EngineField.tsx';

const pageSize = 20;

/**
 * 流程评论: whoever may read the task writes a comment with pictures and files (uploaded through
 * the file service as a generated form's are); the list is newest first; the writer deletes their own.
 */
export function FlowComments({ taskId }: { taskId: string }) {
  const { t } = useTranslation('workflow');
  const success = useSuccessToast();
  const [confirm, holder] = useConfirm();
  const [currentPage, setCurrentPage] = useState(1);
  const [text, setText] = useState('');
  const [images, setImages] = useState<unknown>([]);
  const [files, setFiles] = useState<unknown>([]);
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: ['workflow', 'comments', taskId, currentPage],
    queryFn: () => commentApi.list(taskId, { currentPage, pageSize }),
    retry: false,
  });
  const post = async () => {
    setBusy(true);
    try {
      success(
        await commentApi.create({
          taskId,
          text: text.trim(),
          image: JSON.stringify(flowFilesOf(images)),
          file: JSON.stringify(flowFilesOf(files)),
        }),
      );
      setText('');
      setImages([]);
      setFiles([]);
      setCurrentPage(1);
      void list.refetch();
    } catch {
      // The request layer has shown why (an empty comment, a file it refuses).
    } finally {
      setBusy(false);
    }
  };
  const rows = list.data?.list ?? [];
  return (
    <div className="wf-comments">
      {holder}
      <Input.TextArea
        rows={3}
        maxLength={1000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('comments.placeholder')}
        aria-label={t('comments.text')}
      />
      <Space className="wf-comment-tools" align="start" wrap>
        <EngineField
          kind="uploadImg"
          id="wf-comment-images"
          label={t('comments.images')}
          value={images}
          onChange={setImages}
        />
        <EngineField
          kind="uploadFile"
          id="wf-comment-files"
          label={t('comments.files')}
          value={files}
          onChange={setFiles}
        />
        <Button type="primary" loading={busy} onClick={() => void post()}>
          {t('comments.post')}
        </Button>
      </Space>
      {rows.length === 0 && !list.isLoading ? <Empty description={t('comments.empty')} /> : null}
      <ul className="wf-comment-list" aria-label={t('comments.tab')}>
        {rows.map((row) => (
          <Comment
            key={row.id}
            row={row}
            onDelete={() =>
              confirm('delete', async () => {
                success(await commentApi.remove(row.id));
                void list.refetch();
              })
            }
          />
        ))}
      </ul>
      {(list.data?.pagination.total ?? 0) > pageSize ? (
        <Pagination
          size="small"
          current={currentPage}
          pageSize={pageSize}
          total={list.data?.pagination.total}
          onChange={setCurrentPage}
        />
      ) : null}
    </div>
  );
}

function Comment({ row, onDelete }: { row: FlowCommentRow; onDelete: () => void }) {
  const { t } = useTranslation('workflow');
  const images = parseFiles(row.image);
  const files = parseFiles(row.file);
  return (
    <li className="wf-comment">
      <div className="wf-comment-head">
        <strong>{row.creatorUser}</strong>
        <span className="wf-muted">{formatDateTime(row.creatorTime)}</span>
        {row.isDel === 1 ? (
          <Button type="link" size="small" danger onClick={onDelete}>
            {t('comments.delete')}
          </Button>
        ) : null}
      </div>
      {row.text ? <div className="wf-comment-text">{row.text}</div> : null}
      {images.length ? (
        <EngineField
          kind="uploadImg"
          id={`wf-comment-${row.id}-images`}
          label={t('comments.images')}
          value={images}
          readOnly
        />
      ) : null}
      {files.length ? (
        <EngineField
          kind="uploadFile"
          id={`wf-comment-${row.id}-files`}
          label={t('comments.files')}
          value={files}
          readOnly
        />
      ) : null}
    </li>
  );
}
