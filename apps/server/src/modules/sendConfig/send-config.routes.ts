import {
  EmailInfo,
  EnvelopeOf,
  Id,
  ListOf,
  MessageSendLogRow,
  PageQuery,
  SendMessageConfigInfo,
  SendMessageConfigInput,
  SendMessageConfigQuery,
  SendMessageInput,
  SendMessageResult,
  SendTestInput,
  SendTestItem,
  SendTestResult,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { crudRoutes, recordActionRoute } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import type { SendConfigService } from './send-config.service.ts';

const tags = ['sendConfig'];
const menu = 'msgCenter.sendConfig';
const byId = Type.Object({ id: Id });

export default async function sendConfigRoutes(app: App, { configs }: { configs: SendConfigService }) {
  crudRoutes(
    app,
    {
      base: '/api/message/SendMessageConfig',
      menu,
      tag: 'sendConfig',
      noun: { one: 'send configuration', many: 'Send configurations' },
      schemas: {
        query: SendMessageConfigQuery,
        row: SendMessageConfigInfo,
        input: SendMessageConfigInput,
        update: SendMessageConfigInput,
      },
      summaries: { create: 'Create a send configuration (channels with their templates)' },
      createAnswer: 'nothing',
    },
    configs,
  );

  recordActionRoute(
    app,
    {
      method: 'POST',
      url: '/api/message/SendMessageConfig/:id/Actions/Copy',
      tags,
      summary: 'Copy a send configuration (disabled)',
      preHandler: permit(menu, 'btn_add'),
      done: 'msgTemplate.copied',
    },
    (id, session) => configs.copy(id, session),
  );

  app.post(
    '/api/message/SendMessageConfig/:id/Actions/Send',
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Send now to the users given: in-app for real, e-mail by SMTP, other channels through their senders',
        params: byId,
        body: SendMessageInput,
        response: { 200: EnvelopeOf(SendMessageResult) },
      },
    },
    async (request) =>
      ok(
        await configs.send(request.params.id, request.body, sessionOf(request), request.t),
        request.t('sendConfig.sent'),
      ),
  );

  app.post(
    '/api/message/SendMessageConfig/getTestConfig/:id',
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'The test-send dialog of the 3.6 client: one entry per channel switched on, parameters to fill in',
        params: byId,
        response: { 200: EnvelopeOf(Type.Array(SendTestItem)) },
      },
    },
    async (request) => ok(await configs.testConfig(request.params.id)),
  );

  app.post(
    '/api/message/SendMessageConfig/testSendConfig',
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Send the getTestConfig entries back with recipients and values: each goes out for real and is logged',
        body: SendTestInput,
        response: { 200: EnvelopeOf(Type.Array(SendTestResult)) },
      },
    },
    async (request) => ok(await configs.testSend(request.body, sessionOf(request), request.t)),
  );

  app.get(
    '/api/message/SendMessageConfig/:id/Log',
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'What this configuration sent, newest first',
        params: byId,
        querystring: PageQuery,
        response: { 200: EnvelopeOf(ListOf(MessageSendLogRow)) },
      },
    },
    async (request) => ok(await configs.logs(request.params.id, request.query)),
  );

  app.get(
    '/api/extend/Email/:id',
    {
      schema: {
        tags,
        summary:
          'One sent e-mail of the send log (the /emailDetail page): to its recipient and the readers of the send log',
        params: byId,
        response: { 200: EnvelopeOf(EmailInfo) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const mayReadLog = async () => (await app.permissions.access(session)).menus.has(menu);
      return ok(await configs.email(request.params.id, session, mayReadLog));
    },
  );
}
