import {
  DashboardNotice,
  DashboardNoticeQuery,
  EnvelopeOf,
  ListOf,
  NoticeInfo,
  NoticeInput,
  NoticeQuery,
  NoticeRow,
  PageOf,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { recordActionRoute, recordRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import type { NoticeService } from './notice.service.ts';

const tags = ['notice'];
const menu = 'system.notice';

export default async function noticeRoutes(app: App, { notices }: { notices: NoticeService }) {
  app.post(
    '/api/visualdev/Dashboard/Notice',
    {
      schema: {
        tags,
        summary: "The portal's notice card: released notices the caller received, newest first (at most 50)",
        body: Type.Optional(DashboardNoticeQuery),
        response: { 200: EnvelopeOf(ListOf(DashboardNotice)) },
      },
    },
    async (request) => ok({ list: await notices.dashboard(sessionOf(request), request.body ?? {}) }),
  );

  app.post(
    '/api/message/Notice/List',
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Notices (drafts first, newest first)',
        body: NoticeQuery,
        response: { 200: EnvelopeOf(PageOf(NoticeRow)) },
      },
    },
    async (request) => ok(await notices.list(request.body)),
  );

  recordRoutes(
    app,
    {
      base: '/api/message/Notice',
      menu,
      tag: 'notice',
      noun: { one: 'notice', many: 'Notices' },
      schemas: { info: NoticeInfo, input: NoticeInput, update: NoticeInput },
      summaries: {
        info: 'One notice',
        create: 'Create a draft notice (rich text sanitised)',
        update: 'Change a draft notice',
      },
      createAnswer: 'nothing',
    },
    notices,
  );

  recordActionRoute(
    app,
    {
      method: 'PUT',
      url: '/api/message/Notice/:id/Actions/Release',
      tags,
      summary: 'Release: a message to the audience and a messagePush to its members online',
      preHandler: permit(menu, 'btn_release'),
      done: 'notice.releaseDone',
    },
    (id, session) => notices.release(id, session),
  );
}
