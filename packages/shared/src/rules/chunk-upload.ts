export const CHUNK_SIZE = 5_242_880;
export const HASH_SLICE_SIZE = 10_240_000;
export const MAX_CHUNK_RETRIES = 5;

export type ChunkUploadStatus = 'success' | 'error' | 'uploading' | 'paused' | 'waiting';

export const CHUNK_UPLOAD_STATUS_TEXT: Readonly<Record<ChunkUploadStatus, string>> = {
  success: '上传成功',
  error: '上传失败',
  uploading: '上传中',
  paused: '暂停中',
  waiting: '等待中',
};

export interface ChunkFileState {
  completed?: boolean;
  error?: boolean;
  uploading?: boolean;
  paused?: boolean;
}

/** Displayed status: complete beats error, error beats uploading, uploading beats paused, paused beats waiting. */
export function chunkUploadStatus(state: ChunkFileState): ChunkUploadStatus {
  if (state.completed) return 'success';
  if (state.error) return 'error';
  if (state.uploading) return 'uploading';
  if (state.paused) return 'paused';
  return 'waiting';
}

export function chunkUploadStatusText(state: ChunkFileState): string {
  return CHUNK_UPLOAD_STATUS_TEXT[chunkUploadStatus(state)];
}

/** Progress in whole percent, capped at 99 until the file is complete. */
export function chunkUploadProgress(fraction: number, completed = false): number {
  if (completed) return 100;
  const percent = Math.floor(Math.max(0, Math.min(1, fraction || 0)) * 100);
  return Math.min(99, percent);
}

/**
 * The number of chunks (at least one) a file of `size` bytes is sent in, as simple-uploader cuts it
 * (protocol-admin.md 5): whole chunks, the last one taking the rest, so it is up to twice the size.
 */
export function chunkCount(size: number, chunkSize: number = CHUNK_SIZE): number {
  return Math.max(1, Math.floor(size / chunkSize));
}

/** File names have '#' removed for display and for the upload-complete call. */
export function cleanFileName(name: string): string {
  return name.replaceAll('#', '');
}

export function fileReadErrorMessage(name: string): string {
  return `文件${name}读取出错，请检查该文件`;
}
export const UPLOAD_FAILED_MESSAGE = '上传失败';

export const IMPORT_WIZARD_ACCEPT = '.xls,.xlsx';
export const DICTIONARY_IMPORT_ACCEPT = '.bdd';
export const IMPORT_FILE_FIRST_MESSAGE = '请先上传文件';
export const IMPORT_DATA_EMPTY_MESSAGE = '导入数据为空';
export const IMPORT_FLOW_MISSING_MESSAGE = '流程不存在';
export const IMPORT_FILE_REQUIRED_MESSAGE = '请上传文件';

/** The generic import dialog's extension check: '请选择{accept}类型的文件' with the accept list as configured. */
export function checkImportFile(name: string, accept: string): string | null {
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot).toLowerCase();
  const accepted = accept
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  return ext !== '' && accepted.includes(ext) ? null : `请选择${accept}类型的文件`;
}
