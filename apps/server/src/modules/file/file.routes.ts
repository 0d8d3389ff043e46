import {
  ChunkQuery,
  ChunkState,
  EnvelopeOf,
  FileDownloadLink,
  MergedFile,
  MergeInput,
  PackDownloadInput,
  PackDownloadLink,
  PreviewQuery,
  StoredFileName,
  UploadedFile,
  UploadTypeParam,
} from '@platform/shared';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { contentDisposition } from '../../core/downloads.ts';
import { FileAnswer, MediaType, ok } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import { activeExtensions } from '../../core/file-types.ts';
import { validatorCompiler } from '../../core/validation.ts';
import type { FileService } from './file.service.ts';
import type { FileChunkService } from './file-chunks.service.ts';
import { installFileSweep } from './file-sweep.ts';

const tags = ['file'];
const base = '/api/file';
/** What every served upload carries: no type sniffing, and a document that runs nothing and has an origin of its own. */
const sandbox = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The same answer for an unknown, expired or malformed link: nothing about what it was. */
const gone = (reply: FastifyReply, msg: string) =>
  reply.status(404).header('cache-control', 'no-store').send({ code: 404, msg });

const checkChunk = validatorCompiler({
  schema: ChunkQuery as object,
  httpPart: 'querystring',
  method: 'POST',
  url: '',
});

/**
 * The file service (admin.md 2.7, 3.11; protocol-admin.md 5). Uploading, chunked upload and asking
 * for a link need a signed-in user (forms of any area attach files); a link is issued only to who
 * may read the file (`FileReaders`); the links themselves, and the images of the image types, are
 * public by an unguessable name or token.
 */
export default async function fileRoutes(
  app: App,
  { files, chunks }: { files: FileService; chunks: FileChunkService },
) {
  installFileSweep(app, chunks);
  app.addHook('onClose', () => chunks.close());
  fileUploadRoutes(app, files, chunks);
  fileDownloadRoutes(app, files);
}

/** Uploading: whole files, the public images of the image types, chunked upload and its merge. */
function fileUploadRoutes(app: App, files: FileService, chunks: FileChunkService) {
  app.post(
    `${base}/Uploader/:type`,
    {
      schema: {
        tags,
        summary:
          'Upload one file (multipart `file`): annex (documents, media, archives), annexpic, IM and userAvatar (images); kind read from the bytes',
        params: Type.Object({ type: UploadTypeParam }),
        consumes: ['multipart/form-data'],
        response: { 200: EnvelopeOf(UploadedFile) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const type = request.params.type;
      const missing = type === 'IM' ? 'im.fileMissing' : type === 'userAvatar' ? 'profile.fileMissing' : 'file.missing';
      if (!request.isMultipart()) throw new BusinessError(missing);
      // The name as sent (busboy would cut it to its last segment): a path in it is refused, not hidden.
      const part = await request.file({ limits: { fileSize: 10 * 1024 * 1024 + 1, files: 1 }, preservePath: true });
      if (!part) throw new BusinessError(missing);
      return ok(await files.upload(session.userId, request.params.type, part.filename, part.file));
    },
  );

  // Public: <img> cannot send the Authorization header; names are 128 random bits.
  app.get(
    `${base}/Image/:type/:name`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'An image of an image type (userAvatar, IM, annexpic) by its generated name',
        params: Type.Object({
          type: Type.String({ maxLength: 20 }),
          name: Type.String({ pattern: '^[0-9a-f]{32}\\.(png|jpg|gif|bmp|webp)$' }),
        }),
        response: { 200: FileAnswer('The image', MediaType.images) },
      },
    },
    async (request, reply) => {
      const found = await files.image(request.params.type, request.params.name);
      if (!found) return gone(reply, request.t('common.notFound'));
      return reply
        .header('content-type', found.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', sandbox)
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('content-length', found.size)
        .send(found.stream);
    },
  );

  app.get(
    `${base}/chunk`,
    {
      schema: {
        tags,
        summary: 'Test call of the chunked uploader: which chunks are held, or uploaded when the content is',
        querystring: ChunkQuery,
        response: { 200: EnvelopeOf(ChunkState) },
      },
    },
    async (request) => {
      return ok(await chunks.state(request.query, sessionOf(request).userId));
    },
  );

  app.post(
    `${base}/chunk`,
    {
      // A 1 GiB upload is 205 chunk calls: its operation-log entry is the merge's, not one per chunk.
      config: { operationLog: false },
      schema: {
        tags,
        summary: 'One chunk (multipart `file`; the uploader fields in the query or as form fields before the file)',
        consumes: ['multipart/form-data'],
        response: { 200: EnvelopeOf(ChunkState) },
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      if (!request.isMultipart()) throw new BusinessError('file.missing');
      const part = await request.file({ limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
      if (!part) throw new BusinessError('file.missing');
      const fields: Record<string, unknown> = { ...(request.query as Record<string, unknown>) };
      for (const [key, field] of Object.entries(part.fields)) {
        if (field && !Array.isArray(field) && field.type === 'field' && field.value !== '') fields[key] = field.value;
      }
      if (!checkChunk(fields)) {
        part.file.resume();
        throw new BusinessError('file.chunkRefused');
      }
      return ok(await chunks.putChunk(fields as ChunkQuery, userId, part.file));
    },
  );

  app.post(
    `${base}/merge`,
    {
      schema: {
        tags,
        summary: 'Join the chunks (form-encoded), check the MD5, answer the file; repeating it answers the same file',
        body: MergeInput,
        response: { 200: EnvelopeOf(MergedFile) },
      },
    },
    async (request) => ok(await chunks.merge(sessionOf(request).userId, request.body)),
  );
}

/** Reading: links (Download, PackDownload, Preview) for who may read the file, and the links themselves (public by token). */
function fileDownloadRoutes(app: App, files: FileService) {
  app.get(
    `${base}/Download/:type/:fileId`,
    {
      schema: {
        tags,
        summary: 'An address that downloads the file without authorization for 10 minutes',
        params: Type.Object({ type: Type.String({ maxLength: 20 }), fileId: StoredFileName }),
        response: { 200: EnvelopeOf(FileDownloadLink) },
      },
    },
    async (request) => {
      return ok(await files.downloadLink(sessionOf(request), request.params.fileId));
    },
  );

  app.post(
    `${base}/PackDownload/:type`,
    {
      schema: {
        tags,
        summary: 'An address that downloads these files as one zip (streamed) for 10 minutes',
        params: Type.Object({ type: Type.String({ maxLength: 20 }) }),
        body: PackDownloadInput,
        response: { 200: EnvelopeOf(PackDownloadLink) },
      },
    },
    async (request) => {
      return ok(await files.packLink(sessionOf(request), request.body));
    },
  );

  app.get(
    `${base}/Uploader/Preview`,
    {
      schema: {
        tags,
        summary: 'The preview address of a file (images, PDF, .docx, .xlsx); no data when it cannot be shown',
        querystring: PreviewQuery,
        response: { 200: EnvelopeOf(Type.String()) },
      },
    },
    async (request) => {
      return ok((await files.previewAddress(sessionOf(request), request.query.fileName)) ?? undefined);
    },
  );

  // Public: the token is the key (128+ random bits, stored hashed), and it expires.
  app.get(
    `${base}/Download/:token`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The file or zip of a download address; 404 once it has expired',
        params: Type.Object({ token: Type.String({ maxLength: 100 }) }),
        response: {
          200: FileAnswer('The file under its own type (active types as octet-stream), or a zip of several', [
            MediaType.binary,
            'application/zip',
          ]),
        },
      },
    },
    async (request, reply) => {
      const link = await files.openLink(request.params.token, 'download');
      const headers = {
        'x-content-type-options': 'nosniff',
        'content-security-policy': sandbox,
        'cache-control': 'private, no-store',
      };
      if (link?.kind === 'pack') {
        const zip = await files.zip(link.files);
        return reply
          .headers(headers)
          .type('application/zip')
          .header('content-disposition', contentDisposition(link.downloadName))
          .send(zip);
      }
      const source = link?.kind === 'file' ? await files.source(link.name) : null;
      if (!source) return gone(reply, request.t('common.notFound'));
      return reply
        .headers(headers)
        .type(activeExtensions.has(source.extension) ? 'application/octet-stream' : source.contentType)
        .header('content-disposition', contentDisposition(source.fileName))
        .header('content-length', source.size ?? undefined)
        .send(source.stream);
    },
  );

  app.get(
    `${base}/Preview/:token`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The preview of an address from Uploader/Preview: the image or PDF, or sanitised HTML of .docx/.xlsx',
        params: Type.Object({ token: Type.String({ maxLength: 100 }) }),
        response: {
          200: FileAnswer('The image, the PDF, or the document as sanitised HTML', [
            ...MediaType.images,
            'application/pdf',
            'text/html',
          ]),
        },
      },
    },
    async (request, reply) => {
      const link = await files.openLink(request.params.token, 'preview');
      const preview = link?.kind === 'preview' ? await files.preview(link.name) : null;
      if (!preview) return gone(reply, request.t('common.notFound'));
      return reply
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .header(
          'content-security-policy',
          preview.kind === 'pdf' ? "default-src 'none'; frame-ancestors 'self'" : sandbox,
        )
        .type(preview.contentType)
        .send(preview.body);
    },
  );
}
