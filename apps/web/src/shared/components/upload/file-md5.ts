import { FILE_HASH_SLICE } from '@platform/shared';

/** The file's MD5 (hex), computed by hash-wasm in a Web Worker; `onProgress` gets the fraction hashed. */
export function fileMd5(file: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new DOMException('cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<{ hashed?: number; md5?: string; error?: string }>) => {
      const { hashed, md5, error } = event.data;
      if (hashed !== undefined) onProgress(hashed);
      if (md5 || error) {
        worker.terminate();
        signal?.removeEventListener('abort', stop);
        if (md5) resolve(md5);
        else reject(new Error(error));
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage({ file, slice: FILE_HASH_SLICE });
  });
}
