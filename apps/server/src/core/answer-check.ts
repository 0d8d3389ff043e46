import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { App } from './app-types.ts';

/** Paths of `sent` that `kept` (the same value cleaned by the schema) no longer has. */
function dropped(sent: unknown, kept: unknown, at: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((v, i) => dropped(v, kept[i], `${at}/${i}`));
  if (sent && typeof sent === 'object' && !(sent instanceof Date) && kept && typeof kept === 'object') {
    const keptRecord = kept as Record<string, unknown>;
    return Object.entries(sent as Record<string, unknown>).flatMap(([key, value]) =>
      value === undefined ? [] : key in keptRecord ? dropped(value, keptRecord[key], `${at}/${key}`) : [`${at}/${key}`],
    );
  }
  return [];
}

/**
 * Tests only (`checkAnswers`): a 200 answer carrying a field its declared schema does not list
 * fails with HTTP 500 instead of being sent without it. Fastify serialises answers from the schema
 * and silently drops what it does not declare, so a schema that forgot a field would otherwise
 * change the wire unseen.
 */
export function installAnswerCheck(app: App) {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const schema = (request.routeOptions.schema?.response as Record<string, TSchema> | undefined)?.[200];
    if (reply.statusCode !== 200 || !schema || !payload || typeof payload !== 'object') return payload;
    const lost = dropped(payload, Value.Clean(schema, structuredClone(payload)), '');
    if (lost.length) {
      const text = `${request.method} ${request.routeOptions.url}: the answer has fields its schema drops: ${lost.join(', ')}`;
      console.error(text);
      throw new Error(text);
    }
    return payload;
  });
}
