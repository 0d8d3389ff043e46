import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';
import { PageQuery } from '../paging.ts';

const Name = Type.String({ minLength: 1, maxLength: 50 });
const Code = Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9._-]+$' });
const Mark = Type.Union([Type.Literal(0), Type.Literal(1)]);
const Sort = Type.Integer({ minimum: 0, maximum: 999999 });
/** A parameter a template's title or content names as {field}. */
const Field = Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' });

/** Channels by their msgSendType code: what a template, a send configuration and a flow message are sent through. */
export const Channel = {
  inApp: '1',
  email: '2',
  sms: '3',
  dingTalk: '4',
  weCom: '5',
  webhook: '6',
  weChat: '7',
} as const;

/** Message template (admin.md 3.7); messageType from msgSendType, messageSource from msgSourceType. */
export const MessageTemplateInput = Type.Object({
  fullName: Name,
  enCode: Code,
  templateType: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  messageSource: Type.Optional(Type.String({ maxLength: 50 })),
  messageType: Type.String({ minLength: 1, maxLength: 50 }),
  enabledMark: Mark,
  sortCode: Type.Optional(Sort),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  title: Type.Optional(Type.String({ maxLength: 200 })),
  content: Type.Optional(Type.String({ maxLength: 20_000 })),
  templateCode: Type.Optional(Type.String({ maxLength: 100 })),
  wxSkip: Type.Optional(Type.String({ maxLength: 10 })),
  xcxAppId: Type.Optional(Type.String({ maxLength: 100 })),
  templateParamList: Type.Optional(
    Type.Array(Type.Object({ field: Field, fieldName: Type.String({ maxLength: 50 }) }), { maxItems: 100 }),
  ),
  smsFieldList: Type.Optional(
    Type.Array(
      Type.Object({
        smsField: Type.String({ maxLength: 50 }),
        field: Type.String({ maxLength: 50 }),
        isTitle: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
      }),
      { maxItems: 100 },
    ),
  ),
});
export type MessageTemplateInput = Static<typeof MessageTemplateInput>;

export const MessageTemplateQuery = Type.Object({
  ...PageQuery.properties,
  messageType: Type.Optional(Type.String({ maxLength: 50 })),
  messageSource: Type.Optional(Type.String({ maxLength: 50 })),
  templateType: Type.Optional(Type.String({ maxLength: 10 })),
  enabledMark: Type.Optional(Type.String({ maxLength: 10 })),
  n: Type.Optional(Type.String()),
  _t: Type.Optional(Type.String()),
});
export type MessageTemplateQuery = Static<typeof MessageTemplateQuery>;

/** One channel of a send configuration: which template goes out how. */
export const SendConfigTemplate = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 50 })),
  messageType: Type.String({ minLength: 1, maxLength: 50 }),
  templateId: Id,
  accountConfigId: Type.Optional(Type.String({ maxLength: 50 })),
  enabledMark: Type.Optional(Mark),
});

/** Send configuration (SendMessageConfig). */
export const SendMessageConfigInput = Type.Object({
  fullName: Name,
  enCode: Code,
  templateType: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  messageSource: Type.Optional(Type.String({ maxLength: 50 })),
  enabledMark: Mark,
  sortCode: Type.Optional(Sort),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  sendConfigTemplateList: Type.Array(SendConfigTemplate, { minItems: 1, maxItems: 20 }),
});
export type SendMessageConfigInput = Static<typeof SendMessageConfigInput>;

/** `GET /api/message/SendMessageConfig`: keyword, state and source. */
export const SendMessageConfigQuery = Type.Object({
  ...PageQuery.properties,
  enabledMark: Type.Optional(Type.String({ maxLength: 10 })),
  messageSource: Type.Optional(Type.String({ maxLength: 50 })),
});
export type SendMessageConfigQuery = Static<typeof SendMessageConfigQuery>;

/** `POST /api/message/SendMessageConfig/{id}/Actions/Send`: sends through every enabled channel. */
export const SendMessageInput = Type.Object({
  toUserIds: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
  paramMap: Type.Optional(Type.Record(Type.String({ maxLength: 50 }), Type.String({ maxLength: 5000 }))),
});
export type SendMessageInput = Static<typeof SendMessageInput>;

const NullableText = Type.Union([Type.String(), Type.Null()]);
const NullableMillis = Type.Union([Type.Integer(), Type.Null()]);

/** `GET /api/message/MessageTemplateConfig/{id}` (protocol-admin.md): the lists are real arrays, never null. */
export const MessageTemplateInfo = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  templateType: Type.Integer(),
  messageSource: NullableText,
  messageType: Type.String(),
  enabledMark: Type.Integer(),
  sortCode: Type.Integer(),
  description: NullableText,
  title: NullableText,
  content: NullableText,
  templateCode: NullableText,
  wxSkip: NullableText,
  xcxAppId: NullableText,
  templateParamList: Type.Array(Type.Object({ field: Type.String(), fieldName: Type.String() })),
  smsFieldList: Type.Array(
    Type.Object({ smsField: Type.String(), field: Type.String(), isTitle: Type.Optional(Type.Integer()) }),
  ),
  creatorTime: Type.Integer(),
  lastModifyTime: NullableMillis,
});
export type MessageTemplateInfo = Static<typeof MessageTemplateInfo>;

/** A row of `GET /api/message/MessageTemplateConfig`: the template without its text and lists, with who made it. */
export const MessageTemplateRow = Type.Object({
  ...Type.Omit(MessageTemplateInfo, ['templateParamList', 'smsFieldList', 'content']).properties,
  /** "name/account", or null when the creator is gone. */
  creatorUser: NullableText,
});
export type MessageTemplateRow = Static<typeof MessageTemplateRow>;

/** `GET /api/message/SendMessageConfig/{id}` and the rows of its list. */
export const SendMessageConfigInfo = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  templateType: Type.Integer(),
  messageSource: NullableText,
  enabledMark: Type.Integer(),
  sortCode: Type.Integer(),
  description: NullableText,
  sendConfigTemplateList: Type.Array(
    Type.Object({
      id: Type.String(),
      messageType: Type.String(),
      templateId: Type.String(),
      accountConfigId: Type.Optional(Type.String()),
      enabledMark: Type.Integer(),
    }),
  ),
  creatorTime: Type.Integer(),
  lastModifyTime: NullableMillis,
});
export type SendMessageConfigInfo = Static<typeof SendMessageConfigInfo>;

/** A row of `GET /api/message/SendMessageConfig/{id}/Log`: one attempt to send, newest first. */
export const MessageSendLogRow = Type.Object({
  id: Type.String(),
  sendConfigId: NullableText,
  templateId: NullableText,
  messageType: Type.String(),
  toUserId: NullableText,
  recipient: NullableText,
  title: NullableText,
  content: NullableText,
  /** pending (in the outbox, waiting for its first or next try), sent, recorded (a channel without a gateway), failed. */
  status: Type.String(),
  /** The last try's failure (a pending message's too, when it is being retried). */
  error: NullableText,
  /** Tries so far. */
  attempts: Type.Integer(),
  creatorTime: Type.Integer(),
});
export type MessageSendLogRow = Static<typeof MessageSendLogRow>;

/** How one channel of a send went (protocol-admin.md testSendConfig's `{messageType,isSuccess,result}`). */
export const SendChannelResult = Type.Object({
  messageType: Type.String(),
  templateId: Type.String(),
  /** Every recipient was sent to, recorded or queued. */
  isSuccess: Type.Boolean(),
  sent: Type.Integer(),
  recorded: Type.Integer(),
  failed: Type.Integer(),
  /** Put in the outbox: the job runner sends them after the commit, retrying (the send log shows how each went). */
  queued: Type.Integer(),
  /** The first failure's reason, in the caller's language where it is ours; null when none failed. */
  result: NullableText,
});
export type SendChannelResult = Static<typeof SendChannelResult>;

/** `POST .../SendMessageConfig/{id}/Actions/Send`: attempts by outcome, and each channel's own. */
export const SendMessageResult = Type.Object({
  sent: Type.Integer(),
  recorded: Type.Integer(),
  failed: Type.Integer(),
  queued: Type.Integer(),
  channels: Type.Array(SendChannelResult),
});
export type SendMessageResult = Static<typeof SendMessageResult>;

const TestParam = Type.Object({
  field: Type.String({ minLength: 1, maxLength: 50 }),
  fieldName: Type.Optional(Type.String({ maxLength: 100 })),
  value: Type.Optional(Type.String({ maxLength: 5000 })),
});

/**
 * An entry of `POST SendMessageConfig/getTestConfig/{id}` (protocol-admin.md, the 3.6 client's
 * test-send dialog): one per channel switched on, the template's parameters to fill in.
 */
export const SendTestItem = Type.Object({
  /** The configuration the entry belongs to (sent back with it, so its sends are logged under it). */
  sendConfigId: Type.String(),
  templateId: Type.String(),
  msgTemplateName: Type.String(),
  messageType: Type.String(),
  toUser: Type.Array(Type.String()),
  paramJson: Type.Array(Type.Object({ field: Type.String(), fieldName: Type.String(), value: Type.String() })),
});
export type SendTestItem = Static<typeof SendTestItem>;

/** `POST SendMessageConfig/testSendConfig`: the entries sent back with recipients and values. */
export const SendTestInput = Type.Array(
  Type.Object({
    sendConfigId: Type.Optional(Id),
    templateId: Id,
    msgTemplateName: Type.Optional(Type.String({ maxLength: 200 })),
    messageType: Type.String({ minLength: 1, maxLength: 20 }),
    toUser: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
    paramJson: Type.Optional(Type.Array(TestParam, { maxItems: 100 })),
  }),
  { minItems: 1, maxItems: 20 },
);
export type SendTestInput = Static<typeof SendTestInput>;

/** Each entry's outcome: `result` says why it failed, or that it was sent. */
export const SendTestResult = Type.Object({
  messageType: Type.String(),
  isSuccess: Type.Boolean(),
  result: Type.String(),
});
export type SendTestResult = Static<typeof SendTestResult>;

/**
 * `GET /api/extend/Email/{id}`: one e-mail of the send log, as the /emailDetail page shows it
 * (shell.md 2.2 "view a mail"). The 3.6 client's detail reads `subject, senderName, sender,
 * fdate, mAccount, cc, bcc, attachment, bodyText`; `creatorTime` and `recipient` are the same
 * time and address under the names of its sent-mail view.
 */
export const EmailInfo = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  /** The mailbox it went out from (the system's SMTP account). */
  sender: Type.String(),
  senderName: Type.String(),
  /** The recipient's address (mAccount in the 3.6 client's received view). */
  recipient: Type.String(),
  mAccount: Type.String(),
  /** The person it was sent to, by name: "Name/account". */
  toUserName: NullableText,
  creatorTime: Type.Integer(),
  fdate: Type.Integer(),
  cc: NullableText,
  bcc: NullableText,
  /** JSON list of attached files; our sends attach none. */
  attachment: NullableText,
  /** The sanitised HTML body. */
  bodyText: Type.String(),
  /** sent, recorded or failed, with the reason when it failed. */
  status: Type.String(),
  error: NullableText,
});
export type EmailInfo = Static<typeof EmailInfo>;
