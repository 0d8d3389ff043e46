import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../src/config.ts';

export interface TestObjectStore {
  /** The settings a server needs to keep its files in this store's one bucket. */
  storage: S3StorageConfig;
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver, a devDependency) on a free loopback port over a temporary
 * directory, with one empty bucket. It checks request signatures against its fixed keys.
 */
export async function startObjectStore(bucket = 'platform-test'): Promise<TestObjectStore> {
  const directory = mkdtempSync(path.join(tmpdir(), 'platform-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    storage: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: '',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
