import { type Static, Type } from 'typebox';
import { PageQuery } from '../paging.ts';

/** A row of the chat drawer's conversation list; `id` is the other user's id. */
export const ImConversation = Type.Object({
  id: Type.String(),
  realName: Type.String(),
  account: Type.String(),
  headIcon: Type.Union([Type.String(), Type.Null()]),
  unreadMessage: Type.Integer(),
  latestMessage: Type.Union([Type.String(), Type.Null()]),
  messageType: Type.Union([Type.String(), Type.Null()]),
  latestDate: Type.Integer(),
});
export type ImConversation = Static<typeof ImConversation>;

export const ImContactQuery = Type.Object({
  ...PageQuery.properties,
  n: Type.Optional(Type.String()),
  _t: Type.Optional(Type.String()),
});
export const ImContact = Type.Object({
  id: Type.String(),
  realName: Type.String(),
  account: Type.String(),
  headIcon: Type.Union([Type.String(), Type.Null()]),
  department: Type.Union([Type.String(), Type.Null()]),
});

export const ImUploadResult = Type.Object({ name: Type.String(), url: Type.String() });

/** Chat content kinds on the wire. */
export const imMessageTypes = ['text', 'image', 'voice'] as const;
export type ImMessageType = (typeof imMessageTypes)[number];

/** Client frames (protocol.md "WebSocket frames"); "formUserId" is the real spelling. */
export interface ImClientFrame {
  method: 'OnConnection' | 'SendMessage' | 'MessageList' | 'UpdateReadMessage' | string;
  token?: string;
  toUserId?: string;
  formUserId?: string;
  messageType?: ImMessageType;
  messageContent?: unknown;
  currentPage?: number;
  pageSize?: number;
  sord?: 'asc' | 'desc';
  keyword?: string;
  mobileDevice?: boolean;
  systemId?: string;
  isSeparate?: boolean;
}
