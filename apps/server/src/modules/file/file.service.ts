import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { PackDownloadInput, PreviewKind, UploadedFile, UploadType } from '@platform/shared';
import { previewKindOf } from '@platform/shared';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import yazl from 'yazl';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { FileStorage } from '../../core/file-storage.ts';
import { annexExtensions, contentMatches, extensionOf } from '../../core/file-types.ts';
import { newId } from '../../core/ids.ts';
import { sanitizeRichText } from '../../core/sanitize.ts';
import type { Session } from '../../core/session.ts';
import { imageKind, maxImageBytes } from '../../core/stored-images.ts';
import type { Db } from '../../db/database.ts';
import { FileRepository, type LinkPayload, type StoredFileRecord } from './file.repository.ts';
import type { FileReaders } from './file-readers.ts';

/** How long a download or preview address works. */
export const linkTtlMs = 10 * 60_000;
const maxUploadBytes = 10 * 1024 * 1024;

/** Where each upload type keeps its bytes; avatars and chat images stay where they always were. */
export const uploadFolders: Record<UploadType, string> = {
  userAvatar: 'userAvatar',
  IM: 'im',
  annexpic: 'annexpic',
  annex: 'annex',
};
/** Types whose images are shown by `<img>` at `/api/file/Image/{type}/{name}` without a token. */
export const publicImageTypes = new Set<string>(['userAvatar', 'IM', 'annexpic']);
export const imageUrl = (type: string, name: string) => `/api/file/Image/${type}/${name}`;

/** A name the server gives: 128 random bits and the extension. */
const generatedName = (extension: string) => `${randomBytes(16).toString('hex')}${extension ? `.${extension}` : ''}`;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A name a user gave: shown and put in a zip, so no path, no `..`, no control characters. */
export function checkOriginalName(name: string) {
  if (
    !name ||
    name.length > 255 ||
    /[\\/]/.test(name) ||
    [...name].some((c) => c.charCodeAt(0) < 32) ||
    name === '.' ||
    name === '..' ||
    /^[A-Za-z]:/.test(name)
  )
    throw new BusinessError('file.badName');
  return name;
}

async function readAll(stream: AsyncIterable<Buffer> | NodeJS.ReadableStream, max: number, tooLarge: BusinessError) {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of stream as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > max) throw tooLarge;
    parts.push(part);
  }
  return Buffer.concat(parts);
}

export interface DownloadSource {
  fileName: string;
  contentType: string;
  extension: string;
  size: number | null;
  stream: Readable;
}

const htmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const mimeTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
};

/**
 * Uploads by type, expiring links, pack download and previews (admin.md 2.7, protocol-admin.md 5).
 * Bytes go through `FileStorage`; records of annex files and their links through the repository.
 */
export class FileService {
  private readonly repo: FileRepository;

  constructor(
    db: Db,
    readonly storage: FileStorage,
    private readonly readers: FileReaders,
  ) {
    this.repo = new FileRepository(db);
  }

  /**
   * The records of `names` when the caller may read every one; otherwise one refusal that is the
   * same for a name that does not exist and one that is not the caller's to read, and names none.
   */
  private async readable(session: Session, names: string[]): Promise<Map<string, StoredFileRecord>> {
    const records = new Map((await this.repo.byNames(names)).map((r) => [r.name, r]));
    for (const name of names) {
      const record = records.get(name);
      if (!record || !(await this.readers.mayRead(session, record))) throw new BusinessError('file.notReadable');
    }
    return records;
  }

  /** `Uploader/{type}`: checks the kind from the bytes and stores under a generated name. */
  async upload(userId: string, type: UploadType, fileName: string, file: NodeJS.ReadableStream): Promise<UploadedFile> {
    const folder = uploadFolders[type];
    if (type === 'userAvatar' || type === 'IM') {
      // The chat and avatar answers and messages are those of before the file service.
      const data = await readAll(file, maxImageBytes, new BusinessError('im.imageTooLarge'));
      const kind = imageKind(data.subarray(0, 16));
      if (!kind) throw new BusinessError('im.imageOnly');
      const name = generatedName(kind);
      await this.storage.write(`${folder}/${name}`, data);
      return { name, url: imageUrl(type, name) };
    }
    checkOriginalName(fileName);
    const data = await readAll(file, maxUploadBytes, new BusinessError('file.tooLarge', { size: 10 }));
    let extension = extensionOf(fileName);
    if (type === 'annexpic') {
      const kind = imageKind(data.subarray(0, 16));
      if (!kind) throw new BusinessError('file.imageOnly');
      extension = kind;
    } else {
      if (!annexExtensions.includes(extension)) throw new BusinessError('file.typeRefused', { extension });
      if (!contentMatches(extension, data.subarray(0, 4096))) throw new BusinessError('file.contentMismatch');
    }
    const name = generatedName(extension);
    const storageKey = `${folder}/${name}`;
    await this.storage.write(storageKey, data);
    await this.repo.insert({
      id: newId(),
      name,
      type,
      storageKey,
      originalName: fileName,
      extension,
      size: data.length,
      md5: createHash('md5').update(data).digest('hex'),
      creatorUserId: userId,
    });
    const url = type === 'annexpic' ? imageUrl(type, name) : `/api/file/Download/${type}/${name}`;
    return type === 'annexpic' ? { name, url, thumbUrl: url } : { name, url };
  }

  /** A public image by its generated name, or null (not an image type, no such file). */
  async image(type: string, name: string) {
    if (!publicImageTypes.has(type)) return null;
    const folder = uploadFolders[type as UploadType];
    const extension = extensionOf(name);
    const found = await this.storage.read(`${folder}/${name}`);
    return found ? { ...found, contentType: mimeTypes[extension] ?? 'application/octet-stream' } : null;
  }

  private async link(payload: LinkPayload) {
    const token = randomBytes(24).toString('base64url');
    await this.repo.insertLink(hashToken(token), payload, new Date(Date.now() + linkTtlMs));
    return token;
  }

  /** `Download/{type}/{fileId}` → an address that works without a token for `linkTtlMs`. */
  async downloadLink(session: Session, name: string) {
    const file = (await this.readable(session, [name])).get(name) as StoredFileRecord;
    return { url: `/api/file/Download/${await this.link({ kind: 'file', name: file.name })}`, name: file.originalName };
  }

  /** `PackDownload/{type}` → the address of one zip of these files, each under its (unique) name. */
  async packLink(session: Session, list: PackDownloadInput) {
    const records = await this.readable(
      session,
      list.map((f) => f.fileId),
    );
    const used = new Set<string>();
    const files = list.map(({ fileId, fileName }) => {
      const record = records.get(fileId);
      if (!record) throw new NotFoundError();
      const wanted = checkOriginalName(fileName ?? record.originalName);
      let entry = wanted;
      for (let n = 1; used.has(entry.toLowerCase()); n++) {
        const dot = wanted.lastIndexOf('.');
        entry = dot > 0 ? `${wanted.slice(0, dot)}(${n})${wanted.slice(dot)}` : `${wanted}(${n})`;
      }
      used.add(entry.toLowerCase());
      return { name: record.name, entry };
    });
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const downloadName = `files-${stamp}.zip`;
    const token = await this.link({ kind: 'pack', downloadName, files });
    return { downloadName, downloadVo: { url: `/api/file/Download/${token}` } };
  }

  /** `Uploader/Preview` → the preview address, or null when nothing can be shown (`文件不存在`). */
  async previewAddress(session: Session, name: string): Promise<string | null> {
    const file = await this.repo.byName(name);
    // Not readable answers as not found: the preview shows the file's content as a download does.
    if (!file || !(await this.readers.mayRead(session, file))) return null;
    const kind = previewKindOf(file.extension);
    if (!kind) return null;
    if (!(await this.storage.stat(file.storageKey))) return null;
    const token = await this.link({ kind: 'preview', name: file.name });
    return `/api/file/Preview/${token}?kind=${kind}`;
  }

  /** What a link opens, or null for an unknown or expired token (the caller answers 404 either way). */
  async openLink(token: string, expect: 'download' | 'preview') {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
    const payload = await this.repo.liveLink(hashToken(token), new Date());
    if (!payload) return null;
    if ((payload.kind === 'preview') !== (expect === 'preview')) return null;
    return payload;
  }

  /** One file of a download link. */
  async source(name: string): Promise<DownloadSource | null> {
    const file = await this.repo.byName(name);
    if (!file) return null;
    const found = await this.storage.read(file.storageKey);
    if (!found) return null;
    return {
      fileName: file.originalName,
      extension: file.extension,
      contentType: mimeTypes[file.extension] ?? 'application/octet-stream',
      size: found.size,
      stream: found.stream,
    };
  }

  /** The zip of a pack link, streamed: each file is opened only when the zip reaches it. */
  async zip(files: { name: string; entry: string }[]): Promise<Readable> {
    const records = new Map((await this.repo.byNames(files.map((f) => f.name))).map((r) => [r.name, r]));
    const zip = new yazl.ZipFile();
    for (const { name, entry } of files) {
      const record = records.get(name);
      if (!record) continue;
      const stat = await this.storage.stat(record.storageKey);
      if (!stat) continue;
      zip.addReadStreamLazy(entry, { size: stat.size, compress: false }, (done) => {
        this.storage.read(record.storageKey).then(
          (found) => (found ? done(null, found.stream) : done(new Error('file gone'), null as never)),
          (error: Error) => done(error, null as never),
        );
      });
    }
    zip.end();
    return zip.outputStream as Readable;
  }

  /** The preview of a link: the image or PDF as it is, Word and Excel as sanitised HTML. */
  async preview(name: string): Promise<{ kind: PreviewKind; contentType: string; body: Buffer | Readable } | null> {
    const file = await this.repo.byName(name);
    const kind = file ? previewKindOf(file.extension) : null;
    if (!file || !kind) return null;
    const found = await this.storage.read(file.storageKey);
    if (!found) return null;
    if (kind !== 'html') {
      return { kind, contentType: mimeTypes[file.extension] ?? 'application/octet-stream', body: found.stream };
    }
    const bytes = await readAll(found.stream, 50 * 1024 * 1024, new BusinessError('file.tooLarge', { size: 50 }));
    const body = file.extension === 'docx' ? await docxHtml(bytes) : await xlsxHtml(bytes);
    const page = `<!doctype html><html><head><meta charset="utf-8"><title>${htmlEscape(file.originalName)}</title><style>body{font-family:sans-serif;margin:16px}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:2px 6px}</style></head><body>${body}</body></html>`;
    return { kind, contentType: 'text/html; charset=utf-8', body: Buffer.from(page) };
  }

  get repository() {
    return this.repo;
  }
}

async function docxHtml(bytes: Buffer) {
  const result = await mammoth.convertToHtml({ buffer: bytes });
  return sanitizeRichText(result.value) ?? '';
}

/** Each sheet as a table of its cells' text (escaped), at most 2000 rows and 100 columns a sheet. */
async function xlsxHtml(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const parts: string[] = [];
  book.eachSheet((sheet) => {
    parts.push(`<h3>${htmlEscape(sheet.name)}</h3><table>`);
    sheet.eachRow((row, number) => {
      if (number > 2000) return;
      const cells: string[] = [];
      for (let c = 1; c <= Math.min(row.cellCount, 100); c++) cells.push(`<td>${htmlEscape(row.getCell(c).text)}</td>`);
      parts.push(`<tr>${cells.join('')}</tr>`);
    });
    parts.push('</table>');
  });
  return parts.join('');
}
