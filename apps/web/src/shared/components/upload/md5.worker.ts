import { createMD5 } from 'hash-wasm';

/**
 * The MD5 of a file, off the page's thread (admin.md 4: hashed in 10,240,000-byte slices while the
 * file shows "file verifying"). Receives `{file, slice}`, posts `{hashed}` after each slice and
 * `{md5}` at the end, or `{error}`.
 */
interface Job {
  file: Blob;
  slice: number;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Job>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = async (event) => {
  const { file, slice } = event.data;
  try {
    const md5 = await createMD5();
    md5.init();
    for (let start = 0; start < file.size; start += slice) {
      const part = new Uint8Array(await file.slice(start, Math.min(file.size, start + slice)).arrayBuffer());
      md5.update(part);
      scope.postMessage({ hashed: Math.min(file.size, start + slice) / file.size });
    }
    scope.postMessage({ md5: md5.digest('hex') });
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
