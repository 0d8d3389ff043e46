import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileStorage } from './file-storage.ts';

/** Generated file names: 32 hex characters and the extension we chose. Never a user string. */
export const generatedSheetName = /^[0-9a-f]{32}\.xlsx$/;
const keepMs = 24 * 60 * 60_000;

/** `<area>-import` holds uploads waiting for preview and import, `<area>-export` generated downloads. */
export type SheetFolder = `${string}-import` | `${string}-export`;

/**
 * Spreadsheets an area writes and reads: uploads waiting for import and generated downloads, each
 * under `<folder>/` of the file storage with a generated name, dropped after a day. In the file
 * storage, not on the instance's disk: behind a load balancer the upload, its preview, the import
 * and the download may each reach another instance.
 */
export class SheetFiles {
  constructor(private readonly storage: FileStorage) {}

  /** Keeps `bytes` under a fresh generated name in `folder` and answers the name. */
  async save(folder: SheetFolder, bytes: Buffer): Promise<string> {
    await this.sweep(folder);
    const name = `${randomBytes(16).toString('hex')}.xlsx`;
    await this.storage.write(`${folder}/${name}`, bytes);
    return name;
  }

  /** The stored sheet of a generated name as a stream, or null for anything else or a dropped one. */
  async open(folder: SheetFolder, name: string): Promise<{ stream: Readable; size: number } | null> {
    if (!generatedSheetName.test(name)) return null;
    return this.storage.read(`${folder}/${name}`);
  }

  /** The bytes of a generated name, or null. */
  async read(folder: SheetFolder, name: string): Promise<Buffer | null> {
    const found = await this.open(folder, name);
    if (!found) return null;
    const parts: Buffer[] = [];
    for await (const part of found.stream as AsyncIterable<Buffer>) parts.push(part);
    return Buffer.concat(parts);
  }

  private async sweep(folder: SheetFolder) {
    const now = Date.now();
    for (const entry of await this.storage.list(folder)) {
      if (generatedSheetName.test(entry.name) && now - entry.modified > keepMs)
        await this.storage.remove(`${folder}/${entry.name}`);
    }
  }
}
