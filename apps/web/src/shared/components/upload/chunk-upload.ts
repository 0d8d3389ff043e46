import {
  type ChunkState,
  chunkCount,
  chunkUploadProgress,
  cleanFileName,
  FILE_CHUNK_RETRIES,
  FILE_CHUNK_SIZE,
  type MergedFile,
} from '@platform/shared';
import { HttpError, http } from '../../api/http.ts';

/**
 * The chunked uploader's rules (admin.md 2.7, 4 "Chunked upload", 8, 9; protocol-admin.md 5),
 * apart from React: statuses and their precedence, the progress shown, and one file's upload
 * (test call, missing chunks three at a time with retries, merge).
 */

/** A file's own status; `check` while its MD5 is computed (admin.md 4: custom status "check"). */
export type UploadStatus = 'check' | 'waiting' | 'uploading' | 'paused' | 'success' | 'error';

export interface UploadItem {
  id: string;
  file: File;
  /** The name shown and sent: `#` removed (admin.md 5). */
  name: string;
  size: number;
  status: UploadStatus;
  /** Fraction of the bytes the server holds (0 to 1). */
  progress: number;
  /** Fraction of the file hashed while checking. */
  hashed: number;
  identifier?: string;
  error?: string;
  result?: MergedFile;
}

/** What the list shows: complete beats error, error beats uploading, uploading beats paused, paused beats waiting. */
export type ShownStatus = 'success' | 'error' | 'uploading' | 'paused' | 'waiting' | 'check';
export function shownStatus(item: Pick<UploadItem, 'status'>): ShownStatus {
  const order: ShownStatus[] = ['success', 'error', 'uploading', 'paused', 'waiting', 'check'];
  return order.find((s) => s === item.status) ?? 'waiting';
}

/** Percent shown: capped at 99 until the merge has answered. */
export function shownPercent(item: Pick<UploadItem, 'status' | 'progress'>): number {
  return chunkUploadProgress(item.progress, item.status === 'success');
}

export const displayName = cleanFileName;
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export { chunkCount };

export interface UploadEvents {
  /** Bytes the server holds, after each chunk. */
  progress(fraction: number): void;
}

export interface UploadOptions {
  signal: AbortSignal;
  type?: string;
  chunkSize?: number;
  /** Parallel chunk requests (simple-uploader's 3). */
  parallel?: number;
  /** Waits before a retry, by attempt (tests make it 0). */
  retryDelayMs?: (attempt: number) => number;
}

/** A failure that is the server's answer (its msg is shown), not a transport one. */
export class UploadRefused extends Error {}

const aborted = (signal: AbortSignal) => {
  if (signal.aborted) throw new DOMException('paused', 'AbortError');
};

function fieldsOf(item: UploadItem, chunkNumber: number, chunkSize: number) {
  const total = chunkCount(item.size, chunkSize);
  const start = (chunkNumber - 1) * chunkSize;
  const end = chunkNumber === total ? item.size : start + chunkSize;
  return {
    start,
    end,
    fields: {
      chunkNumber,
      chunkSize,
      currentChunkSize: end - start,
      totalSize: item.size,
      identifier: item.identifier ?? '',
      filename: item.name,
      relativePath: item.name,
      totalChunks: total,
      fileType: item.file.type || 'application/octet-stream',
      extension: extensionOf(item.name),
    },
  };
}

async function sendChunk(item: UploadItem, number: number, options: UploadOptions, chunkSize: number) {
  const { start, end, fields } = fieldsOf(item, number, chunkSize);
  for (let attempt = 0; ; attempt++) {
    aborted(options.signal);
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
    form.append('file', item.file.slice(start, end), item.name);
    try {
      return await http.postMultipart<ChunkState>('/api/file/chunk', form, { signal: options.signal, silent: true });
    } catch (error) {
      if (options.signal.aborted) throw error;
      // The server's refusal is final; a transport failure is tried again, at most 5 more times.
      if (error instanceof HttpError && error.body) throw new UploadRefused(error.message);
      if (attempt >= FILE_CHUNK_RETRIES) throw error;
      const wait = options.retryDelayMs?.(attempt) ?? 500 * 2 ** attempt;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Uploads one hashed file: the test call says which chunks the server holds (all of them when the
 * content is already there: instant upload), the rest go three at a time, then merge. Aborting
 * the signal pauses; calling again resumes from what the server holds.
 */
export async function uploadFile(item: UploadItem, options: UploadOptions, events: UploadEvents): Promise<MergedFile> {
  const chunkSize = options.chunkSize ?? FILE_CHUNK_SIZE;
  if (!item.identifier) throw new Error('the file is not hashed yet');
  const total = chunkCount(item.size, chunkSize);
  const test = await http.get<ChunkState>(
    '/api/file/chunk',
    fieldsOf(item, 1, chunkSize).fields as unknown as Record<string, string | number>,
    { signal: options.signal, silent: true },
  );
  const held = new Set(test.uploaded ? Array.from({ length: total }, (_, i) => i + 1) : test.chunkNumbers);
  const sizeOf = (n: number) => (n === total ? item.size - (total - 1) * chunkSize : chunkSize);
  let done = [...held].reduce((sum, n) => sum + sizeOf(n), 0);
  events.progress(item.size ? done / item.size : 0);
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((n) => !held.has(n));
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const number = missing[next++] as number;
      await sendChunk(item, number, options, chunkSize);
      done += sizeOf(number);
      events.progress(done / item.size);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.parallel ?? 3, missing.length) }, worker));
  aborted(options.signal);
  return http.postForm<MergedFile>(
    '/api/file/merge',
    {
      identifier: item.identifier,
      fileName: item.name,
      fileSize: item.size,
      fileType: item.file.type || 'application/octet-stream',
      extension: extensionOf(item.name),
      type: options.type ?? 'annex',
      pathType: 'defaultPath',
      isAccount: '0',
      folder: '',
    },
    { signal: options.signal, silent: true },
  );
}
