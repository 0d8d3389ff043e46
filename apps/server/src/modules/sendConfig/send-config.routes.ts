import {
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  ListOf,
  MessageSendLogRow,
  PageOf,
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
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import type { ChannelRegistry } from './channels.ts';
import { SendConfigService } from './send-config.service.ts';

const tags = ['sendConfig'];
const menu = 'msgCenter.sendConfig';
const byId = Type.Object({ id: Id });

export default async function sendConfigRoutes(app: App, options: { channels: ChannelRegistry }) {
  const configs = new SendConfigService(app.db, app.bus, options.channels);

  app.get(
    '/api/message/SendMessageConfig',
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Send configurations',
        querystring: SendMessageConfigQuery,
        response: { 200: EnvelopeOf(PageOf(SendMessageConfigInfo)) },
      },
    },
    async (request) => ok(await configs.list(request.query)),
  );

  app.post(
    '/api/message/SendMessageConfig',
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: 'Create a send configuration (channels with their templates)',
        body: SendMessageConfigInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await configs.create(request.body, sessionOf(request));
      return ok(null, request.t('common.created'));
    },
  );

  app.get(
    '/api/message/SendMessageConfig/:id',
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'One send configuration',
        params: byId,
        response: { 200: EnvelopeOf(SendMessageConfigInfo) },
      },
    },
    async (request) => ok(await configs.info(request.params.id)),
  );

  app.put(
    '/api/message/SendMessageConfig/:id',
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Change a send configuration',
        params: byId,
        body: SendMessageConfigInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await configs.update(request.params.id, request.body, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.delete(
    '/api/message/SendMessageConfig/:id',
    {
      preHandler: permit(menu, 'btn_remove'),
      schema: { tags, summary: 'Delete a send configuration', params: byId, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await configs.delete(request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );

  app.put(
    '/api/message/SendMessageConfig/:id/Actions/State',
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Enable or disable a send configuration',
        params: byId,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      const state = await configs.toggleState(request.params.id, sessionOf(request));
      return ok(null, request.t(state === 1 ? 'people.enabled' : 'people.disabled'));
    },
  );

  app.post(
    '/api/message/SendMessageConfig/:id/Actions/Copy',
    {
      preHandler: permit(menu, 'btn_add'),
      schema: { tags, summary: 'Copy a send configuration (disabled)', params: byId, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await configs.copy(request.params.id, sessionOf(request));
      return ok(null, request.t('msgTemplate.copied'));
    },
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
}
