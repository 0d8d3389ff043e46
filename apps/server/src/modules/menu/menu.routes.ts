import {
  EnvelopeOf,
  Id,
  ListOf,
  MenuImportInput,
  MenuImportResult,
  MenuInfo,
  MenuInput,
  MenuPublishQuery,
  MenuQuery,
  ModulePermissionInfo,
  ModulePermissionInput,
  type PermissionKind,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { recordRoutes } from '../../core/crud-routes.ts';
import { FileAnswer, ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import type { MenuService } from './menu.service.ts';
import type { MenuTransferService } from './menu-transfer.service.ts';
import type { ModulePermissionService } from './module-permission.service.ts';

const tags = ['menu'];
const menu = 'system.menu';
const base = '/api/system/Menu';
const params = Type.Object({ id: Id });
/** "0" stands for "none" in the selectors. */
const IdOrZero = Id;
const MenuTree = EnvelopeOf(ListOf(MenuInfo));

/** The families of permission definitions a menu offers, by path. */
const families: [path: string, kind: PermissionKind][] = [
  ['ModuleButton', 'button'],
  ['ModuleColumn', 'column'],
  ['ModuleForm', 'form'],
  ['ModuleDataAuthorizeScheme', 'resource'],
];

/** What the menu routes use: menus, their permission definitions, a menu's export and import. */
export type MenuRouteServices = {
  menus: MenuService;
  definitions: ModulePermissionService;
  transfer: MenuTransferService;
};

export default async function menuRoutes(app: App, { menus, definitions, transfer }: MenuRouteServices) {
  menuTreeRoutes(app, menus);
  menuTransferRoutes(app, transfer);
  permissionDefinitionRoutes(app, definitions);
}

/** An application's menu tree, the pickers, the publish targets, and the CRUD calls. */
function menuTreeRoutes(app: App, menus: MenuService) {
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
        summary:
          'Where form or portal {id} can be published: each application with its directories; those already holding a page of it are disabled',
        params: Type.Object({ id: IdOrZero }),
        querystring: MenuPublishQuery,
        response: { 200: MenuTree },
      },
    },
    async (request) => ok(await menus.publishTargets(request.params.id, request.query.category || 'Web')),
  );

  recordRoutes(
    app,
    {
      base,
      menu,
      tag: 'menu',
      audit: 'menu',
      noun: { one: 'menu', many: 'Menus' },
      schemas: { info: MenuInfo, input: MenuInput, update: MenuInput },
      summaries: {
        info: 'One menu',
        create: 'Create a menu (types 0-8)',
        update: 'Edit a menu',
        delete: 'Delete a menu without children, with its definitions and grants',
      },
      createAnswer: 'idAsData',
      stateAnswer: 'updated',
    },
    menus,
  );
}

/** A menu and its subtree exported as a JSON document, and imported into another application. */
function menuTransferRoutes(app: App, transfer: MenuTransferService) {
  app.get(
    `${base}/:id/Actions/Export`,
    {
      preHandler: permit(menu, 'btn_export'),
      schema: {
        tags,
        summary: 'Download the menu, its subtree and their definitions as a JSON file',
        params,
        response: { 200: FileAnswer('The menu file (JSON, not an envelope)', ['application/json']) },
      },
    },
    async (request, reply) => {
      const { fileName, document } = await transfer.export(request.params.id);
      return (
        reply
          .type('application/json; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="menu.json"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
          )
          // Bytes, so the declared answer (a file) is not taken as a schema to serialise the text by.
          .send(Buffer.from(JSON.stringify(document, null, 2)))
      );
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
}

/** Each family of a menu's permission definitions (buttons, columns, forms, data): list and the record calls. */
function permissionDefinitionRoutes(app: App, definitions: ModulePermissionService) {
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
    // Every change of a definition is an edit of its menu: btn_edit guards them all.
    recordRoutes(
      app,
      {
        base: familyBase,
        menu,
        tag: 'menu',
        audit: 'modulePermission',
        noun: { one: `${kind} definition`, many: `${kind} definitions` },
        schemas: { info: ModulePermissionInfo, input: ModulePermissionInput, update: ModulePermissionInput },
        summaries: {
          info: `One ${kind} definition`,
          create: `Add a ${kind} definition to a menu`,
          update: `Edit a ${kind} definition`,
          delete: `Delete a ${kind} definition and its grants`,
        },
        createAnswer: 'idAsData',
        stateAnswer: 'updated',
        buttons: { add: 'btn_edit', remove: 'btn_edit' },
      },
      {
        info: (id) => definitions.info(kind, id),
        create: (input, session) => definitions.create(kind, input, session),
        update: (id, input, session) => definitions.update(kind, id, input, session),
        toggleState: (id, session) => definitions.toggleState(kind, id, session),
        delete: (id) => definitions.delete(kind, id),
      },
    );
  }
}
