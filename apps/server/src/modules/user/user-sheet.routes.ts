import { createReadStream } from 'node:fs';
import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  EnvelopeOf,
  ExportQuery,
  FileLink,
  ImportPreviewQuery,
  UserImportInput,
  UserImportPreview,
  UserImportResult,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { permit } from '../../core/permissions.ts';
import type { UserService } from './user.service.ts';
import { UserFiles } from './user-files.ts';
import { UserImportService } from './user-import.service.ts';
import { base, menu, tags } from './user-route-paths.ts';

const maxUploadBytes = 10 * 1024 * 1024;

/** Excel: the import template, upload, preview, import, failed rows, and the export with its download. */
export function userSheetRoutes(app: App, users: UserService) {
  const files = new UserFiles(path.join(app.config.dataDir, 'files'));
  const imports = new UserImportService(app.db, files, app.sysConfig, users);

  app.get(
    `${base}/TemplateDownload`,
    {
      preHandler: permit(menu, 'btn_import'),
      schema: { tags, summary: 'The import template (.xlsx)', response: { 200: EnvelopeOf(FileLink) } },
    },
    async (request) => ok(await imports.template(request.lang)),
  );

  app.post(
    `${base}/Uploader`,
    {
      preHandler: permit(menu, 'btn_import'),
      schema: {
        tags,
        summary: 'Upload a sheet to import (multipart, one .xlsx or .xls file); answers its generated name',
        consumes: ['multipart/form-data'],
        response: { 200: EnvelopeOf(FileLink) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new BusinessError('user.importFile');
      const part = await request.file({ limits: { fileSize: maxUploadBytes, files: 1 } });
      if (!part || !/\.xlsx?$/i.test(part.filename)) throw new BusinessError('user.importFile');
      const content = await part.toBuffer();
      if (part.file.truncated) throw new BusinessError('user.importFile');
      const { name, file } = await files.allocate('user-import');
      await writeFile(file, content);
      return ok({ name, url: '' });
    },
  );

  app.get(
    `${base}/ImportPreview`,
    {
      preHandler: permit(menu, 'btn_import'),
      schema: {
        tags,
        summary: 'Rows of an uploaded sheet, with the header',
        querystring: ImportPreviewQuery,
        response: {
          200: EnvelopeOf(UserImportPreview),
        },
      },
    },
    async (request) => ok(await imports.preview(request.query.fileName, request.lang)),
  );

  app.post(
    `${base}/ImportData`,
    {
      preHandler: permit(menu, 'btn_import'),
      schema: {
        tags,
        summary: 'Import rows; each row all-or-nothing, failures come back with their reasons',
        body: UserImportInput,
        response: {
          200: EnvelopeOf(UserImportResult),
        },
      },
    },
    async (request) => {
      const result = await imports.importRows(request.body.list, sessionOf(request), request.lang, request.t);
      return ok(result, request.t('user.imported', { snum: result.snum, fnum: result.fnum }));
    },
  );

  app.post(
    `${base}/ExportExceptionData`,
    {
      preHandler: permit(menu, 'btn_import'),
      schema: {
        tags,
        summary: 'The failed rows with their reasons (.xlsx)',
        body: UserImportInput,
        response: { 200: EnvelopeOf(FileLink) },
      },
    },
    async (request) => ok(await imports.exportFailures(request.body.list, request.lang, request.t)),
  );

  app.get(
    `${base}/ExportData`,
    {
      preHandler: permit(menu, 'btn_export'),
      schema: {
        tags,
        summary: 'Users as a sheet (dataType 0 the page, 1 every match)',
        querystring: ExportQuery,
        response: { 200: EnvelopeOf(FileLink) },
      },
    },
    async (request) =>
      ok(
        await imports.exportUsers(
          request.query,
          request.lang,
          await app.permissions.dataScope(sessionOf(request), menu),
        ),
      ),
  );

  // Generated sheets are fetched by the browser as plain downloads (no Authorization header): the
  // 128-bit random name is the capability, and files are dropped after a day.
  app.get(
    `${base}/ExportFile/:name`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Download a generated sheet by its generated name',
        params: Type.Object({ name: Type.String({ pattern: '^[0-9a-f]{32}\\.xlsx$' }) }),
      },
    },
    async (request, reply) => {
      const file = files.resolve('user-export', request.params.name);
      if (
        !file ||
        !(await access(file).then(
          () => true,
          () => false,
        ))
      )
        throw new NotFoundError();
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file));
    },
  );
}
