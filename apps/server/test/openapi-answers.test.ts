import { afterAll, beforeAll, expect, test } from 'vitest';
import { type TestApp, testApp } from './helpers/test-app.ts';

/**
 * Operations whose 200 answer is a file (an image, an export, a download), not a JSON envelope:
 * they declare its media types instead. Anything else without an envelope schema fails: Fastify
 * serialises answers from the schema (dropping what it does not declare), and the web's types and
 * test fakes are checked against the same schemas.
 */
const files: Record<string, string> = {
  'GET /api/file/ImageCode/{random}': 'an SVG captcha image',
  'GET /api/oauth/ImageCode/{length}/{random}': 'an SVG captcha image',
  'GET /api/system/Menu/{id}/Actions/Export': 'a JSON file download (the exported menu, not an envelope)',
  'GET /api/permission/Users/ExportFile/{name}': 'a generated spreadsheet download',
  'GET /api/visualdev/OnlineDev/{modelId}/ExportFile/{name}': 'a generated spreadsheet download',
  'GET /api/file/Image/{type}/{name}': 'an image file (chat, avatar, annexpic)',
  'GET /api/file/Download/{token}': 'a file or zip download by an expiring token',
  'GET /api/file/Preview/{token}': 'a preview (image, PDF or sanitised HTML) by an expiring token',
  'GET /api/file/Generated/{name}': 'a generated file download (an exported dictionary, ...)',
  'GET /api/file/Image/signature/{name}': 'an image file',
  'GET /metrics': "Prometheus's text exposition format, for a scraper",
};

interface Operation {
  responses?: Record<
    string,
    { content?: Record<string, { schema?: { properties?: Record<string, unknown>; format?: string } }> }
  >;
}

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await testApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  paths = res.json().paths;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

test('every operation declares its 200 answer as an envelope schema, but the listed non-JSON ones', () => {
  const ops = operations();
  expect(ops.length).toBeGreaterThan(150);
  const missing: string[] = [];
  const notEnvelope: string[] = [];
  for (const { name, op } of ops) {
    if (name in files) continue;
    const schema = op.responses?.['200']?.content?.['application/json']?.schema;
    if (!schema) missing.push(name);
    else if (!schema.properties?.code || !schema.properties?.msg) notEnvelope.push(name);
  }
  expect(missing, 'operations without a 200 answer schema').toEqual([]);
  expect(notEnvelope, 'operations whose 200 answer schema is not {code, msg, data?}').toEqual([]);
});

test('the file answers are real and declare their media types, each a binary body', () => {
  const byName = new Map(operations().map(({ name, op }) => [name, op]));
  for (const name of Object.keys(files)) {
    expect(byName.has(name), `${name} is listed as a file answer but is not an operation`).toBe(true);
    const content = byName.get(name)?.responses?.['200']?.content ?? {};
    expect(Object.keys(content).length, `${name} declares no media type`).toBeGreaterThan(0);
    for (const [type, media] of Object.entries(content)) {
      expect(media.schema?.format, `${name} ${type}`).toBe('binary');
      expect(media.schema?.properties?.code, `${name} ${type} is not an envelope`).toBeUndefined();
    }
  }
  expect(Object.keys(byName.get('GET /api/file/ImageCode/{random}')?.responses?.['200']?.content ?? {})).toEqual([
    'image/svg+xml',
  ]);
  expect(
    Object.keys(
      byName.get('GET /api/visualdev/OnlineDev/{modelId}/ExportFile/{name}')?.responses?.['200']?.content ?? {},
    ),
  ).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
});
