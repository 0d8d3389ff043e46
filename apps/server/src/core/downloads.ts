import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Type } from 'typebox';
import type { App } from './app-types.ts';
import { FileAnswer, MediaType } from './envelope.ts';
import { NotFoundError } from './errors.ts';

/** A generated name: 128 random bits in hex. Never a user string, so never a path a caller chose. */
const generatedName = /^[0-9a-f]{32}$/;
const keepMs = 24 * 60 * 60_000;
export const downloadBase = '/api/file/Generated';

interface DownloadMeta {
  contentType: string;
  fileName: string;
}

/**
 * Files the server generates for a person to download (an exported dictionary, ...): kept under
 * `dataDir/files/generated` behind a random name, each with its content type and the file name the
 * browser saves it as, dropped after a day. The protocol's clients open an export's `{url}` without
 * an Authorization header, so the unguessable name is what guards it.
 */
export class Downloads {
  constructor(private readonly dir: string) {}

  /** Keeps `bytes` and answers the name and the address that serves them. */
  async save(bytes: Buffer | string, meta: DownloadMeta): Promise<{ name: string; url: string }> {
    await mkdir(this.dir, { recursive: true });
    await this.sweep();
    const name = randomBytes(16).toString('hex');
    await writeFile(path.join(this.dir, `${name}.json`), JSON.stringify(meta));
    await writeFile(path.join(this.dir, name), bytes);
    return { name, url: `${downloadBase}/${name}` };
  }

  /** The stored file and its description, or null for an unknown, expired or malformed name. */
  async open(name: string): Promise<(DownloadMeta & { file: string }) | null> {
    if (!generatedName.test(name)) return null;
    const file = path.join(this.dir, name);
    const info = await stat(file).catch(() => null);
    if (!info || Date.now() - info.mtimeMs > keepMs) return null;
    const meta = await readFile(`${file}.json`, 'utf8')
      .then((text) => JSON.parse(text) as DownloadMeta)
      .catch(() => null);
    return meta ? { ...meta, file } : null;
  }

  private async sweep() {
    const now = Date.now();
    for (const entry of await readdir(this.dir).catch(() => [] as string[])) {
      if (!generatedName.test(entry.replace(/\.json$/, ''))) continue;
      const file = path.join(this.dir, entry);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > keepMs) await rm(file, { force: true });
    }
  }
}

/** `attachment` with an ASCII fallback and the real (possibly Chinese) name in RFC 5987 form. */
export function contentDisposition(fileName: string) {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The one public route serving generated files by their name. */
export function downloadRoutes(app: App, downloads: Downloads) {
  app.get(
    `${downloadBase}/:name`,
    {
      config: { public: true },
      schema: {
        tags: ['file'],
        summary: 'Download a generated file by its generated name (no authorization: the name is the key)',
        params: Type.Object({ name: Type.String({ pattern: generatedName.source }) }),
        response: {
          200: FileAnswer('The file: an exported record, a spreadsheet, a printed document', [
            MediaType.binary,
            MediaType.xlsx,
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            'text/html',
          ]),
        },
      },
    },
    async (request, reply) => {
      const found = await downloads.open(request.params.name);
      if (!found) throw new NotFoundError();
      return reply
        .type(found.contentType)
        .header('content-disposition', contentDisposition(found.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(createReadStream(found.file));
    },
  );
}
