import {
  EmptyEnvelope,
  EnvelopeOf,
  FlowBatchBody,
  FlowBatchFlow,
  FlowBatchResult,
  FlowCandidates,
  FlowChangeBody,
  FlowChangeNode,
  FlowDetail,
  FlowDetailQuery,
  FlowLaunchQuery,
  FlowLaunchRow,
  FlowListQuery,
  FlowOperatorInfo,
  FlowRecord,
  FlowRecordQuery,
  FlowRejectList,
  FlowTaskInput,
  FlowTaskSaved,
  FlowTodoRow,
  Id,
  PageOf,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { permitMenu } from '../../core/permissions.ts';
import type { EngineService } from './engine.service.ts';
import { flowActionRoutes } from './flow-action.routes.ts';
import { B, CategoryParams, IdParams, L, monitorMenu, TaskParams, tags } from './flow-route-paths.ts';
import type { TaskQueryService } from './task-query.service.ts';

/** Launch, the run-time actions on an operator row or a task, and the task lists and detail. */
export function flowTaskRoutes(app: App, { engine, queries }: { engine: EngineService; queries: TaskQueryService }) {
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

  flowActionRoutes(app, engine);
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
  flowTaskQueryRoutes(app, queries);
}

/** The task lists (to-do, done, copied, launched) and a task's detail, records, reject targets and sub-flows. */
function flowTaskQueryRoutes(app: App, queries: TaskQueryService) {
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
}
