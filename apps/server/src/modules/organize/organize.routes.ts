import {
  DepartmentPageQuery,
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  ListOf,
  OrganizeCondition,
  OrganizeInfo,
  OrganizeInput,
  OrganizeNode,
  OrganizeQuery,
  OrganizeSelectorItem,
  OrganizeUpdate,
  PageOf,
  TreeNode,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import { OrganizeService } from './organize.service.ts';

const tags = ['organize'];
const menu = 'permission.organize';
const base = '/api/permission/Organize';
const IdParams = Type.Object({ id: Id });
const Created = EnvelopeOf(Type.Object({ id: Type.String() }));
const Tree = EnvelopeOf(ListOf(TreeNode));

/**
 * Organisations (companies) and departments. Pickers (Selector, SelectorByAuth, Tree, condition
 * and department paging) serve every signed-in user, as form widgets on any page use them; the
 * administration page's list, details and changes need the organisation menu and its buttons.
 */
export default async function organizeRoutes(app: App) {
  const organizes = new OrganizeService(app.db, app.permissions);

  app.get(
    base,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Organisation tree (companies and departments)',
        querystring: OrganizeQuery,
        response: { 200: EnvelopeOf(ListOf(OrganizeNode)) },
      },
    },
    async (request) =>
      ok({ list: await organizes.tree(request.query, await app.permissions.dataScope(sessionOf(request), menu)) }),
  );

  app.get(
    `${base}/Tree`,
    { schema: { tags, summary: 'Organisation tree for pickers', response: { 200: Tree } } },
    async () => ok({ list: await organizes.selector({ excludeId: '0', companiesOnly: false }) }),
  );

  app.get(
    `${base}/Selector/:id`,
    {
      schema: {
        tags,
        summary: 'Companies, without {id} and below it ("0" for none)',
        params: IdParams,
        response: { 200: Tree },
      },
    },
    async (request) => ok({ list: await organizes.selector({ excludeId: request.params.id, companiesOnly: true }) }),
  );

  app.get(
    `${base}/SelectorByAuth/:id`,
    {
      schema: {
        tags,
        summary: 'Companies the caller may see, without {id} and below it',
        params: IdParams,
        response: { 200: Tree },
      },
    },
    async (request) =>
      ok({
        list: await organizes.selector({
          excludeId: request.params.id,
          companiesOnly: true,
          session: sessionOf(request),
        }),
      }),
  );

  app.post(
    `${base}/OrganizeCondition`,
    {
      schema: {
        tags,
        summary: 'Organisations under the given ones, filtered by keyword',
        body: OrganizeCondition,
        response: { 200: EnvelopeOf(ListOf(OrganizeSelectorItem)) },
      },
    },
    async (request) => ok({ list: await organizes.condition(request.body) }),
  );

  app.get(
    `${base}/Department`,
    {
      schema: {
        tags,
        summary: 'Departments below an organisation, paged',
        querystring: DepartmentPageQuery,
        response: {
          200: EnvelopeOf(PageOf(Type.Object({ ...OrganizeSelectorItem.properties, enCode: Type.String() }))),
        },
      },
    },
    async (request) => ok(await organizes.departmentPage(request.query)),
  );

  app.get(
    `${base}/Department/Selector/:id`,
    {
      schema: {
        tags,
        summary: 'Companies and departments, without {id} and below it',
        params: IdParams,
        response: { 200: Tree },
      },
    },
    async (request) => ok({ list: await organizes.selector({ excludeId: request.params.id, companiesOnly: false }) }),
  );

  app.get(
    `${base}/Department/SelectorByAuth/:id`,
    {
      schema: {
        tags,
        summary: 'Companies and departments the caller may see, without {id} and below it',
        params: IdParams,
        response: { 200: Tree },
      },
    },
    async (request) =>
      ok({
        list: await organizes.selector({
          excludeId: request.params.id,
          companiesOnly: false,
          session: sessionOf(request),
        }),
      }),
  );

  app.post(
    base,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: { tags, summary: 'Create a company', body: OrganizeInput, response: { 200: Created } },
    },
    async (request) => {
      const id = await organizes.create('company', request.body, sessionOf(request));
      return ok({ id }, request.t('common.created'));
    },
  );

  app.post(
    `${base}/Department`,
    {
      preHandler: permit(menu, 'btn_add'),
      schema: { tags, summary: 'Create a department', body: OrganizeInput, response: { 200: Created } },
    },
    async (request) => {
      const id = await organizes.create('department', request.body, sessionOf(request));
      return ok({ id }, request.t('common.created'));
    },
  );

  app.put(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Update (or move) a company',
        params: IdParams,
        body: OrganizeUpdate,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await organizes.update(request.params.id, 'company', request.body, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.put(
    `${base}/Department/:id`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Update (or move) a department',
        params: IdParams,
        body: OrganizeUpdate,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await organizes.update(request.params.id, 'department', request.body, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.get(
    `${base}/:id`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'A company or department',
        params: IdParams,
        response: { 200: EnvelopeOf(OrganizeInfo) },
      },
    },
    async (request) => ok(await organizes.info(request.params.id, undefined, sessionOf(request))),
  );

  app.get(
    `${base}/Department/:id`,
    {
      preHandler: permitMenu(menu),
      schema: { tags, summary: 'A department', params: IdParams, response: { 200: EnvelopeOf(OrganizeInfo) } },
    },
    async (request) => ok(await organizes.info(request.params.id, 'department', sessionOf(request))),
  );

  app.delete(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_remove'),
      schema: {
        tags,
        summary: 'Delete a company or department (refused while it has children, users or positions)',
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await organizes.delete(request.params.id, sessionOf(request));
      return ok(null, request.t('common.deleted'));
    },
  );
}
