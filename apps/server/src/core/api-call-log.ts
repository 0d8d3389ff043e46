import { createWriteStream } from 'node:fs';
import type { App } from './app-types.ts';

/**
 * A record of the wire contract as the server answered it: one line per call with the route
 * pattern, HTTP status, envelope code and the shape of `data` (its keys, and the keys of the first
 * list row). Run the browser tests with API_CALL_LOG set before and after a refactoring and compare
 * the sorted, de-duplicated lines: a changed path, code or field shows up as a different line.
 * Values are left out, so ids and times do not make two runs differ.
 */
export function installApiCallLog(app: App, file: string) {
  const out = createWriteStream(file, { flags: 'a' });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => out.end(resolve));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    const route = request.routeOptions.url ?? request.url.split('?')[0];
    out.write(`${request.method} ${route} http=${reply.statusCode} ${answerShape(payload)}\n`);
    return payload;
  });
}

function answerShape(payload: unknown): string {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return 'non-json';
  try {
    const answer = JSON.parse(payload) as { code?: unknown; data?: unknown };
    return `code=${String(answer.code)} data=${shapeOf(answer.data)}`;
  } catch {
    return 'unparsable';
  }
}

function shapeOf(data: unknown): string {
  if (Array.isArray(data)) return `[${data.length ? shapeOf(data[0]) : ''}]`;
  if (data === null || typeof data !== 'object') return typeof data;
  const record = data as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  const list = record.list;
  const rows = Array.isArray(list) && list.length ? ` list:${shapeOf(list[0])}` : '';
  return `{${keys.join(',')}}${rows}`;
}
