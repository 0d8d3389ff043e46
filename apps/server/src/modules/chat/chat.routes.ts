import {
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  ImContact,
  ImContactQuery,
  ImConversation,
  ListOf,
  PageOf,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import type { ChatService } from './chat.service.ts';
import type { SocketHub } from './socket-hub.ts';

const tags = ['chat'];
const byUser = Type.Object({ id: Id });

export default async function chatRoutes(app: App, options: { chat: ChatService; hub: SocketHub }) {
  app.fileReaders.add('chat', (session, file) => options.chat.receivedFile(session.userId, file));
  const { chat, hub } = options;

  // The socket: the token is in the path (browsers cannot set headers on a WebSocket); it is checked
  // when the socket opens, and a bad one gets a `logout` frame instead of a session.
  const socketHandler = (socket: import('ws').WebSocket, request: import('fastify').FastifyRequest) => {
    const { token } = request.params as { token: string };
    hub.accept(socket, token, request.lang);
  };
  for (const url of ['/api/message/websocket/:token', '/websocket/:token']) {
    app.get(url, { websocket: true, config: { public: true }, schema: { hide: true } }, socketHandler);
  }

  app.get(
    '/api/message/imreply',
    {
      schema: {
        tags,
        summary: 'My chat conversations, latest first, with unread counts',
        response: { 200: EnvelopeOf(ListOf(ImConversation)) },
      },
    },
    async (request) => ok(await chat.conversations(sessionOf(request).userId)),
  );

  app.get(
    '/api/message/imreply/contacts',
    {
      schema: {
        tags,
        summary: 'People to chat with (keyword, currentPage, pageSize 20)',
        querystring: ImContactQuery,
        response: { 200: EnvelopeOf(PageOf(ImContact)) },
      },
    },
    async (request) => ok(await chat.contacts(sessionOf(request).userId, request.query)),
  );

  app.delete(
    '/api/message/imreply/relocation/:id',
    {
      schema: {
        tags,
        summary: 'Remove the conversation with a user from my list (history stays)',
        params: byUser,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await chat.removeConversation(sessionOf(request).userId, request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );

  app.delete(
    '/api/message/imreply/deleteChatRecord/:id',
    {
      schema: {
        tags,
        summary: 'Delete my side of the chat history with a user (the other side keeps theirs)',
        params: byUser,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await chat.deleteHistory(sessionOf(request).userId, request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );
}
