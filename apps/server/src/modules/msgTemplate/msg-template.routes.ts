import {
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  MessageTemplateInfo,
  MessageTemplateInput,
  MessageTemplateQuery,
  MessageTemplateRow,
  PageOf,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import { MessageTemplateService } from './msg-template.service.ts';

const tags = ['msgTemplate'];
const menu = 'msgCenter.msgTemplate';
const byId = Type.Object({ id: Id });

export default async function messageTemplateRoutes(app: App) {
  const templates = new MessageTemplateService(app.db);

  app.get(
    '/api/message/MessageTemplateConfig',
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Message templates (keyword, messageType, messageSource, templateType, enabledMark)',
        querystring: MessageTemplateQuery,
        response: { 200: EnvelopeOf(PageOf(MessageTemplateRow)) },
      },
    },
    async (request) => ok(await templates.list(request.query)),
  );

  app.post(
    '/api/message/MessageTemplateConfig',
    {
      preHandler: permit(menu, 'btn_add'),
      schema: { tags, summary: 'Create a template', body: MessageTemplateInput, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await templates.create(request.body, sessionOf(request));
      return ok(null, request.t('common.created'));
    },
  );

  app.get(
    '/api/message/MessageTemplateConfig/:id',
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'One template with its parameters',
        params: byId,
        response: { 200: EnvelopeOf(MessageTemplateInfo) },
      },
    },
    async (request) => ok(await templates.info(request.params.id)),
  );

  app.put(
    '/api/message/MessageTemplateConfig/:id',
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Change a template',
        params: byId,
        body: MessageTemplateInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await templates.update(request.params.id, request.body, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.delete(
    '/api/message/MessageTemplateConfig/:id',
    {
      preHandler: permit(menu, 'btn_remove'),
      schema: {
        tags,
        summary: 'Delete a template no send configuration uses',
        params: byId,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await templates.delete(request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );

  app.put(
    '/api/message/MessageTemplateConfig/:id/Actions/State',
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: { tags, summary: 'Enable or disable a template', params: byId, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      const state = await templates.toggleState(request.params.id, sessionOf(request));
      return ok(null, request.t(state === 1 ? 'people.enabled' : 'people.disabled'));
    },
  );

  app.post(
    '/api/message/MessageTemplateConfig/:id/Actions/Copy',
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: 'Copy a template (the copy starts disabled)',
        params: byId,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await templates.copy(request.params.id, sessionOf(request));
      return ok(null, request.t('msgTemplate.copied'));
    },
  );
}
