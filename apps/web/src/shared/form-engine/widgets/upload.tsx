import { UploadOutlined } from '@ant-design/icons';
import { acceptText, formatFileSize, isAcceptedFile, SIZE_UNITS, type SizeUnit } from '@platform/shared';
import Button from 'antd/es/button';
import { useRef } from 'react';
import { StoredFileLink } from '../../components/StoredFileLink.tsx';
import { useToast } from '../../toast.tsx';
import { useFormEngineTranslation } from '../i18n.ts';
import { slots, type UploadedFile } from '../slots.ts';
import type { ViewProps, WidgetProps } from './types.ts';

const num = (v: unknown, fallback?: number): number | undefined => (typeof v === 'number' ? v : fallback);

function filesOf(value: unknown): UploadedFile[] {
  return Array.isArray(value)
    ? value.filter((f): f is UploadedFile => typeof f === 'object' && f !== null && 'name' in f)
    : [];
}

const unitOf = (v: unknown): SizeUnit => (v === 'KB' || v === 'GB' ? v : 'MB');

/**
 * uploadFile / uploadImg: the before-checks of widgets.md §5 with their messages (count, size, type),
 * then the plugged-in file service; without one the file is not taken and the widget says so.
 * The list shows the stored files (name and size, images as thumbnails) with remove.
 */
export function UploadWidget({ field, value, onChange, disabled, id }: WidgetProps) {
  const { t } = useFormEngineTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const image = field.__config__.jnpfKey === 'uploadImg';
  const files = filesOf(value);
  const limit = num(field.limit, 0) ?? 0;
  const size = num(field.fileSize, 10);
  const unit = unitOf(field.sizeUnit);
  const accept = image ? 'image/*' : typeof field.accept === 'string' ? field.accept : '';

  /** widgets.md §5 before-checks: files count, size, type; images count, type, size. */
  const message = (file: File): string | null => {
    const info = { name: file.name, size: file.size, type: file.type };
    if (limit > 0 && files.length >= limit) return t(image ? 'imageLimit' : 'fileLimit', { limit });
    const tooBig = !!size && size > 0 && !(file.size / SIZE_UNITS[unit] < size);
    if (image) {
      if (!isAcceptedFile(info, 'image/*')) return t('notImage');
      return tooBig ? t('imageSize', { size, unit }) : null;
    }
    if (tooBig) return t('fileSize', { size, unit });
    return isAcceptedFile(info, accept) ? null : t('fileType', { list: acceptText(accept) });
  };

  const pick = async (list: FileList | null) => {
    const picked = [...(list ?? [])];
    if (input.current) input.current.value = '';
    const next = [...files];
    for (const file of picked) {
      const problem = message(file);
      if (problem) {
        (image ? toast.warning : toast.error)(problem);
        continue;
      }
      if (!slots.files) {
        toast.info(t('uploadPending'));
        continue;
      }
      try {
        next.push(await slots.files.upload(file, image ? 'image' : 'file', field));
      } catch {
        // An upload-complete failure silently cancels the file (widgets.md §8).
      }
    }
    if (next.length !== files.length) onChange(next);
  };

  return (
    <div className="fe-upload" id={id}>
      {!disabled && (
        <>
          <input
            ref={input}
            type="file"
            hidden
            multiple={limit !== 1}
            accept={accept || undefined}
            aria-label={image ? t('uploadImg') : t('uploadFile')}
            onChange={(e) => void pick(e.target.files)}
          />
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
            {String(field.buttonText ?? '') || (image ? t('uploadImg') : t('uploadFile'))}
          </Button>
        </>
      )}
      <FileList
        files={files}
        image={image}
        onRemove={disabled ? undefined : (i) => onChange(files.filter((_, j) => j !== i))}
      />
    </div>
  );
}

function FileList({
  files,
  image,
  onRemove,
}: {
  files: UploadedFile[];
  image: boolean;
  onRemove?: (index: number) => void;
}) {
  const { t } = useFormEngineTranslation();
  if (files.length === 0) return null;
  return (
    <ul className={image ? 'fe-images' : 'fe-files'}>
      {files.map((file, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be listed twice
        <li key={`${file.fileId}-${i}`}>
          {image ? (
            <img src={file.thumbUrl || file.url} alt={file.name} className="fe-image-thumb" />
          ) : (
            <StoredFileLink url={file.url} name={file.name} />
          )}
          {!image && file.fileSize ? <span className="fe-file-size">{formatFileSize(file.fileSize)}</span> : null}
          {onRemove ? (
            <Button type="link" size="small" onClick={() => onRemove(i)}>
              {t('table.remove')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Files and images listed in a detail. */
export function UploadView({ field, value }: ViewProps) {
  return <FileList files={filesOf(value)} image={field.__config__.jnpfKey === 'uploadImg'} />;
}
