import CloseOutlined from '@ant-design/icons/CloseOutlined';
import PauseCircleOutlined from '@ant-design/icons/PauseCircleOutlined';
import PlayCircleOutlined from '@ant-design/icons/PlayCircleOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import type { MergedFile } from '@platform/shared';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import Tooltip from 'antd/es/tooltip';
import { useCallback, useEffect, useRef, useState } from 'react';
import { HttpError } from '../../api/http.ts';
import { useToast } from '../../toast.tsx';
import { useComponentsTranslation } from '../i18n.ts';
import { displayName, shownPercent, shownStatus, type UploadItem, UploadRefused, uploadFile } from './chunk-upload.ts';
import { fileMd5 } from './file-md5.ts';
import './uploader.css';

export interface UploaderPanelProps {
  /** Upload type of the merge (`annex` by default). */
  type?: string;
  /** One file at a time when 1 (admin.md 4: single-file mode). */
  limit?: number;
  accept?: string;
  onSuccess?: (file: MergedFile, item: UploadItem) => void;
}

export const formatSize = (bytes: number) => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1048576) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1073741824) return `${(bytes / 1048576).toFixed(1)} MB`;
  return `${(bytes / 1073741824).toFixed(2)} GB`;
};

let nextId = 0;

/**
 * The uploader panel (admin.md 2.7): a file list with per-file progress and status text; pause,
 * resume, retry and remove per file (none while the file is verified); the MD5 in a worker first.
 * Files upload one after another; the rest wait.
 */
export function UploaderPanel({ type = 'annex', limit = 0, accept, onSuccess }: UploaderPanelProps) {
  const { t } = useComponentsTranslation();
  const toast = useToast();
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const input = useRef<HTMLInputElement>(null);

  const patch = useCallback((id: string, fields: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...fields } : item)));
  }, []);

  const run = useCallback(
    async (id: string) => {
      const item = itemsRef.current.find((i) => i.id === id);
      if (!item?.identifier) return;
      const controller = new AbortController();
      controllers.current.set(id, controller);
      patch(id, { status: 'uploading', error: undefined });
      try {
        const result = await uploadFile(
          item,
          { signal: controller.signal, type },
          { progress: (fraction) => patch(id, { progress: fraction }) },
        );
        patch(id, { status: 'success', progress: 1, result });
        onSuccess?.(result, item);
      } catch (error) {
        if (controller.signal.aborted) {
          if (itemsRef.current.some((i) => i.id === id)) patch(id, { status: 'paused' });
          return;
        }
        const refused = error instanceof UploadRefused || (error instanceof HttpError && error.body);
        const message = refused && error instanceof Error ? error.message : t('upload.statuses.error');
        toast.error(message);
        patch(id, { status: 'error', error: message });
      } finally {
        if (controllers.current.get(id) === controller) controllers.current.delete(id);
      }
    },
    [onSuccess, patch, t, toast, type],
  );

  // One file uploads at a time: when none does, the first waiting one starts.
  useEffect(() => {
    if (items.some((i) => i.status === 'uploading')) return;
    const waiting = items.find((i) => i.status === 'waiting');
    if (waiting) void run(waiting.id);
  }, [items, run]);

  const add = (files: FileList | null) => {
    if (!files) return;
    let chosen = [...files];
    if (limit === 1) {
      for (const controller of controllers.current.values()) controller.abort();
      setItems([]);
      chosen = chosen.slice(0, 1);
    }
    for (const file of chosen) {
      const id = `u${++nextId}`;
      const item: UploadItem = {
        id,
        file,
        name: displayName(file.name),
        size: file.size,
        status: 'check',
        progress: 0,
        hashed: 0,
      };
      setItems((list) => [...list, item]);
      const controller = new AbortController();
      controllers.current.set(id, controller);
      fileMd5(file, (hashed) => patch(id, { hashed }), controller.signal).then(
        (identifier) => {
          controllers.current.delete(id);
          patch(id, { identifier, status: 'waiting' });
        },
        () => {
          controllers.current.delete(id);
          if (controller.signal.aborted) return;
          toast.error(t('upload.readError', { name: item.name }));
          setItems((list) => list.filter((i) => i.id !== id));
        },
      );
    }
    if (input.current) input.current.value = '';
  };

  const pause = (id: string) => controllers.current.get(id)?.abort();
  const resume = (id: string) => patch(id, { status: 'waiting' });
  const remove = (id: string) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    setItems((list) => list.filter((i) => i.id !== id));
  };

  return (
    <div className="uploader-panel">
      <input
        ref={input}
        type="file"
        hidden
        multiple={limit !== 1}
        accept={accept}
        aria-label={t('upload.choose')}
        onChange={(event) => add(event.target.files)}
      />
      <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
        {t('upload.choose')}
      </Button>
      <ul className="uploader-list" aria-label={t('upload.files')}>
        {items.map((item) => (
          <UploadRow key={item.id} item={item} onPause={pause} onResume={resume} onRemove={remove} />
        ))}
      </ul>
    </div>
  );
}

/** One file: name, size, progress, status text and the actions its state allows (none while verified). */
function UploadRow({
  item,
  onPause,
  onResume,
  onRemove,
}: {
  item: UploadItem;
  onPause: (id: string) => void;
  onResume: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useComponentsTranslation();
  const status = shownStatus(item);
  const checking = item.status === 'check';
  return (
    <li className={`uploader-item uploader-${status}`} data-status={status}>
      <span className="uploader-name" title={item.name}>
        {item.name}
      </span>
      <span className="uploader-size">{formatSize(item.size)}</span>
      <Progress
        className="uploader-progress"
        percent={checking ? Math.floor(item.hashed * 100) : shownPercent(item)}
        size="small"
        status={
          status === 'error'
            ? 'exception'
            : status === 'success'
              ? 'success'
              : status === 'uploading'
                ? 'active'
                : 'normal'
        }
        aria-label={item.name}
      />
      <span className="uploader-status" role="status">
        {checking ? t('upload.verifying') : t(`upload.statuses.${status}`)}
      </span>
      <span className="uploader-actions">
        {!checking && item.status === 'uploading' && (
          <Tooltip title={t('upload.pause')}>
            <Button
              type="text"
              size="small"
              icon={<PauseCircleOutlined />}
              aria-label={t('upload.pause')}
              onClick={() => onPause(item.id)}
            />
          </Tooltip>
        )}
        {!checking && item.status === 'paused' && (
          <Tooltip title={t('upload.resume')}>
            <Button
              type="text"
              size="small"
              icon={<PlayCircleOutlined />}
              aria-label={t('upload.resume')}
              onClick={() => onResume(item.id)}
            />
          </Tooltip>
        )}
        {!checking && item.status === 'error' && (
          <Tooltip title={t('upload.retry')}>
            <Button
              type="text"
              size="small"
              icon={<ReloadOutlined />}
              aria-label={t('upload.retry')}
              onClick={() => onResume(item.id)}
            />
          </Tooltip>
        )}
        {!checking && (
          <Tooltip title={t('upload.remove')}>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('upload.remove')}
              onClick={() => onRemove(item.id)}
            />
          </Tooltip>
        )}
      </span>
    </li>
  );
}
