import {
  EmptyEnvelope,
  EnvelopeOf,
  FlowEventLogRow,
  FlowLaunchQuery,
  FlowMonitorDelete,
  FlowMonitorRow,
  FlowTaskNodeParams,
  FlowTodoCard,
  FlowTodoCount,
  ListOf,
  PageOf,
} from '@platform/shared';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import type { EngineService } from './engine.service.ts';
import { M, monitorMenu, tags } from './flow-route-paths.ts';
import type { TaskQueryService } from './task-query.service.ts';

/** The flow monitor (its menu) and the home page's to-do counts and cards. */
export function flowMonitorRoutes(app: App, { engine, queries }: { engine: EngineService; queries: TaskQueryService }) {
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
}
