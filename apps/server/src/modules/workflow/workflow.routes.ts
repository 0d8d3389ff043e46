import {
  EmptyEnvelope,
  EnvelopeOf,
  FlowActionBody,
  FlowBatchBody,
  FlowBatchFlow,
  FlowBatchResult,
  FlowCandidates,
  FlowChangeBody,
  FlowChangeNode,
  FlowChildQuery,
  FlowChildRow,
  FlowCommentInput,
  FlowCommentQuery,
  FlowCommentRow,
  FlowDelegateInput,
  FlowDelegatePrincipal,
  FlowDelegateQuery,
  FlowDelegateRow,
  FlowDelegateUsersQuery,
  FlowDetail,
  FlowDetailQuery,
  FlowEventLogRow,
  FlowFormInfo,
  FlowJsonListItem,
  FlowJsonListQuery,
  FlowLaunchQuery,
  FlowLaunchRow,
  FlowListQuery,
  FlowMonitorDelete,
  FlowMonitorRow,
  FlowOperatorInfo,
  FlowRecord,
  FlowRecordQuery,
  FlowRejectList,
  FlowSuspendBody,
  FlowTaskInput,
  FlowTaskNodeParams,
  FlowTaskSaved,
  FlowTemplateImportResult,
  FlowTemplateInfo,
  FlowTemplateQuery,
  FlowTemplateRow,
  FlowTemplateSaved,
  FlowTemplateTreeNode,
  FlowTemplateUpdate,
  FlowTodoCard,
  FlowTodoCount,
  FlowTodoRow,
  FlowVersionQuery,
  FlowVersionRow,
  Id,
  ListOf,
  PageOf,
  PageQuery,
} from '@platform/shared';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { transferRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import type { MessageKey } from '../../core/i18n.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import { SendConfigService } from '../sendConfig/send-config.service.ts';
import { recordServiceOf } from '../visualdev/record-service-of.ts';
import { DefinitionService } from '../visualdev/visualdev.service.ts';
import { CommentService } from './comment.service.ts';
import { FlowDefinitionService } from './definition.service.ts';
import { DelegateService } from './delegate.service.ts';
import { EngineService, TIMER_JOB } from './engine.service.ts';
import { FlowChannelDispatcher } from './flow-notify.ts';
import { DEADLINE_JOB } from './flow-timing.ts';
import { FlowTransferService } from './flow-transfer.service.ts';
import { TaskQueryService } from './task-query.service.ts';

const tags = ['workflow'];
const P = '/api/workflow/Engine/flowTemplate';
const B = '/api/workflow/Engine/FlowBefore';
const L = '/api/workflow/Engine/FlowLaunch';
const M = '/api/workflow/Engine/FlowMonitor';
const D = '/api/workflow/Engine/FlowDelegate';
const C = '/api/workflow/Engine/FlowComment';
const design = 'workFlow.flowEngine';
const monitorMenu = 'workFlow.flowMonitor';
const IdParams = Type.Object({ id: Id });
/** A task id, or '0' for a flow not launched yet. */
const TaskParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$' }) });
const CategoryParams = Type.Object({
  category: Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3'), Type.Literal('4')]),
});

/**
 * Workflow (protocol-workflow.md 1-4): definitions need the flow-design menu; the run time serves
 * every signed-in user and the engine checks that the caller holds the task or operator row.
 */
export default async function workflowRoutes(app: App) {
  const forms = new DefinitionService(app.db);
  const definitions = new FlowDefinitionService(app.db, forms);
  // Flow messages' e-mail, SMS, ... go out after their action commits; the server waits for them before closing.
  const channels = new FlowChannelDispatcher(new SendConfigService(app.db, app.bus, app.messageChannels), app.log);
  app.addHook('preClose', () => channels.idle());
  const engine = new EngineService(app.db, forms, app.bus, channels, app.dataInterfaces);
  const queries = new TaskQueryService(app.db, definitions);
  const records = recordServiceOf(app, forms);
  app.fileReaders.add('workflow', async (session, file) =>
    queries.readsFile(
      session,
      file.name,
      (await records.recordsHoldingFile(file.name)).map((r) => r.recordId),
    ),
  );
  const delegates = new DelegateService(app.db, definitions);
  const comments = new CommentService(app.db, queries);
  const transfer = new FlowTransferService(app.db, definitions, app.downloads);
  // The job runner is registered after the areas: it exists once the app is ready.
  app.addHook('onReady', async () => {
    app.jobs.register(TIMER_JOB, (trx, payload) => engine.fireTimer(trx, payload));
    app.jobs.register(DEADLINE_JOB, (trx, payload) => engine.fireDeadline(trx, payload));
  });

  /* ---------------------------------------------------------------- definitions */
  app.get(
    P,
    {
      preHandler: permitMenu(design),
      schema: {
        tags,
        summary: 'Flow templates (pg; category, type, enabledMark)',
        querystring: FlowTemplateQuery,
        response: { 200: EnvelopeOf(PageOf(FlowTemplateRow)) },
      },
    },
    async (request) => ok(await definitions.page(request.query)),
  );
  app.get(
    `${P}/:id`,
    {
      preHandler: permitMenu(design),
      schema: {
        tags,
        summary: 'A template with its flows (main versions) as a JSON string',
        params: IdParams,
        response: { 200: EnvelopeOf(FlowTemplateInfo) },
      },
    },
    async (request) => ok(await definitions.info(request.params.id)),
  );
  app.post(
    P,
    {
      preHandler: permit(design, 'btn_add'),
      schema: {
        tags,
        summary: 'Create a template with its flows',
        body: FlowTemplateUpdate,
        response: { 200: EnvelopeOf(FlowTemplateSaved) },
      },
    },
    async (request) => ok(await definitions.create(request.body, sessionOf(request)), request.t('common.created')),
  );
  app.put(
    `${P}/:id`,
    {
      preHandler: permit(design, 'btn_edit'),
      schema: {
        tags,
        summary: 'Save a template; a changed flow gets a new version (isMainVersion false: tasks run on the main one)',
        params: IdParams,
        body: FlowTemplateUpdate,
        response: { 200: EnvelopeOf(FlowTemplateSaved) },
      },
    },
    async (request) =>
      ok(await definitions.update(request.params.id, request.body, sessionOf(request)), request.t('common.updated')),
  );
  app.delete(
    `${P}/:id`,
    {
      preHandler: permit(design, 'btn_remove'),
      schema: { tags, summary: 'Delete a template without tasks', params: IdParams, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await definitions.delete(request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );
  app.post(
    `${P}/:id/Actions/Copy`,
    {
      preHandler: permit(design, 'btn_add'),
      schema: { tags, summary: 'Copy a template', params: IdParams, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await definitions.copy(request.params.id, sessionOf(request));
      return ok(null, request.t('workflow.copied'));
    },
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

  /* ---------------------------------------------------------------- launch and actions */
  for (const [method, url] of [
    ['POST', '/api/workflow/Engine/FlowTask'],
    ['PUT', '/api/workflow/Engine/FlowTask/:id'],
  ] as const) {
    app.route({
      method,
      url,
      schema: {
        tags,
        summary:
          method === 'POST'
            ? 'Launch (status 0) or save a draft (status 1); a non-empty array answer names nodes without handlers'
            : 'Save or submit a draft (or a rejected / withdrawn task)',
        ...(method === 'PUT' ? { params: IdParams } : {}),
        body: FlowTaskInput,
        response: { 200: EnvelopeOf(FlowTaskSaved) },
      },
      handler: async (request) => {
        const { id } = request.params as { id?: string };
        const saved = await engine.launch(sessionOf(request), request.body, id);
        const key = Array.isArray(saved)
          ? 'workflow.pickHandlers'
          : Number(request.body.status) === 1
            ? 'common.saved'
            : 'workflow.submitted';
        return ok(saved, request.t(key));
      },
    });
  }
  app.post(
    `${B}/Candidates/:id`,
    {
      schema: {
        tags,
        summary: "Branches or candidates to choose before going on from operator X ('0' = launch)",
        params: TaskParams,
        body: Type.Object({
          flowId: Type.Optional(Id),
          formData: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
        }),
        response: { 200: EnvelopeOf(FlowCandidates) },
      },
    },
    async (request) => ok(await engine.candidates(sessionOf(request), request.params.id, request.body)),
  );

  /**
   * The run-time actions on one operator row (X) or task (T): each is `{id}` in the path, a body
   * as said, an empty answer with the action's message. `body`: 'required' / 'optional' action
   * body, 'suspend' the suspend body (read by no action), 'none' no body.
   */
  const actions: {
    method: 'POST' | 'PUT';
    url: string;
    summary: string;
    body: 'required' | 'optional' | 'suspend' | 'none';
    message: MessageKey;
    preHandler?: ReturnType<typeof permitMenu>;
    act: (request: FastifyRequest, id: string, body: FlowActionBody) => Promise<unknown>;
  }[] = [
    ...(
      [
        ['Audit', 'audit', 'Approve the operator row X', 'workflow.audited'],
        ['Reject', 'reject', "Reject X (rejectStep '0' start, '1' previous, or a node code)", 'workflow.rejected'],
        ['SaveAudit', 'saveAudit', 'Keep an opinion as draft', 'common.saved'],
        ['Transfer', 'transfer', 'Hand X to another user (freeApproverUserId)', 'workflow.transferred'],
        ['freeApprover', 'freeApprover', 'Add a signer before (1) or after (2) me', 'workflow.signerAdded'],
        ['Recall', 'recall', 'Take back an approval while the next step is untouched', 'workflow.recalled'],
      ] as const
    ).map(([path, name, summary, message]) => ({
      method: 'POST' as const,
      url: `${B}/${path}/:id`,
      summary,
      body: 'required' as const,
      message,
      act: (request: FastifyRequest, id: string, body: FlowActionBody) => engine[name](sessionOf(request), id, body),
    })),
    {
      method: 'PUT',
      url: `${L}/:id/Actions/Withdraw`,
      summary: 'The initiator withdraws a pending task',
      body: 'optional',
      message: 'workflow.withdrawnOk',
      act: (request, id, body) => engine.withdraw(sessionOf(request), id, body),
    },
    {
      method: 'POST',
      url: `${L}/Press/:id`,
      summary: 'Urge the handlers of the current step',
      body: 'none',
      message: 'workflow.pressed',
      act: (request, id) => engine.press(sessionOf(request), id, app.bus),
    },
    {
      method: 'POST',
      url: `${B}/Cancel/:id`,
      summary: 'Terminate a task',
      body: 'optional',
      message: 'workflow.terminated',
      // The monitor terminates through this call too: a user granted the monitor menu may end any task.
      act: async (request, id, body) => {
        const session = sessionOf(request);
        const monitor = session.isAdministrator || (await app.permissions.access(session)).menus.has(monitorMenu);
        return engine.cancel(session, id, body, monitor);
      },
    },
    {
      method: 'POST',
      url: `${B}/Assign/:id`,
      summary: 'Give the current node nodeCode to one user',
      body: 'required',
      message: 'workflow.assigned',
      preHandler: permitMenu(monitorMenu),
      act: (request, id, body) => engine.assign(sessionOf(request), id, body),
    },
    ...(
      [
        ['Suspend', 'Suspend a pending task', 'workflow.suspendedOk', false],
        ['Restore', 'Resume a suspended task', 'workflow.restored', true],
      ] as const
    ).map(([path, summary, message, resume]) => ({
      method: 'POST' as const,
      url: `${B}/${path}/:id`,
      summary,
      body: 'suspend' as const,
      message,
      act: (request: FastifyRequest, id: string) => engine.suspend(sessionOf(request), id, resume),
    })),
  ];
  const bodies = {
    required: { body: FlowActionBody },
    optional: { body: Type.Optional(FlowActionBody) },
    suspend: { body: Type.Optional(FlowSuspendBody) },
    none: {},
  };
  for (const action of actions) {
    app.route({
      method: action.method,
      url: action.url,
      ...(action.preHandler ? { preHandler: action.preHandler } : {}),
      schema: {
        tags,
        summary: action.summary,
        params: IdParams,
        ...bodies[action.body],
        response: { 200: EmptyEnvelope },
      },
      handler: async (request) => {
        // Only the 'required' and 'optional' bodies are read, and those are action bodies.
        await action.act(request, request.params.id, (request.body ?? {}) as FlowActionBody);
        return ok(null, request.t(action.message));
      },
    });
  }
  app.get(
    `${B}/Selector/:id`,
    {
      preHandler: permitMenu(monitorMenu),
      schema: {
        tags,
        summary: 'The approver nodes a monitor may change or revive task T to (id = node code)',
        params: IdParams,
        response: { 200: EnvelopeOf(Type.Array(FlowChangeNode)) },
      },
    },
    async (request) => ok(await engine.changeTargets(request.params.id)),
  );
  app.post(
    `${B}/Change`,
    {
      preHandler: permitMenu(monitorMenu),
      schema: {
        tags,
        summary: 'Change a running task to a node (resurgence false), or revive an ended one there (true)',
        body: FlowChangeBody,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await engine.change(sessionOf(request), request.body);
      return ok(null, request.t(request.body.resurgence ? 'workflow.revived' : 'workflow.changed'));
    },
  );
  app.get(
    `${B}/BatchFlowSelector`,
    {
      schema: {
        tags,
        summary: "The batch page's flow choice: templates the caller has to-dos in, as 'name(count)'",
        response: { 200: EnvelopeOf(Type.Array(FlowBatchFlow)) },
      },
    },
    async (request) => ok(await queries.batchFlows(sessionOf(request))),
  );
  app.post(
    `${B}/BatchOperation`,
    {
      schema: {
        tags,
        summary: 'Approve (0), reject (1) or transfer (2) several to-do rows',
        body: FlowBatchBody,
        response: { 200: EnvelopeOf(FlowBatchResult) },
      },
    },
    async (request) => ok(await engine.batch(sessionOf(request), request.body)),
  );

  /* ---------------------------------------------------------------- lists and detail */
  app.get(
    `${B}/List/:category`,
    {
      schema: {
        tags,
        summary: 'To-do (1), done (2), copied to me (3), batch (4)',
        params: CategoryParams,
        querystring: FlowListQuery,
        response: { 200: EnvelopeOf(PageOf(FlowTodoRow)) },
      },
    },
    async (request) => ok(await queries.list(sessionOf(request), Number(request.params.category), request.query)),
  );
  app.get(
    L,
    {
      schema: {
        tags,
        summary: 'Tasks I launched (pg; status)',
        querystring: FlowLaunchQuery,
        response: { 200: EnvelopeOf(PageOf(FlowLaunchRow)) },
      },
    },
    async (request) => ok(await queries.launched(sessionOf(request), request.query)),
  );
  app.get(
    `${B}/:id`,
    {
      schema: {
        tags,
        summary: "A task's detail ('0' + flowId: a new launch)",
        params: TaskParams,
        querystring: FlowDetailQuery,
        response: { 200: EnvelopeOf(FlowDetail) },
      },
    },
    async (request) => ok(await queries.detail(sessionOf(request), request.params.id, request.query)),
  );
  app.get(
    `${B}/:id/Info`,
    {
      schema: {
        tags,
        summary: 'Whether the operator row opens read-only',
        params: IdParams,
        response: { 200: EnvelopeOf(FlowOperatorInfo) },
      },
    },
    async (request) => ok(await queries.operatorInfo(sessionOf(request), request.params.id)),
  );
  app.get(
    `${B}/SubFlowInfo/:id`,
    {
      schema: {
        tags,
        summary: 'The child tasks a sub-flow node instance (taskNodeId) launched, each as its detail',
        params: IdParams,
        response: { 200: EnvelopeOf(Type.Array(FlowDetail)) },
      },
    },
    async (request) => ok(await queries.subFlowInfo(sessionOf(request), request.params.id)),
  );
  app.get(
    `${B}/RejectList/:id`,
    {
      schema: {
        tags,
        summary: 'Nodes the operator row can reject to',
        params: IdParams,
        response: { 200: EnvelopeOf(FlowRejectList) },
      },
    },
    async (request) => ok(await queries.rejectList(sessionOf(request), request.params.id)),
  );
  app.get(
    `${B}/RecordList/:id`,
    {
      schema: {
        tags,
        summary: "A task's records",
        params: IdParams,
        querystring: FlowRecordQuery,
        response: { 200: EnvelopeOf(Type.Array(FlowRecord)) },
      },
    },
    async (request) => ok(await queries.records(sessionOf(request), request.params.id)),
  );

  /* ---------------------------------------------------------------- comments */
  app.get(
    C,
    {
      schema: {
        tags,
        summary: "A task's comments (pg; taskId), newest first; isDel 1 on the caller's own",
        querystring: FlowCommentQuery,
        response: { 200: EnvelopeOf(PageOf(FlowCommentRow)) },
      },
    },
    async (request) => ok(await comments.page(sessionOf(request), request.query)),
  );
  app.post(
    C,
    {
      schema: {
        tags,
        summary: 'Comment on a task the caller may read (image / file: JSON text of [{name, fileId, url}])',
        body: FlowCommentInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await comments.create(sessionOf(request), request.body);
      return ok(null, request.t('workflow.commented'));
    },
  );
  app.delete(
    `${C}/:id`,
    { schema: { tags, summary: 'Delete one of my comments', params: IdParams, response: { 200: EmptyEnvelope } } },
    async (request) => {
      await comments.delete(sessionOf(request), request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );

  /* ---------------------------------------------------------------- monitor, home page */
  app.get(
    M,
    {
      preHandler: permitMenu(monitorMenu),
      schema: {
        tags,
        summary: 'Every task (pg)',
        querystring: FlowLaunchQuery,
        response: { 200: EnvelopeOf(PageOf(FlowMonitorRow)) },
      },
    },
    async (request) => ok(await queries.monitor(request.query)),
  );
  app.delete(
    M,
    {
      preHandler: permit(monitorMenu, 'btn_remove'),
      schema: {
        tags,
        summary: 'Delete tasks ({ids:"a,b"})',
        body: FlowMonitorDelete,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await engine.deleteTasks(request.body.ids.split(',').filter(Boolean));
      return ok(null, request.t('common.deleted'));
    },
  );
  app.get(
    `${M}/:taskNodeId/EventLog`,
    {
      preHandler: permitMenu(monitorMenu),
      schema: {
        tags,
        summary: 'What happened at one node instance of a task (monitor)',
        params: FlowTaskNodeParams,
        response: { 200: EnvelopeOf(ListOf(FlowEventLogRow)) },
      },
    },
    async (request) => ok({ list: await queries.eventLog(request.params.taskNodeId) }),
  );
  app.post(
    '/api/visualdev/Dashboard/FlowTodoCount',
    {
      schema: {
        tags,
        summary: 'Home-page counts: to-do, done, copied to me',
        response: { 200: EnvelopeOf(FlowTodoCount) },
      },
    },
    async (request) => ok(await queries.counts(sessionOf(request))),
  );
  app.get(
    '/api/visualdev/Dashboard/FlowTodo',
    {
      schema: {
        tags,
        summary: 'The first to-do rows for the home page (open with /workFlowDetail)',
        response: { 200: EnvelopeOf(ListOf(FlowTodoCard)) },
      },
    },
    async (request) => ok({ list: await queries.todoCards(sessionOf(request)) }),
  );

  /* ---------------------------------------------------------------- entrust */
  app.get(
    D,
    {
      schema: {
        tags,
        summary: "Delegations: mine ('1') or to me ('2')",
        querystring: FlowDelegateQuery,
        response: { 200: EnvelopeOf(PageOf(FlowDelegateRow)) },
      },
    },
    async (request) => ok(await delegates.page(sessionOf(request), request.query)),
  );
  app.get(
    `${D}/getflow`,
    {
      schema: {
        tags,
        summary: 'Delegated launch: the flows someone delegated launching to the caller for, now (pg)',
        querystring: PageQuery,
        response: { 200: EnvelopeOf(PageOf(FlowChildRow)) },
      },
    },
    async (request) => ok(await delegates.launchableFlows(sessionOf(request), request.query)),
  );
  app.get(
    `${D}/userList`,
    {
      schema: {
        tags,
        summary: 'Delegated launch: who delegated launching this flow to the caller, now (launch "on behalf of")',
        querystring: FlowDelegateUsersQuery,
        response: { 200: EnvelopeOf(ListOf(FlowDelegatePrincipal)) },
      },
    },
    async (request) => ok({ list: await delegates.principals(sessionOf(request), request.query.flowId) }),
  );
  app.get(
    `${D}/:id`,
    {
      schema: {
        tags,
        summary: 'One delegation (the edit dialog): to the one who made it or the one it is made to',
        params: IdParams,
        response: { 200: EnvelopeOf(FlowDelegateRow) },
      },
    },
    async (request) => ok(await delegates.info(sessionOf(request), request.params.id)),
  );
  app.post(
    D,
    {
      schema: {
        tags,
        summary: 'Delegate launching (0) or approving (1) for a period',
        body: FlowDelegateInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await delegates.create(sessionOf(request), request.body);
      return ok(null, request.t('workflow.delegated'));
    },
  );
  app.put(
    `${D}/:id`,
    {
      schema: {
        tags,
        summary: 'Change one of my delegations',
        params: IdParams,
        body: FlowDelegateInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await delegates.update(sessionOf(request), request.params.id, request.body);
      return ok(null, request.t('common.updated'));
    },
  );
  app.delete(
    `${D}/:id`,
    { schema: { tags, summary: 'Delete one of my delegations', params: IdParams, response: { 200: EmptyEnvelope } } },
    async (request) => {
      await delegates.delete(sessionOf(request), request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );
  app.put(
    `${D}/Stop/:id`,
    { schema: { tags, summary: 'End one of my delegations now', params: IdParams, response: { 200: EmptyEnvelope } } },
    async (request) => {
      await delegates.stop(sessionOf(request), request.params.id);
      return ok(null, request.t('workflow.stopped'));
    },
  );
}
