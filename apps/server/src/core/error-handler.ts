import { ResultCode } from '@platform/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BusinessError } from './errors.ts';
import type { MessageKey, Translate } from './i18n.ts';

interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const keywordMessages: Record<string, MessageKey> = {
  required: 'validation.required',
  type: 'validation.type',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  minimum: 'validation.minimum',
  maximum: 'validation.maximum',
  exclusiveMinimum: 'validation.minimum',
  exclusiveMaximum: 'validation.maximum',
  pattern: 'validation.pattern',
  format: 'validation.pattern',
  enum: 'validation.enum',
  const: 'validation.enum',
  anyOf: 'validation.invalid',
  minItems: 'validation.minItems',
  maxItems: 'validation.maxItems',
  additionalProperties: 'validation.additional',
};

/**
 * A route's own wording for some fields (the spec's form messages: 请输入名称, 名称最多为50个字符！):
 * field name -> schema keyword -> message key. Anything not listed keeps the general message.
 */
export type FieldMessages = Record<string, Partial<Record<string, MessageKey>>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    fieldMessages?: FieldMessages;
  }
}

/** The field an issue is about: the property path, with the missing or unexpected property named. */
function fieldOf(issue: SchemaIssue): string {
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'required') return [path, issue.params.missingProperty].filter(Boolean).join('.');
  if (issue.keyword === 'additionalProperties')
    return [path, issue.params.additionalProperty].filter(Boolean).join('.');
  return path;
}

/** One message that names the field and says what is wrong with it. */
export function describeSchemaIssue(issue: SchemaIssue, context: string | undefined, t: Translate): string {
  let field = fieldOf(issue);
  if (!field) field = context === 'body' || !context ? t('validation.body') : context;
  const key = keywordMessages[issue.keyword] ?? 'validation.invalid';
  const type = String(issue.params.type ?? '');
  const typeName = type in typeNames ? t(typeNames[type] as MessageKey) : type;
  return t(key, { field, limit: String(issue.params.limit ?? ''), type: typeName });
}

const typeNames: Record<string, MessageKey> = {
  string: 'type.string',
  integer: 'type.integer',
  number: 'type.number',
  boolean: 'type.boolean',
  object: 'type.object',
  array: 'type.array',
  null: 'type.null',
};

/**
 * Every failure leaves here as an envelope: bad input and business refusals as HTTP 200 with
 * `code` 400/403/60x and a message in the caller's language; transport failures keep their HTTP
 * status; anything unexpected is logged and answered as code 500 without internals.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const t = request.t;
    if (error instanceof BusinessError) {
      return reply.status(200).send({ code: error.code, msg: error.translated(t) });
    }
    if (error.validation) {
      const first = error.validation[0] as SchemaIssue | undefined;
      const own = first && request.routeOptions.config.fieldMessages?.[fieldOf(first)]?.[first.keyword];
      const msg = own ? t(own) : first ? describeSchemaIssue(first, error.validationContext, t) : t('validation.body');
      return reply.status(200).send({ code: ResultCode.badRequest, msg });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(200).send({ code: ResultCode.badRequest, msg: t('common.badJson') });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .status(415)
          .send({ code: 415, msg: t('common.badContentType', { type: String(request.headers['content-type']) }) });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ code: 413, msg: t('common.bodyTooLarge') });
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(200).send({ code: ResultCode.badRequest, msg: t('common.badJson') });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: 429, msg: t('common.tooManyRequests') });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ code: ResultCode.serverError, msg: t('common.serverError') });
  });
}
