import { EmptyEnvelope, FlowActionBody, FlowSuspendBody } from '@platform/shared';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import type { MessageKey } from '../../core/i18n.ts';
import { permitMenu } from '../../core/permissions.ts';
import type { EngineService } from './engine.service.ts';
import { B, IdParams, L, monitorMenu, tags } from './flow-route-paths.ts';

/** The run-time actions' routes, one table: what each calls, its body and its message. */
export function flowActionRoutes(app: App, engine: EngineService) {
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
}
