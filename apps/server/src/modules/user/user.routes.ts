import { createReadStream } from 'node:fs';
import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  EmptyEnvelope,
  EnvelopeOf,
  ExportQuery,
  FileLink,
  Id,
  IdsInput,
  ImportPreviewQuery,
  KeywordInput,
  KeywordPageInput,
  ListOf,
  PageOf,
  ResetPasswordInput,
  SelectedIdsInput,
  SelectedUsersInput,
  TreeNode,
  UserBrief,
  UserImportInput,
  UserImportRow,
  UserInput,
  UserQuery,
  UserRow,
  UsersByPositionQuery,
  UsersByRoleQuery,
  UsersOfOrganizeQuery,
  UserUpdateInput,
  WorkHandoverInput,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import { UserService } from './user.service.ts';
import { UserFiles } from './user-files.ts';
import { UserImportService } from './user-import.service.ts';

const tags = ['user'];
const menu = 'permission.user';
const base = '/api/permission/Users';
const IdParams = Type.Object({ id: Id });
const maxUploadBytes = 10 * 1024 * 1024;

/**
 * Users. The administration page (list, details, changes, import, export) needs the user menu
 * and its buttons; lookups that pickers and chat use on every page (All, Selector, ImUser,
 * getUserList, getSelectedList, getSelectedUserList, getOrganization, GetListByAuthorize, by position
 * or role, subordinates) serve any signed-in user; GetListByAuthorize shows only what the data scope
 * of the user page lets the caller see.
 */
export default async function userRoutes(app: App) {
  const users = new UserService(app.db, app.sessions, app.sysConfig, app.bus);
  const files = new UserFiles(path.join(app.config.dataDir, 'files'));
  const imports = new UserImportService(app.db, files, app.sysConfig, users);

  app.get(
    base,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Users of an organisation and below, by keyword, gender and state; paged',
        querystring: UserQuery,
        response: { 200: EnvelopeOf(PageOf(UserRow)) },
      },
    },
    async (request) => ok(await users.list(request.query, await app.permissions.dataScope(sessionOf(request), menu))),
  );

  app.get(
    `${base}/All`,
    { schema: { tags, summary: 'Every enabled user', response: { 200: EnvelopeOf(ListOf(UserBrief)) } } },
    async () => ok({ list: await users.all() }),
  );

  app.get(
    `${base}/Selector`,
    {
      schema: {
        tags,
        summary: 'Organisation tree with users as leaves',
        response: { 200: EnvelopeOf(ListOf(TreeNode)) },
      },
    },
    async () => ok({ list: await users.selector() }),
  );

  app.get(
    `${base}/ImUser`,
    {
      schema: {
        tags,
        summary: 'Chat contacts by keyword, paged',
        querystring: KeywordPageInput,
        response: { 200: EnvelopeOf(PageOf(UserBrief)) },
      },
    },
    async (request) => ok(await users.imUsers(request.query)),
  );

  app.post(
    `${base}/ImUser/Selector/:id`,
    {
      schema: {
        tags,
        summary: 'One level of the user picker: organisations under {id} ("0" the top) and its users',
        params: IdParams,
        body: KeywordPageInput,
        response: { 200: EnvelopeOf(PageOf(Type.Object({}, { additionalProperties: true }))) },
      },
    },
    async (request) => ok(await users.pickerLevel(request.params.id, request.body)),
  );

  app.post(
    `${base}/GetListByAuthorize/:id`,
    {
      schema: {
        tags,
        summary:
          'One level of the user picker within the caller’s data scope (of the user page): allowed organisations under {id} ("0" the top) and the users of {id}; with a keyword, matching users of allowed organisations, paged',
        params: IdParams,
        body: KeywordPageInput,
        response: { 200: EnvelopeOf(PageOf(Type.Object({}, { additionalProperties: true }))) },
      },
    },
    async (request) => {
      const scope = await app.permissions.dataScope(sessionOf(request), menu);
      return ok(await users.pickerLevel(request.params.id, request.body, scope));
    },
  );

  app.get(
    `${base}/getOrganization`,
    {
      schema: {
        tags,
        summary:
          'Enabled users directly in one organisation (not below it), by keyword; without organizeId the caller’s current organisation',
        querystring: UsersOfOrganizeQuery,
        response: { 200: EnvelopeOf(ListOf(UserBrief)) },
      },
    },
    async (request) => ok({ list: await users.usersOfOrganize(sessionOf(request), request.query) }),
  );

  app.post(
    `${base}/getSelectedUserList`,
    {
      schema: {
        tags,
        summary:
          'Custom-mode picker: the distinct enabled users that ids cover (users, organisations with their subtree, roles, positions, groups; --kind as getSelectedList), by keyword, paged',
        body: SelectedUsersInput,
        response: { 200: EnvelopeOf(PageOf(UserBrief)) },
      },
    },
    async (request) => ok(await users.selectedUsers(request.body)),
  );

  app.post(
    `${base}/getUserList`,
    {
      schema: {
        tags,
        summary: 'Users by ids, in the order asked',
        body: IdsInput,
        response: { 200: EnvelopeOf(ListOf(UserBrief)) },
      },
    },
    async (request) => ok({ list: await users.byIds(request.body) }),
  );

  app.post(
    `${base}/getSelectedList`,
    {
      schema: {
        tags,
        summary: 'Names of picked users, organisations, roles, positions and groups (ids may carry --kind)',
        body: SelectedIdsInput,
        response: { 200: EnvelopeOf(ListOf(Type.Object({}, { additionalProperties: true }))) },
      },
    },
    async (request) => ok({ list: await users.selected(request.body.ids) }),
  );

  app.post(
    `${base}/getSubordinates`,
    {
      schema: {
        tags,
        summary: "The caller's direct reports",
        body: KeywordInput,
        response: { 200: EnvelopeOf(ListOf(UserBrief)) },
      },
    },
    async (request) => ok({ list: await users.subordinates(sessionOf(request), request.body.keyword) }),
  );

  app.get(
    `${base}/GetUsersByPositionId`,
    {
      schema: {
        tags,
        summary: 'Users holding a position, paged',
        querystring: UsersByPositionQuery,
        response: { 200: EnvelopeOf(PageOf(UserBrief)) },
      },
    },
    async (request) => ok(await users.pageByRelation('Position', [request.query.positionId], request.query)),
  );

  app.get(
    `${base}/GetUsersByRoleOrgId`,
    {
      schema: {
        tags,
        summary: 'Users holding a role, optionally within one organisation, paged',
        querystring: UsersByRoleQuery,
        response: { 200: EnvelopeOf(PageOf(UserBrief)) },
      },
    },
    async (request) => ok(await users.pageByRelation('Role', [request.query.roleId], request.query)),
  );

  app.get(
    `${base}/getWorkByUser`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'What a user is responsible for (managed organisations, reports, positions, roles, groups)',
        querystring: Type.Object({ fromId: Id }),
        response: { 200: EnvelopeOf(Type.Object({}, { additionalProperties: true })) },
      },
    },
    async (request) => ok(await users.work(request.query.fromId)),
  );

  app.post(
    `${base}/workHandover`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Hand one user’s work over to another',
        body: WorkHandoverInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await users.handOver(request.body);
      return ok(null, request.t('user.handoverDone'));
    },
  );

  app.post(
    base,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: 'Create a user with the default password (newUserDefaultPassword)',
        body: UserInput,
        response: { 200: EnvelopeOf(Type.Object({ id: Type.String() })) },
      },
    },
    async (request) => ok({ id: await users.create(request.body, sessionOf(request)) }, request.t('common.created')),
  );

  app.put(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Update a user',
        params: IdParams,
        body: UserUpdateInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await users.update(request.params.id, request.body, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.get(
    `${base}/:id`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'A user card, with organizeId, positionId and roleId comma-joined',
        params: IdParams,
        response: { 200: EnvelopeOf(Type.Object({}, { additionalProperties: true })) },
      },
    },
    async (request) => ok(await users.info(request.params.id)),
  );

  app.delete(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_remove'),
      schema: { tags, summary: 'Delete a user', params: IdParams, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await users.delete(request.params.id, sessionOf(request));
      return ok(null, request.t('common.deleted'));
    },
  );

  app.put(
    `${base}/:id/Actions/State`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Enable or disable a user (disabling ends their sessions)',
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      const state = await users.toggleState(request.params.id, sessionOf(request));
      return ok(null, request.t(state === 1 ? 'people.enabled' : 'people.disabled'));
    },
  );

  app.post(
    `${base}/:id/Actions/ResetPassword`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Set a new password (both fields MD5 hex); ends the user’s sessions',
        params: IdParams,
        body: ResetPasswordInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await users.resetPassword(request.params.id, request.body, sessionOf(request));
      return ok(null, request.t('user.passwordReset'));
    },
  );

  app.put(
    `${base}/:id/Actions/unlock`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Unlock an account locked by failed logins',
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await users.unlock(request.params.id);
      return ok(null, request.t('auth.unlocked'));
    },
  );

  // Excel: template, upload, preview, import, failed rows, export.
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
          200: EnvelopeOf(
            Type.Object({
              headerRow: Type.Array(
                Type.Object({ id: Type.String(), fullName: Type.String() }, { additionalProperties: true }),
              ),
              dataRow: Type.Array(UserImportRow),
            }),
          ),
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
          200: EnvelopeOf(
            Type.Object({
              resultType: Type.Integer(),
              snum: Type.Integer(),
              fnum: Type.Integer(),
              failResult: Type.Array(UserImportRow),
            }),
          ),
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
