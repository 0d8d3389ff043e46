import { afterAll, beforeAll, expect, test } from 'vitest';
import { type TestApp, testApp } from './helpers/test-app.ts';

/**
 * Operations whose 200 answer is not a JSON envelope, so they declare no answer schema. Anything
 * else without one fails: Fastify serialises answers from the schema (dropping what it does not
 * declare), and the web's types and test fakes are checked against the same schemas.
 */
const notJson: Record<string, string> = {
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
};

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
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
    if (name in notJson) continue;
    const schema = op.responses?.['200']?.content?.['application/json']?.schema;
    if (!schema) missing.push(name);
    else if (!schema.properties?.code || !schema.properties?.msg) notEnvelope.push(name);
  }
  expect(missing, 'operations without a 200 answer schema').toEqual([]);
  expect(notEnvelope, 'operations whose 200 answer schema is not {code, msg, data?}').toEqual([]);
});

test('the exceptions are real: each exists and still has no JSON answer schema', () => {
  const byName = new Map(operations().map(({ name, op }) => [name, op]));
  for (const name of Object.keys(notJson)) {
    expect(byName.has(name), `${name} is listed as an exception but is not an operation`).toBe(true);
    expect(byName.get(name)?.responses?.['200']?.content?.['application/json']?.schema, name).toBeUndefined();
  }
});
