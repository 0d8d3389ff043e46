import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import type { App } from './app-types.ts';
import { FileAnswer, MediaType } from './envelope.ts';
import { NotFoundError } from './errors.ts';
import type { FileStorage } from './file-storage.ts';

/** A generated name: 128 random bits in hex. Never a user string, so never a path a caller chose. */
const generatedName = /^[0-9a-f]{32}$/;
const keepMs = 24 * 60 * 60_000;
export const downloadBase = '/api/file/Generated';

interface DownloadMeta {
  contentType: string;
  fileName: string;
}

/**
 * Files the server generates for a person to download (an exported dictionary, ...): kept in the
 * file storage under `generated/` behind a random name (on disk `DATA_DIR/files/generated`, or in
 * the object store, so any instance serves what another made), each with its content type and the
 * file name the browser saves it as, dropped after a day. The protocol's clients open an export's
 * `{url}` without an Authorization header, so the unguessable name is what guards it.
 */
export class Downloads {
  constructor(
    private readonly storage: FileStorage,
    private readonly folder = 'generated',
  ) {}

  /** Keeps `bytes` (or what the stream yields, written as it comes) and answers the name and the address that serves them. */
  async save(bytes: Buffer | string | Readable, meta: DownloadMeta): Promise<{ name: string; url: string }> {
    await this.sweep();
    const name = randomBytes(16).toString('hex');
    // The description first: a file is served only once both are there.
    await this.storage.write(`${this.folder}/${name}.json`, Buffer.from(JSON.stringify(meta)));
    await this.storage.write(`${this.folder}/${name}`, typeof bytes === 'string' ? Buffer.from(bytes) : bytes);
    return { name, url: `${downloadBase}/${name}` };
  }

  /** The stored file and its description, or null for an unknown, expired or malformed name. */
  async open(name: string): Promise<(DownloadMeta & { stream: Readable }) | null> {
    if (!generatedName.test(name)) return null;
    const info = await this.storage.stat(`${this.folder}/${name}`);
    if (!info || Date.now() - info.modified > keepMs) return null;
    const described = await this.storage.read(`${this.folder}/${name}.json`);
    if (!described) return null;
    const parts: Buffer[] = [];
    for await (const part of described.stream as AsyncIterable<Buffer>) parts.push(part);
    let meta: DownloadMeta;
    try {
      meta = JSON.parse(Buffer.concat(parts).toString('utf8')) as DownloadMeta;
    } catch {
      return null;
    }
    const found = await this.storage.read(`${this.folder}/${name}`);
    return found ? { ...meta, stream: found.stream } : null;
  }

  private async sweep() {
    const now = Date.now();
    for (const entry of await this.storage.list(this.folder)) {
      if (!generatedName.test(entry.name.replace(/\.json$/, ''))) continue;
      if (now - entry.modified > keepMs) await this.storage.remove(`${this.folder}/${entry.name}`);
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
          200: FileAnswer('The file: an exported record, a spreadsheet, a printed document, generated code', [
            'application/zip',
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
        .send(found.stream);
    },
  );
}
