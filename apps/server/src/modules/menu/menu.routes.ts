import { EmptyEnvelope, Id, MenuImportInput, MenuInput, MenuQuery, ModulePermissionInput } from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import type { PermissionKind } from '../../db/schema.ts';
import { MenuService } from './menu.service.ts';

const tags = ['menu'];
const menu = 'system.menu';
const base = '/api/system/Menu';
const params = Type.Object({ id: Id });
/** "0" stands for "none" in the selectors. */
const IdOrZero = Id;

/** The families of permission definitions a menu offers, by path. */
const families: [path: string, kind: PermissionKind][] = [
  ['ModuleButton', 'button'],
  ['ModuleColumn', 'column'],
  ['ModuleForm', 'form'],
  ['ModuleDataAuthorizeScheme', 'resource'],
];

export default async function menuRoutes(app: App) {
  const menus = new MenuService(app.db, app.bus);

  app.get(
    `${base}/ModuleBySystem/:systemId`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'The menu tree of one application (keyword, enabledMark, type filters keep ancestors)',
        params: Type.Object({ systemId: Id }),
        querystring: MenuQuery,
      },
    },
    async (request) => ok(await menus.bySystem(request.params.systemId, request.query)),
  );

  app.get(
    `${base}/Selector/All`,
    {
      preHandler: permitMenu(menu),
      schema: { tags, summary: 'Enabled menus of every application, one node per application (type -1)' },
    },
    async () => ok(await menus.selectorAll()),
  );

  app.get(
    `${base}/Selector/:id/:systemId`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary:
          'Parent chooser: directories and categories of an application ("0": main) without menu {id} ("0": none)',
        params: Type.Object({ id: IdOrZero, systemId: IdOrZero }),
      },
    },
    async (request) => ok(await menus.selector(request.params.id, request.params.systemId)),
  );

  app.get(
    `${base}/SelectorFilter/:id`,
    {
      preHandler: permitMenu(menu),
      schema: { tags, summary: 'Menus of the application of menu {id} ("0": main) without {id} and below', params },
    },
    async (request) => ok(await menus.selectorFilter(request.params.id)),
  );

  app.get(
    `${base}/:id`,
    { preHandler: permitMenu(menu), schema: { tags, summary: 'One menu', params } },
    async (request) => ok(await menus.get(request.params.id)),
  );

  app.post(
    base,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: { tags, summary: 'Create a menu (types 0-8)', body: MenuInput },
    },
    async (request) => ok(await menus.create(request.body, sessionOf(request)), request.t('common.created')),
  );

  app.put(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: { tags, summary: 'Edit a menu', params, body: MenuInput, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await menus.update(request.params.id, request.body, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.put(
    `${base}/:id/Actions/State`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: { tags, summary: 'Enable or disable a menu', params, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await menus.toggleState(request.params.id, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.delete(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_remove'),
      schema: {
        tags,
        summary: 'Delete a menu without children, with its definitions and grants',
        params,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await menus.delete(request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );

  app.get(
    `${base}/:id/Actions/Export`,
    {
      preHandler: permit(menu, 'btn_export'),
      schema: { tags, summary: 'Download the menu, its subtree and their definitions as a JSON file', params },
    },
    async (request, reply) => {
      const { fileName, document } = await menus.export(request.params.id);
      return reply
        .type('application/json; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="menu.json"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .send(JSON.stringify(document, null, 2));
    },
  );

  app.post(
    `${base}/Actions/Import`,
    {
      preHandler: permit(menu, 'btn_import'),
      schema: {
        tags,
        summary: 'Import an exported menu file under a parent of an application: all of it or nothing',
        body: MenuImportInput,
      },
    },
    async (request) => ok(await menus.import(request.body, sessionOf(request)), request.t('menu.imported')),
  );

  for (const [path, kind] of families) {
    const familyBase = `/api/system/${path}`;
    const familyTags = ['menu'];
    app.get(
      `${familyBase}/:moduleId/List`,
      {
        preHandler: permitMenu(menu),
        schema: {
          tags: familyTags,
          summary: `The ${kind} definitions of a menu`,
          params: Type.Object({ moduleId: Id }),
          querystring: Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 200 })) }),
        },
      },
      async (request) => ok(await menus.permissions(kind, request.params.moduleId, request.query.keyword)),
    );
    app.get(
      `${familyBase}/:id`,
      { preHandler: permitMenu(menu), schema: { tags: familyTags, summary: `One ${kind} definition`, params } },
      async (request) => ok(await menus.getPermission(kind, request.params.id)),
    );
    app.post(
      familyBase,
      {
        preHandler: permit(menu, 'btn_edit'),
        schema: { tags: familyTags, summary: `Add a ${kind} definition to a menu`, body: ModulePermissionInput },
      },
      async (request) =>
        ok(await menus.createPermission(kind, request.body, sessionOf(request)), request.t('common.created')),
    );
    app.put(
      `${familyBase}/:id`,
      {
        preHandler: permit(menu, 'btn_edit'),
        schema: {
          tags: familyTags,
          summary: `Edit a ${kind} definition`,
          params,
          body: ModulePermissionInput,
          response: { 200: EmptyEnvelope },
        },
      },
      async (request) => {
        await menus.updatePermission(kind, request.params.id, request.body, sessionOf(request));
        return ok(null, request.t('common.updated'));
      },
    );
    app.put(
      `${familyBase}/:id/Actions/State`,
      {
        preHandler: permit(menu, 'btn_edit'),
        schema: {
          tags: familyTags,
          summary: `Enable or disable a ${kind} definition`,
          params,
          response: { 200: EmptyEnvelope },
        },
      },
      async (request) => {
        await menus.togglePermissionState(kind, request.params.id, sessionOf(request));
        return ok(null, request.t('common.updated'));
      },
    );
    app.delete(
      `${familyBase}/:id`,
      {
        preHandler: permit(menu, 'btn_edit'),
        schema: {
          tags: familyTags,
          summary: `Delete a ${kind} definition and its grants`,
          params,
          response: { 200: EmptyEnvelope },
        },
      },
      async (request) => {
        await menus.deletePermission(kind, request.params.id);
        return ok(null, request.t('common.deleted'));
      },
    );
  }
}
