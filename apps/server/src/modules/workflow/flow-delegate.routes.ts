import {
  EmptyEnvelope,
  EnvelopeOf,
  FlowChildRow,
  FlowDelegateInput,
  FlowDelegatePrincipal,
  FlowDelegateQuery,
  FlowDelegateRow,
  FlowDelegateUsersQuery,
  ListOf,
  PageOf,
  PageQuery,
} from '@platform/shared';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import type { DelegateService } from './delegate.service.ts';
import { D, IdParams, tags } from './flow-route-paths.ts';

/** Delegations (entrust): my delegations, and the flows and principals a delegate launches for. */
export function flowDelegateRoutes(app: App, delegates: DelegateService) {
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
