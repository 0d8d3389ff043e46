import type { App } from '../../core/app-types.ts';
import type { RecordService } from '../visualdev/record.service.ts';
import type { CommentService } from './comment.service.ts';
import type { FlowDefinitionService } from './definition.service.ts';
import type { DelegateService } from './delegate.service.ts';
import { type EngineService, TIMER_JOB } from './engine.service.ts';
import { flowCommentRoutes } from './flow-comment.routes.ts';
import { flowDelegateRoutes } from './flow-delegate.routes.ts';
import { flowMonitorRoutes } from './flow-monitor.routes.ts';
import { flowTaskRoutes } from './flow-task.routes.ts';
import { flowTemplateRoutes } from './flow-template.routes.ts';
import { DEADLINE_JOB } from './flow-timing.ts';
import type { FlowTransferService } from './flow-transfer.service.ts';
import type { TaskQueryService } from './task-query.service.ts';

/**
 * Workflow (protocol-workflow.md 1-4): definitions need the flow-design menu; the run time serves
 * every signed-in user and the engine checks that the caller holds the task or operator row. Each
 * route family (flow-*.routes.ts) gets the services it uses.
 */
export type WorkflowRouteServices = {
  definitions: FlowDefinitionService;
  records: RecordService;
  engine: EngineService;
  queries: TaskQueryService;
  delegates: DelegateService;
  comments: CommentService;
  transfer: FlowTransferService;
};

export default async function workflowRoutes(app: App, services: WorkflowRouteServices) {
  const { definitions, records, engine, queries, delegates, comments, transfer } = services;
  app.fileReaders.add('workflow', async (session, file) =>
    queries.readsFile(
      session,
      file.name,
      (await records.recordsHoldingFile(file.name)).map((r) => r.recordId),
    ),
  );
  // The job runner is registered after the areas: it exists once the app is ready.
  app.addHook('onReady', async () => {
    app.jobs.register(TIMER_JOB, (trx, payload) => engine.fireTimer(trx, payload));
    app.jobs.register(DEADLINE_JOB, (trx, payload) => engine.fireDeadline(trx, payload));
  });

  flowTemplateRoutes(app, { definitions, transfer });
  flowTaskRoutes(app, { engine, queries });
  flowCommentRoutes(app, comments);
  flowMonitorRoutes(app, { engine, queries });
  flowDelegateRoutes(app, delegates);
}
