import {
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  NoticeInfo,
  NoticeInput,
  NoticeQuery,
  NoticeRow,
  PageOf,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import { NoticeService } from './notice.service.ts';

const tags = ['notice'];
const menu = 'system.notice';
const byId = Type.Object({ id: Id });

export default async function noticeRoutes(app: App) {
  const notices = new NoticeService(app.db, app.bus, app.dictionaries);

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

  app.post(
    '/api/message/Notice',
    {
      preHandler: permit(menu, 'btn_add'),
      schema: {
        tags,
        summary: 'Create a draft notice (rich text sanitised)',
        body: NoticeInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await notices.create(request.body, sessionOf(request));
      return ok(null, request.t('common.created'));
    },
  );

  app.get(
    '/api/message/Notice/:id',
    {
      preHandler: permitMenu(menu),
      schema: { tags, summary: 'One notice', params: byId, response: { 200: EnvelopeOf(NoticeInfo) } },
    },
    async (request) => ok(await notices.info(request.params.id)),
  );

  app.put(
    '/api/message/Notice/:id',
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Change a draft notice',
        params: byId,
        body: NoticeInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await notices.update(request.params.id, request.body, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.delete(
    '/api/message/Notice/:id',
    {
      preHandler: permit(menu, 'btn_remove'),
      schema: { tags, summary: 'Delete a notice', params: byId, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await notices.delete(request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );

  app.put(
    '/api/message/Notice/:id/Actions/Release',
    {
      preHandler: permit(menu, 'btn_release'),
      schema: {
        tags,
        summary: 'Release: a message to the audience and a messagePush to its members online',
        params: byId,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await notices.release(request.params.id, sessionOf(request));
      return ok(null, request.t('notice.releaseDone'));
    },
  );
}
