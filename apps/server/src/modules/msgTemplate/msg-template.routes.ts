import { MessageTemplateInfo, MessageTemplateInput, MessageTemplateQuery, MessageTemplateRow } from '@platform/shared';
import type { App } from '../../core/app-types.ts';
import { crudRoutes, recordActionRoute } from '../../core/crud-routes.ts';
import { permit } from '../../core/permissions.ts';
import type { MessageTemplateService } from './msg-template.service.ts';

const tags = ['msgTemplate'];
const menu = 'msgCenter.msgTemplate';

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

  recordActionRoute(
    app,
    {
      method: 'POST',
      url: '/api/message/MessageTemplateConfig/:id/Actions/Copy',
      tags,
      summary: 'Copy a template (the copy starts disabled)',
      preHandler: permit(menu, 'btn_add'),
      done: 'msgTemplate.copied',
    },
    (id, session) => templates.copy(id, session),
  );
}
