import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Generated file names: 32 hex characters and the extension we chose. Never a user string. */
export const generatedName = /^[0-9a-f]{32}\.xlsx$/;
const keepMs = 24 * 60 * 60_000;

/**
 * Spreadsheets the user area writes and reads: uploads waiting for import and generated
 * downloads, each under `dataDir/files/<kind>` with a generated name, dropped after a day.
 */
export class UserFiles {
  constructor(private readonly root: string) {}

  dir(kind: 'user-import' | 'user-export') {
    return path.join(this.root, kind);
  }

  /** A fresh generated name and its full path; the directory exists afterwards. */
  async allocate(kind: 'user-import' | 'user-export'): Promise<{ name: string; file: string }> {
    const dir = this.dir(kind);
    await mkdir(dir, { recursive: true });
    await this.sweep(dir);
    const name = `${randomBytes(16).toString('hex')}.xlsx`;
    return { name, file: path.join(dir, name) };
  }

  /** The path of a generated name, or null for anything that is not one. */
  resolve(kind: 'user-import' | 'user-export', name: string): string | null {
    if (!generatedName.test(name)) return null;
    return path.join(this.dir(kind), name);
  }

  private async sweep(dir: string) {
    const now = Date.now();
    for (const entry of await readdir(dir).catch(() => [] as string[])) {
      if (!generatedName.test(entry)) continue;
      const file = path.join(dir, entry);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > keepMs) await rm(file, { force: true });
    }
  }
}
