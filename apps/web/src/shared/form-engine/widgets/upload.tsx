import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { acceptText, formatFileSize, isAcceptedFile, previewKindOf, SIZE_UNITS, type SizeUnit } from '@platform/shared';
import Button from 'antd/es/button';
import Image from 'antd/es/image';
import { useCallback, useRef, useState } from 'react';
import { StoredFileLink } from '../../components/StoredFileLink.tsx';
import { FilePreview, type PreviewTarget } from '../../components/upload/FilePreview.tsx';
import { openStoredFiles } from '../../download.ts';
import { useToast } from '../../toast.tsx';
import { useFormEngineTranslation } from '../i18n.ts';
import { type UploadedFile, useFormEnginePlugins } from '../plugins.tsx';
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
  const service = useFormEnginePlugins().files;
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
      if (!service) {
        toast.info(t('uploadPending'));
        continue;
      }
      try {
        next.push(await service.upload(file, image ? 'image' : 'file', field));
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

/** The extension a stored file's preview is chosen by: the kept one, else the name's. */
const extensionOf = (file: UploadedFile) =>
  (
    file.fileExtension || (file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1) : '')
  ).toLowerCase();

/**
 * The stored files of an upload field, wherever the field is shown (form, detail, list cell):
 * images as thumbnails opening a lightbox (one gallery per field), files as download links with
 * 预览 where the file service can show them, and 下载全部 packing every file into one zip.
 */
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
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  // FilePreview asks for the address again whenever its onClose changes.
  const closePreview = useCallback(() => setPreview(null), []);
  if (files.length === 0) return null;
  const downloadAll = () =>
    void openStoredFiles(files.map((f) => ({ fileId: f.fileId, fileName: f.name }))).catch(() => undefined);
  const remove = (i: number) =>
    onRemove ? (
      <Button type="link" size="small" onClick={() => onRemove(i)}>
        {t('table.remove')}
      </Button>
    ) : null;
  return (
    <div className="fe-file-list">
      {image ? (
        <Image.PreviewGroup>
          <ul className="fe-images">
            {files.map((file, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be listed twice
              <li key={`${file.fileId}-${i}`}>
                <Image
                  src={file.thumbUrl || file.url}
                  preview={{ src: file.url }}
                  alt={file.name}
                  className="fe-image-thumb"
                  width={64}
                  height={64}
                />
                {remove(i)}
              </li>
            ))}
          </ul>
        </Image.PreviewGroup>
      ) : (
        <ul className="fe-files">
          {files.map((file, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be listed twice
            <li key={`${file.fileId}-${i}`}>
              <StoredFileLink url={file.url} name={file.name} />
              {file.fileSize ? <span className="fe-file-size">{formatFileSize(file.fileSize)}</span> : null}
              {previewKindOf(extensionOf(file)) ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setPreview({ fileId: file.fileId, fileName: file.name })}
                >
                  {t('previewFile')}
                </Button>
              ) : null}
              {remove(i)}
            </li>
          ))}
        </ul>
      )}
      <Button type="link" size="small" icon={<DownloadOutlined />} className="fe-download-all" onClick={downloadAll}>
        {t('downloadAll')}
      </Button>
      {preview ? <FilePreview target={preview} onClose={closePreview} /> : null}
    </div>
  );
}

/** Files and images listed in a detail. */
export function UploadView({ field, value }: ViewProps) {
  return <FileList files={filesOf(value)} image={field.__config__.jnpfKey === 'uploadImg'} />;
}
