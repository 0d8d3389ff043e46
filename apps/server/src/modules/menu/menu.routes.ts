import {
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  ListOf,
  MenuImportInput,
  MenuImportResult,
  MenuInfo,
  MenuInput,
  MenuQuery,
  ModulePermissionInfo,
  ModulePermissionInput,
  type PermissionKind,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import { MenuService } from './menu.service.ts';
import { MenuTransferService } from './menu-transfer.service.ts';
import { ModulePermissionService } from './module-permission.service.ts';

const tags = ['menu'];
const menu = 'system.menu';
const base = '/api/system/Menu';
const params = Type.Object({ id: Id });
/** "0" stands for "none" in the selectors. */
const IdOrZero = Id;
const MenuTree = EnvelopeOf(ListOf(MenuInfo));
/** Creating answers the new id as `data`. */
const Created = EnvelopeOf(Type.String());

/** The families of permission definitions a menu offers, by path. */
const families: [path: string, kind: PermissionKind][] = [
  ['ModuleButton', 'button'],
  ['ModuleColumn', 'column'],
  ['ModuleForm', 'form'],
  ['ModuleDataAuthorizeScheme', 'resource'],
];

export default async function menuRoutes(app: App) {
  const menus = new MenuService(app.db, app.bus, app.permissions);
  const transfer = new MenuTransferService(app.db, app.bus, app.permissions);
  const definitions = new ModulePermissionService(app.db, app.bus);

  app.get(
    `${base}/ModuleBySystem/:systemId`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'The menu tree of one application (keyword, enabledMark, type filters keep ancestors)',
        params: Type.Object({ systemId: Id }),
        querystring: MenuQuery,
        response: { 200: MenuTree },
      },
    },
    async (request) => ok(await menus.bySystem(request.params.systemId, request.query)),
  );

  app.get(
    `${base}/Selector/All`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Enabled menus of every application, one node per application (type -1)',
        response: { 200: MenuTree },
      },
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
        response: { 200: MenuTree },
      },
    },
    async (request) => ok(await menus.selector(request.params.id, request.params.systemId)),
  );

  app.get(
    `${base}/SelectorFilter/:id`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Menus of the application of menu {id} ("0": main) without {id} and below',
        params,
        response: { 200: MenuTree },
      },
    },
    async (request) => ok(await menus.selectorFilter(request.params.id)),
  );

  app.get(
    `${base}/:id`,
    {
      preHandler: permitMenu(menu),
      schema: { tags, summary: 'One menu', params, response: { 200: EnvelopeOf(MenuInfo) } },
    },
    async (request) => ok(await menus.get(request.params.id)),
  );

  app.post(
    base,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: { tags, summary: 'Create a menu (types 0-8)', body: MenuInput, response: { 200: Created } },
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
      const { fileName, document } = await transfer.export(request.params.id);
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
        response: { 200: EnvelopeOf(MenuImportResult) },
      },
    },
    async (request) => ok(await transfer.import(request.body, sessionOf(request)), request.t('menu.imported')),
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
          response: { 200: EnvelopeOf(ListOf(ModulePermissionInfo)) },
        },
      },
      async (request) => ok(await definitions.list(kind, request.params.moduleId, request.query.keyword)),
    );
    app.get(
      `${familyBase}/:id`,
      {
        preHandler: permitMenu(menu),
        schema: {
          tags: familyTags,
          summary: `One ${kind} definition`,
          params,
          response: { 200: EnvelopeOf(ModulePermissionInfo) },
        },
      },
      async (request) => ok(await definitions.get(kind, request.params.id)),
    );
    app.post(
      familyBase,
      {
        preHandler: permit(menu, 'btn_edit'),
        schema: {
          tags: familyTags,
          summary: `Add a ${kind} definition to a menu`,
          body: ModulePermissionInput,
          response: { 200: Created },
        },
      },
      async (request) =>
        ok(await definitions.create(kind, request.body, sessionOf(request)), request.t('common.created')),
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
        await definitions.update(kind, request.params.id, request.body, sessionOf(request));
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
        await definitions.toggleState(kind, request.params.id, sessionOf(request));
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
        await definitions.delete(kind, request.params.id);
        return ok(null, request.t('common.deleted'));
      },
    );
  }
}
