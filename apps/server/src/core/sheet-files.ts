import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Generated file names: 32 hex characters and the extension we chose. Never a user string. */
export const generatedSheetName = /^[0-9a-f]{32}\.xlsx$/;
const keepMs = 24 * 60 * 60_000;

/** `<area>-import` holds uploads waiting for preview and import, `<area>-export` generated downloads. */
export type SheetFolder = `${string}-import` | `${string}-export`;

/**
 * Spreadsheets an area writes and reads: uploads waiting for import and generated downloads, each
 * under `dataDir/files/<folder>` with a generated name, dropped after a day.
 */
export class SheetFiles {
  constructor(private readonly root: string) {}

  dir(folder: SheetFolder) {
    return path.join(this.root, folder);
  }

  /** A fresh generated name and its full path; the directory exists afterwards. */
  async allocate(folder: SheetFolder): Promise<{ name: string; file: string }> {
    const dir = this.dir(folder);
    await mkdir(dir, { recursive: true });
    await this.sweep(dir);
    const name = `${randomBytes(16).toString('hex')}.xlsx`;
    return { name, file: path.join(dir, name) };
  }

  /** The path of a generated name, or null for anything that is not one. */
  resolve(folder: SheetFolder, name: string): string | null {
    if (!generatedSheetName.test(name)) return null;
    return path.join(this.dir(folder), name);
  }

  private async sweep(dir: string) {
    const now = Date.now();
    for (const entry of await readdir(dir).catch(() => [] as string[])) {
      if (!generatedSheetName.test(entry)) continue;
      const file = path.join(dir, entry);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > keepMs) await rm(file, { force: true });
    }
  }
}
