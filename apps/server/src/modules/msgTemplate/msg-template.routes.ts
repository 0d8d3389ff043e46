import {
  EmptyEnvelope,
  Id,
  MessageTemplateInfo,
  MessageTemplateInput,
  MessageTemplateQuery,
  MessageTemplateRow,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { crudRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { permit } from '../../core/permissions.ts';
import type { MessageTemplateService } from './msg-template.service.ts';

const tags = ['msgTemplate'];
const menu = 'msgCenter.msgTemplate';
const byId = Type.Object({ id: Id });

export default async function messageTemplateRoutes(app: App, { templates }: { templates: MessageTemplateService }) {
  crudRoutes(
    app,
    {
      base: '/api/message/MessageTemplateConfig',
      menu,
      tag: 'msgTemplate',
      noun: { one: 'template', many: 'Message templates' },
      schemas: {
        query: MessageTemplateQuery,
        row: MessageTemplateRow,
        info: MessageTemplateInfo,
        input: MessageTemplateInput,
        update: MessageTemplateInput,
      },
      summaries: {
        list: 'Message templates (keyword, messageType, messageSource, templateType, enabledMark)',
        delete: 'Delete a template no send configuration uses',
      },
      createAnswer: 'nothing',
    },
    templates,
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
