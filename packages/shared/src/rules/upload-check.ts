import { SIZE_UNITS, type SizeUnit } from './file-size.ts';

/** What the before-check needs to know about a picked file. `type` is its MIME type when known. */
export interface UploadFileInfo {
  name: string;
  size: number;
  type?: string | null;
}

export const IMAGE_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'm3u8', 'rmvb', 'avi', 'swf', '3gp', 'mkv', 'flv'] as const;
export const AUDIO_EXTENSIONS = ['mp3', 'wav', 'wma', 'ogg', 'aac', 'flac'] as const;
export const DOCUMENT_EXTENSIONS = [
  'doc',
  'txt',
  'docx',
  'pages',
  'epub',
  'pdf',
  'numbers',
  'csv',
  'xls',
  'xlsx',
  'keynote',
  'ppt',
  'pptx',
] as const;
/** Image types the preview shows inline. */
export const PREVIEW_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'bmp', 'gif'] as const;

export type FileFamily = 'image' | 'video' | 'audio' | 'document' | 'other';

/** The lowercase extension of a file name without the dot ('' when none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

function inList(list: readonly string[], ext: string): boolean {
  return list.includes(ext);
}

/** The extension family of widgets.md §9 a file belongs to. */
export function fileFamily(name: string): FileFamily {
  const ext = fileExtension(name);
  if (inList(IMAGE_EXTENSIONS, ext)) return 'image';
  if (inList(VIDEO_EXTENSIONS, ext)) return 'video';
  if (inList(AUDIO_EXTENSIONS, ext)) return 'audio';
  if (inList(DOCUMENT_EXTENSIONS, ext)) return 'document';
  return 'other';
}

export function isPreviewableImage(name: string): boolean {
  return inList(PREVIEW_IMAGE_EXTENSIONS, fileExtension(name));
}

function isImageFile(file: UploadFileInfo): boolean {
  if (file.type) return file.type.startsWith('image/');
  return fileFamily(file.name) === 'image';
}

const WILDCARD_FAMILIES: Record<string, { family: FileFamily; mime: string; label: string }> = {
  'image/*': { family: 'image', mime: 'image/', label: '图片' },
  'video/*': { family: 'video', mime: 'video/', label: '视频' },
  'audio/*': { family: 'audio', mime: 'audio/', label: '音频' },
};

function acceptEntries(accept: string): string[] {
  return accept
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
}

/** Whether a file matches an accept list of extensions ('.pdf') and image/video/audio wildcards; '' or '*' accept all. */
export function isAcceptedFile(file: UploadFileInfo, accept: string | null | undefined): boolean {
  if (!accept || accept.trim() === '*') return true;
  const ext = fileExtension(file.name);
  for (const entry of acceptEntries(accept)) {
    const wildcard = WILDCARD_FAMILIES[entry];
    if (wildcard) {
      if (file.type ? file.type.startsWith(wildcard.mime) : fileFamily(file.name) === wildcard.family) return true;
    } else if (entry.replace(/^\./, '') === ext && ext !== '') {
      return true;
    }
  }
  return false;
}

/**
 * The names of an accept list for messages, joined by '、': 图片, 视频, 音频 for wildcards, excel for
 * .xls/.xlsx, word for .doc/.docx, pdf, txt; any other extension by itself.
 */
export function acceptText(accept: string): string {
  const names: string[] = [];
  for (const entry of acceptEntries(accept)) {
    const ext = entry.replace(/^\./, '');
    const name =
      WILDCARD_FAMILIES[entry]?.label ??
      (ext === 'xls' || ext === 'xlsx' ? 'excel' : ext === 'doc' || ext === 'docx' ? 'word' : ext);
    if (!names.includes(name)) names.push(name);
  }
  return names.join('、');
}

export function fileLimitMessage(limit: number): string {
  return `当前限制最多可以上传${limit}个文件`;
}
export function fileSizeMessage(size: number, unit: SizeUnit): string {
  return `文件大小超过${size}${unit}`;
}
export function fileTypeMessage(accept: string): string {
  return `请选择${acceptText(accept)}类型的文件`;
}
export function imageLimitMessage(limit: number): string {
  return `当前限制最多可以上传${limit}张图片`;
}
export function imageSizeMessage(size: number, unit: SizeUnit): string {
  return `图片大小超过${size}${unit}`;
}
export const NOT_IMAGE_MESSAGE = '请上传图片';
export const NO_FILES_MESSAGE = '未发现文件';
export const CHAT_IMAGE_TOO_LARGE_MESSAGE = '图片大小不能超过5M';
export const CHAT_IMAGE_MAX_BYTES = 5242880;

export const DEFAULT_FILE_SIZE = 10;
export const DEFAULT_IMAGE_SIZE = 10;
export const DEFAULT_SIZE_UNIT: SizeUnit = 'MB';
export const DEFAULT_FILE_LIMIT = 0;

export interface FileUploadOptions {
  /** Maximum number of files; 0 or missing means unlimited. */
  limit?: number | null;
  /** Files already in the list. */
  currentCount?: number;
  /** Size limit in `sizeUnit`; 0 or missing means no limit. */
  fileSize?: number | null;
  sizeUnit?: SizeUnit;
  accept?: string | null;
}

function overSize(bytes: number, size: number | null | undefined, unit: SizeUnit): boolean {
  return !!size && size > 0 && !(bytes / SIZE_UNITS[unit] < size);
}

/** The file upload before-check (widgets.md §5): count, then size, then type. Returns the message or null. */
export function checkFileBeforeUpload(file: UploadFileInfo, options: FileUploadOptions = {}): string | null {
  const { limit, currentCount = 0, fileSize, sizeUnit = DEFAULT_SIZE_UNIT, accept } = options;
  if (limit && limit > 0 && currentCount >= limit) return fileLimitMessage(limit);
  if (overSize(file.size, fileSize, sizeUnit)) return fileSizeMessage(fileSize ?? 0, sizeUnit);
  if (!isAcceptedFile(file, accept)) return fileTypeMessage(accept ?? '');
  return null;
}

/** The image upload before-check: count, then image type, then size (default 10 MB). */
export function checkImageBeforeUpload(
  file: UploadFileInfo,
  options: Omit<FileUploadOptions, 'accept'> = {},
): string | null {
  const { limit, currentCount = 0, fileSize = DEFAULT_IMAGE_SIZE, sizeUnit = DEFAULT_SIZE_UNIT } = options;
  if (limit && limit > 0 && currentCount >= limit) return imageLimitMessage(limit);
  if (!isImageFile(file)) return NOT_IMAGE_MESSAGE;
  if (overSize(file.size, fileSize, sizeUnit)) return imageSizeMessage(fileSize ?? 0, sizeUnit);
  return null;
}

/** The chat image check (shell.md §5): an image of at most 5 MB (5242880 bytes). */
export function checkChatImage(file: UploadFileInfo): string | null {
  if (!isImageFile(file)) return NOT_IMAGE_MESSAGE;
  return file.size > CHAT_IMAGE_MAX_BYTES ? CHAT_IMAGE_TOO_LARGE_MESSAGE : null;
}

/** Download all with no files gives '未发现文件'. */
export function checkDownloadAll(files: readonly unknown[] | null | undefined): string | null {
  return files && files.length > 0 ? null : NO_FILES_MESSAGE;
}
