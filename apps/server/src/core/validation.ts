import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from 'fastify';

// ajv-formats ships CommonJS; under ESM its plugin may sit one `default` deeper.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

const shared: Options = { allErrors: false, useDefaults: true, removeAdditional: true, strict: false };

/**
 * Query strings and path parameters arrive as text, so they are coerced to the schema's types;
 * JSON bodies are not: a number sent as a string is a wrong type and is refused, naming the field.
 */
const coercing = addFormats(new Ajv({ ...shared, coerceTypes: 'array' }));
const strict = addFormats(new Ajv({ ...shared, coerceTypes: false }));

export const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? strict : coercing;
  return ajv.compile(schema as object);
};

/**
 * Clients of the protocol send every filter of a list, empty when it is unset (`organizeId=&
 * enabledMark=`): an empty query value means "no filter", so it is dropped before validation and
 * the schema's default (or absence) applies instead of a length or type error.
 */
export function treatEmptyQueryValuesAsAbsent(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (query && typeof query === 'object') {
      for (const [key, value] of Object.entries(query)) {
        if (value === '') delete query[key];
      }
    }
    done();
  });
}
