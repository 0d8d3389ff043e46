import {
  EnvelopeOf,
  FileLink,
  ImportDataInput,
  ImportPreviewAnswer,
  ImportPreviewQuery,
  type ImportProgressFrame,
  ImportResultAnswer,
  importProgressMethod,
} from '@platform/shared';
import type { FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';
import type { App } from './app-types.ts';
import { sessionOf } from './auth.ts';
import { FileAnswer, MediaType, ok } from './envelope.ts';
import { NotFoundError } from './errors.ts';
import { permit } from './permissions.ts';
import type { SheetImporter, SheetRow } from './sheet-import.ts';

export interface SheetImportRoutes<F extends string, Checked> {
  /** The area's path, e.g. /api/permission/Users; may hold path parameters (described by `params`). */
  base: string;
  /** The menu whose btn_import guards every call; without it the importer's maker checks the caller. */
  menu?: string;
  tags: string[];
  /** One importer, or one made per request (columns that depend on the path, rights checked on the way). */
  importer: SheetImporter<F, Checked> | ((request: FastifyRequest) => Promise<SheetImporter<F, Checked>>);
  /** The schema of the path parameters of `base`. */
  params?: TSchema;
  /**
   * With an importer made per request: one whose files are the same, for what needs neither the
   * path nor the caller's rights (the generated sheets' download, the upload aliases).
   */
  keeper?: SheetImporter<F, Checked>;
  /** More paths answering the upload, outside `base` (the 3.6 client uploads generated-form sheets without the model id). */
  uploadAliases?: string[];
  /** The wire shape of one row (the area's columns and errorsInfo). */
  row: TSchema;
  /** More paths answering the failed-rows export, for clients that call it by another name. */
  failureAliases?: string[];
  /** More paths answering the template download (the 3.6 client's OnlineDev `{id}/Template`). */
  templateAliases?: string[];
}

/**
 * The largest body of ImportData and ImportExceptionData: the wizard sends every row back, and
 * 10,000 rows of a wide sheet come to several megabytes (a 10,000-row user sheet is about 2.5 MB).
 */
const rowsBodyLimit = 32 * 1024 * 1024;

/** The download address of a generated sheet under `base` (see the ExportFile route below). */
export const sheetDownloadUrl = (base: string) => (name: string) => `${base}/ExportFile/${name}`;

/**
 * The generic import calls of protocol-admin.md 6 under one area's base path: TemplateDownload,
 * Uploader, ImportPreview, ImportData (progress as `importProgress` socket frames to the importing
 * user when the body carries a progressKey), ImportExceptionData, and ExportFile for the sheets.
 */
export function registerSheetImportRoutes<F extends string, Checked>(app: App, options: SheetImportRoutes<F, Checked>) {
  const { base, menu, tags, row, params } = options;
  const preHandler = menu ? permit(menu, 'btn_import') : [];
  const importerOf = async (request: FastifyRequest) =>
    typeof options.importer === 'function' ? options.importer(request) : options.importer;
  const withParams = params ? { params } : {};
  const keeperOf = async (request: FastifyRequest) => options.keeper ?? importerOf(request);

  for (const path of [`${base}/TemplateDownload`, ...(options.templateAliases ?? [])]) {
    app.get(
      path,
      {
        preHandler,
        schema: {
          tags,
          summary: 'The import template (.xlsx)',
          ...withParams,
          response: { 200: EnvelopeOf(FileLink) },
        },
      },
      async (request) => ok(await (await importerOf(request)).template(request.t)),
    );
  }

  const uploads: [string, (request: FastifyRequest) => Promise<SheetImporter<F, Checked>>, object][] = [
    [`${base}/Uploader`, importerOf, withParams],
    ...(options.uploadAliases ?? []).map((path): [string, typeof keeperOf, object] => [path, keeperOf, {}]),
  ];
  for (const [path, uploader, pathSchema] of uploads) {
    app.post(
      path,
      {
        preHandler,
        schema: {
          tags,
          summary: 'Upload a sheet to import (multipart `file`, one .xlsx); answers its generated name',
          ...pathSchema,
          consumes: ['multipart/form-data'],
          response: { 200: EnvelopeOf(FileLink) },
        },
      },
      async (request) => ok(await (await uploader(request)).saveUpload(request)),
    );
  }

  app.get(
    `${base}/ImportPreview`,
    {
      preHandler,
      schema: {
        tags,
        summary: 'Rows of an uploaded sheet with the header and what is wrong with each cell',
        ...withParams,
        querystring: ImportPreviewQuery,
        response: { 200: EnvelopeOf(ImportPreviewAnswer(row)) },
      },
    },
    async (request) =>
      ok(await (await importerOf(request)).preview(request.query.fileName, request.t, sessionOf(request))),
  );

  app.post(
    `${base}/ImportData`,
    {
      preHandler,
      bodyLimit: rowsBodyLimit,
      schema: {
        tags,
        summary: 'Import rows, one transaction per batch; failed rows come back with their reasons',
        ...withParams,
        body: ImportDataInput(row),
        response: { 200: EnvelopeOf(ImportResultAnswer(row)) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { list, progressKey } = request.body as { list: SheetRow<F>[]; progressKey?: string };
      const onProgress = progressKey
        ? (done: number, total: number) => {
            const frame: ImportProgressFrame = { method: importProgressMethod, progressKey, done, total };
            app.socketHub.deliver([{ userIds: [session.userId], frame: { ...frame } }]).catch((error: unknown) => {
              request.log.warn({ err: error }, 'import progress frame not delivered');
            });
          }
        : undefined;
      const importer = await importerOf(request);
      const result = await importer.importRows(list, { session, t: request.t, onProgress });
      return ok(result, request.t('import.done', { snum: result.snum, fnum: result.fnum }));
    },
  );

  for (const name of ['ImportExceptionData', ...(options.failureAliases ?? [])]) {
    app.post(
      `${base}/${name}`,
      {
        preHandler,
        bodyLimit: rowsBodyLimit,
        schema: {
          tags,
          summary: 'The failed rows with their reasons (.xlsx)',
          ...withParams,
          body: ImportDataInput(row),
          response: { 200: EnvelopeOf(FileLink) },
        },
      },
      async (request) => {
        const { list } = request.body as { list: SheetRow<F>[] };
        return ok(await (await importerOf(request)).exportFailures(list, request.t));
      },
    );
  }

  // Generated sheets are fetched by the browser as plain downloads (no Authorization header): the
  // 128-bit random name is the capability, and files are dropped after a day.
  app.get(
    `${base}/ExportFile/:name`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Download a generated sheet by its generated name',
        params: Type.Object({
          ...(params && 'properties' in params ? (params.properties as Record<string, TSchema>) : {}),
          name: Type.String({ pattern: '^[0-9a-f]{32}\\.xlsx$' }),
        }),
        response: { 200: FileAnswer('The spreadsheet', [MediaType.xlsx]) },
      },
    },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      const found = await (await keeperOf(request)).download(name);
      if (!found) throw new NotFoundError();
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-length', found.size)
        .send(found.stream);
    },
  );
}
