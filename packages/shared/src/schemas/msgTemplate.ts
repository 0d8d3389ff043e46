import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';
import { PageQuery } from '../paging.ts';

const Name = Type.String({ minLength: 1, maxLength: 50 });
const Code = Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9._-]+$' });
const Mark = Type.Union([Type.Literal(0), Type.Literal(1)]);
const Sort = Type.Integer({ minimum: 0, maximum: 999999 });
/** A parameter a template's title or content names as {field}. */
const Field = Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' });

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

/** `POST /api/message/SendMessageConfig/{id}/Actions/Send`: sends through every enabled channel. */
export const SendMessageInput = Type.Object({
  toUserIds: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
  paramMap: Type.Optional(Type.Record(Type.String({ maxLength: 50 }), Type.String({ maxLength: 5000 }))),
});
export type SendMessageInput = Static<typeof SendMessageInput>;
