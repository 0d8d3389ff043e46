import {
  EmptyEnvelope,
  EnvelopeOf,
  FlowChildQuery,
  FlowChildRow,
  FlowFormInfo,
  FlowJsonListItem,
  FlowJsonListQuery,
  FlowTemplateImportResult,
  FlowTemplateInfo,
  FlowTemplateQuery,
  FlowTemplateRow,
  FlowTemplateSaved,
  FlowTemplateTreeNode,
  FlowTemplateUpdate,
  FlowVersionQuery,
  FlowVersionRow,
  ListOf,
  PageOf,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { crudRoutes, recordActionRoute, transferRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import type { FlowDefinitionService } from './definition.service.ts';
import { design, IdParams, P, tags } from './flow-route-paths.ts';
import type { FlowTransferService } from './flow-transfer.service.ts';

/** Flow templates, their flows and versions (the flow-design menu), and the choosers reading them. */
export function flowTemplateRoutes(
  app: App,
  { definitions, transfer }: { definitions: FlowDefinitionService; transfer: FlowTransferService },
) {
  crudRoutes(
    app,
    {
      base: P,
      menu: design,
      tag: 'workflow',
      noun: { one: 'flow template', many: 'Flow templates' },
      schemas: {
        query: FlowTemplateQuery,
        row: FlowTemplateRow,
        input: FlowTemplateUpdate,
        update: FlowTemplateUpdate,
        info: FlowTemplateInfo,
      },
      savedAnswer: FlowTemplateSaved,
      summaries: {
        list: 'Flow templates (pg; category, type, enabledMark)',
        info: 'A template with its flows (main versions) as a JSON string',
        create: 'Create a template with its flows',
        update: 'Save a template; a changed flow gets a new version (isMainVersion false: tasks run on the main one)',
        delete: 'Delete a template without tasks',
      },
    },
    definitions,
  );
  recordActionRoute(
    app,
    {
      method: 'POST',
      url: `${P}/:id/Actions/Copy`,
      tags,
      summary: 'Copy a template',
      preHandler: permit(design, 'btn_add'),
      done: 'workflow.copied',
    },
    (id, session) => definitions.copy(id, session),
  );
  for (const [action, enabled] of [
    ['Release', true],
    ['Stop', false],
  ] as const) {
    app.post(
      `${P}/${action}/:id`,
      {
        preHandler: permit(design, 'btn_edit'),
        schema: {
          tags,
          summary: enabled ? 'Release: every flow graph is checked, then launchable' : 'Stop launching',
          params: IdParams,
          response: { 200: EmptyEnvelope },
        },
      },
      async (request) => {
        await definitions.setEnabled(request.params.id, enabled, sessionOf(request));
        return ok(null, request.t(enabled ? 'workflow.released' : 'workflow.stopped'));
      },
    );
  }
  transferRoutes(
    app,
    {
      base: P,
      menu: design,
      tag: 'workflow',
      file: { extension: /\.ffe$/i, maxBytes: 4 * 1024 * 1024 },
      messages: { file: 'workflow.importFile', mode: 'workflow.importMode', invalid: 'workflow.importInvalid' },
      answered: (result) => (result.skipped ? 'workflow.importSkipped' : 'workflow.imported'),
      schemas: { link: Type.Object({ url: Type.String() }), result: FlowTemplateImportResult },
      summaries: {
        export: 'Write a template and its main graphs to a .ffe file; answers the url it downloads from',
        import: 'Import a .ffe file as a new, unreleased template (type: 0 skip a taken code, 1 add it with a suffix)',
      },
    },
    transfer,
  );
  flowVersionRoutes(app, definitions);
}

/** A template's flows and versions, and the enabled templates and flows the choosers and the launch page read. */
function flowVersionRoutes(app: App, definitions: FlowDefinitionService) {
  app.get(
    `${P}/TreeList`,
    {
      schema: {
        tags,
        summary: 'Enabled templates by category (the launch page)',
        response: { 200: EnvelopeOf(ListOf(FlowTemplateTreeNode)) },
      },
    },
    async () => ok({ list: await definitions.tree() }),
  );
  app.get(
    `${P}/FlowJsonList/:id`,
    {
      schema: {
        tags,
        summary: "A template's flows with their main graphs (bare array); type=1 launchable only",
        params: IdParams,
        querystring: FlowJsonListQuery,
        response: { 200: EnvelopeOf(Type.Array(FlowJsonListItem)) },
      },
    },
    async (request) => ok(await definitions.flowJsonList(request.params.id, request.query.type === '1')),
  );
  app.get(
    `${P}/:id/FlowJsonList`,
    {
      preHandler: permitMenu(design),
      schema: {
        tags,
        summary: "A template's versions (pg; flowId)",
        params: IdParams,
        querystring: FlowVersionQuery,
        response: { 200: EnvelopeOf(PageOf(FlowVersionRow)) },
      },
    },
    async (request) => ok(await definitions.versions(request.params.id, request.query)),
  );
  app.post(
    `${P}/:id/MainVersion`,
    {
      preHandler: permit(design, 'btn_edit'),
      schema: { tags, summary: 'Make a version the main one', params: IdParams, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await definitions.mainVersion(request.params.id);
      return ok(null, request.t('common.saved'));
    },
  );
  app.delete(
    `${P}/:id/FlowJson`,
    {
      preHandler: permit(design, 'btn_remove'),
      schema: {
        tags,
        summary: 'Delete a version that is not main and runs no task',
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await definitions.deleteVersion(request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );
  app.get(
    `${P}/PageListAll`,
    {
      schema: {
        tags,
        summary: 'Enabled templates (pg), for choosers',
        querystring: FlowTemplateQuery,
        response: { 200: EnvelopeOf(PageOf(FlowTemplateRow)) },
      },
    },
    async (request) => ok(await definitions.page({ ...request.query, enabledMark: 1 })),
  );
  app.get(
    `${P}/PageChildListAll`,
    {
      schema: {
        tags,
        summary: 'Launchable flows (pg), for choosers',
        querystring: FlowChildQuery,
        response: { 200: EnvelopeOf(PageOf(FlowChildRow)) },
      },
    },
    async (request) => ok(await definitions.pageFlows(request.query)),
  );
  app.post(
    `${P}/getflowList`,
    {
      schema: {
        tags,
        summary: 'Templates by id (the body is a bare id array), as the entrust form shows the flows it holds',
        body: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 1000 }),
        response: { 200: EnvelopeOf(Type.Array(FlowTemplateRow)) },
      },
    },
    async (request) => ok(await definitions.byIds(request.body)),
  );
  app.get(
    `${P}/:id/FormInfo`,
    {
      schema: {
        tags,
        summary: 'The form a flow launches with',
        params: IdParams,
        response: { 200: EnvelopeOf(FlowFormInfo) },
      },
    },
    async (request) => ok(await definitions.formInfo(request.params.id)),
  );
}
