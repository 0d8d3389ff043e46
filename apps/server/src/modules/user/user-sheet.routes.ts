import { EnvelopeOf, ExportQuery, FileLink, UserImportRow } from '@platform/shared';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { permit } from '../../core/permissions.ts';
import { SheetFiles } from '../../core/sheet-files.ts';
import { registerSheetImportRoutes, sheetDownloadUrl } from '../../core/sheet-import.routes.ts';
import { SheetImporter } from '../../core/sheet-import.ts';
import type { UserService } from './user.service.ts';
import { exportUsers, userImportDefinition } from './user-import.service.ts';
import { base, menu, tags } from './user-route-paths.ts';

/** Excel: the generic import calls for users, and the export of the user list. */
export function userSheetRoutes(app: App, users: UserService) {
  const files = new SheetFiles(app.fileStorage);
  const sheets = new SheetImporter(
    app.db,
    files,
    userImportDefinition(app.db, app.sysConfig, app.delegation),
    sheetDownloadUrl(base),
    app.log,
  );
  // ExportExceptionData: the name this area answered the failed-rows export by before the kit.
  registerSheetImportRoutes(app, {
    base,
    menu,
    tags,
    importer: sheets,
    row: UserImportRow,
    failureAliases: ['ExportExceptionData'],
  });

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
        await exportUsers(
          app.db,
          users,
          sheets,
          request.query,
          request.t,
          await app.permissions.dataScope(sessionOf(request), menu),
        ),
      ),
  );
}
