import {
  DeleteRecordsInput,
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  MessageDetail,
  MessageQuery,
  MessageRow,
  PageOf,
  ReadAllInput,
  UnreadCounts,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import type { MessageService } from './message.service.ts';

const tags = ['message'];

/** The signed-in user's own messages: only the session is needed, never another user's receipts. */
export default async function messageRoutes(app: App, { messages }: { messages: MessageService }) {
  app.fileReaders.add('message', (session, file) => messages.receivedFile(session.userId, file.name));

  app.get(
    '/api/message',
    {
      schema: {
        tags,
        summary: 'My messages, newest first (keyword, type 1-4, isRead 0/1)',
        querystring: MessageQuery,
        response: { 200: EnvelopeOf(PageOf(MessageRow)) },
      },
    },
    async (request) => ok(await messages.list(sessionOf(request).userId, request.query)),
  );

  app.get(
    '/api/message/ReadInfo/:id',
    {
      schema: {
        tags,
        summary: 'One of my messages; opening it marks it read',
        params: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(MessageDetail) },
      },
    },
    async (request) => ok(await messages.read(sessionOf(request).userId, request.params.id)),
  );

  app.post(
    '/api/message/Actions/ReadAll',
    {
      schema: {
        tags,
        summary: 'Mark my messages read, honouring the list filters (body or query)',
        body: Type.Optional(ReadAllInput),
        querystring: ReadAllInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await messages.readAll(sessionOf(request).userId, { ...request.query, ...(request.body ?? {}) });
      return ok(null, request.t('message.readAllDone'));
    },
  );

  app.delete(
    '/api/message/Record',
    {
      schema: {
        tags,
        summary: 'Delete my message records (ids as a list or comma-joined)',
        body: DeleteRecordsInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await messages.deleteRecords(sessionOf(request).userId, request.body.ids);
      return ok(null, request.t('common.deleted'));
    },
  );

  app.get(
    '/api/message/getUnReadMsgNum',
    {
      schema: { tags, summary: 'My unread message counts by type', response: { 200: EnvelopeOf(UnreadCounts) } },
    },
    async (request) => ok(await messages.unreadCounts(sessionOf(request).userId)),
  );
}
