import {
  DepartmentPageQuery,
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
import { recordRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { permitMenu } from '../../core/permissions.ts';
import type { OrganizeService } from './organize.service.ts';

const tags = ['organize'];
const menu = 'permission.organize';
const base = '/api/permission/Organize';
const IdParams = Type.Object({ id: Id });
const Tree = EnvelopeOf(ListOf(TreeNode));

/**
 * Organisations (companies) and departments. Pickers (Selector, SelectorByAuth, Tree, condition
 * and department paging) serve every signed-in user, as form widgets on any page use them; the
 * administration page's list, details and changes need the organisation menu and its buttons.
 */
export default async function organizeRoutes(app: App, { organizes }: { organizes: OrganizeService }) {
  organizeTreeRoutes(app, organizes);
  organizeRecordRoutes(app, organizes);
}

/** The organisation tree, its pickers (all, or within the caller's administration), conditions, departments. */
function organizeTreeRoutes(app: App, organizes: OrganizeService) {
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

  selectorRoutes(app, organizes, '', {
    all: 'Companies, without {id} and below it ("0" for none)',
    byAuth: 'Companies the caller may see, without {id} and below it',
  });

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

  selectorRoutes(app, organizes, '/Department', {
    all: 'Companies and departments, without {id} and below it',
    byAuth: 'Companies and departments the caller may see, without {id} and below it',
  });
}

/**
 * A picker's tree without {id} and below it ("0" for none), at `${base}${prefix}/Selector/:id`,
 * and at `.../SelectorByAuth/:id` limited to the caller's own organisations and below. Companies
 * alone at the collection; companies and departments under /Department.
 */
function selectorRoutes(
  app: App,
  organizes: OrganizeService,
  prefix: '' | '/Department',
  summaries: { all: string; byAuth: string },
) {
  const companiesOnly = prefix === '';
  for (const byAuth of [false, true]) {
    app.get(
      `${base}${prefix}/${byAuth ? 'SelectorByAuth' : 'Selector'}/:id`,
      {
        schema: {
          tags,
          summary: byAuth ? summaries.byAuth : summaries.all,
          params: IdParams,
          response: { 200: Tree },
        },
      },
      async (request) => {
        const session = byAuth ? { session: sessionOf(request) } : {};
        return ok({ list: await organizes.selector({ excludeId: request.params.id, companiesOnly, ...session }) });
      },
    );
  }
}

/** Creating, changing and deleting companies and departments. */
function organizeRecordRoutes(app: App, organizes: OrganizeService) {
  // A company's routes at the collection itself (its read and delete serve departments too, as the
  // protocol has it), a department's under /Department; each with the page's menu and buttons.
  const organize = {
    menu,
    tag: 'organize',
    audit: 'organize' as const,
    schemas: { input: OrganizeInput, update: OrganizeUpdate, info: OrganizeInfo },
  };
  recordRoutes(
    app,
    {
      ...organize,
      base,
      noun: { one: 'company', many: 'Companies' },
      summaries: {
        info: 'A company or department',
        update: 'Update (or move) a company',
        delete: 'Delete a company or department (refused while it has children, users or positions)',
      },
    },
    {
      info: (id, session) => organizes.info(id, undefined, session),
      create: (input, session) => organizes.create('company', input, session),
      update: (id, input, session) => organizes.update(id, 'company', input, session),
      delete: (id, session) => organizes.delete(id, session),
    },
  );
  recordRoutes(
    app,
    {
      ...organize,
      base: `${base}/Department`,
      noun: { one: 'department', many: 'Departments' },
      summaries: { update: 'Update (or move) a department' },
    },
    {
      info: (id, session) => organizes.info(id, 'department', session),
      create: (input, session) => organizes.create('department', input, session),
      update: (id, input, session) => organizes.update(id, 'department', input, session),
    },
  );
}
