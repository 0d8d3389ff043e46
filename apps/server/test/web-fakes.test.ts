import { afterAll, beforeAll, expect, test } from 'vitest';
import { fakedRoutes } from '../../web/src/test-wire.ts';
import { type TestApp, testApp } from './helpers/test-app.ts';

/**
 * The web unit tests answer their faked calls through apps/web/src/test-wire.ts, which checks each
 * answer against a schema it names per route. Here each of those names is held against the schema
 * the server declares for that route, so the table cannot check a fake against the wrong schema.
 * Compared on the OpenAPI description: its rewrites of a schema (nullable for a union with null, a nullable object of
 * one null value for the null of a wider union, a one-value enum for a literal,
 * additionalProperties for a pattern of any key) are undone first; a recursive part (a reference)
 * counts as the same on both sides.
 */

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await testApp();
  paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The OpenAPI form of a schema taken back to the JSON Schema TypeBox writes. */
function fromOpenApi(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromOpenApi);
  if (!isObject(value)) return value;
  const { nullable, ...rest } = value;
  const plain: Json = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, fromOpenApi(v)]));
  if (isObject(plain.additionalProperties) && !plain.properties) {
    const { additionalProperties, ...others } = plain;
    return { ...others, patternProperties: { '^.*$': additionalProperties } };
  }
  // OpenAPI 3.0 has no `const`: a literal is written as a one-value enum.
  if (Array.isArray(plain.enum) && plain.enum.length === 1 && !('const' in plain)) {
    const {
      enum: [only],
      ...others
    } = plain as Json & { enum: unknown[] };
    // A null among three or more kinds (string | number | null) is written `{type: object, enum: [null], nullable}`.
    if (only === null && nullable === true) return { type: 'null' };
    return fromOpenApi({ ...others, const: only, ...(nullable === true ? { nullable } : {}) });
  }
  if (nullable === true) {
    const { type, ...others } = plain;
    return { anyOf: [{ type, ...others }, { type: 'null' }] };
  }
  return plain;
}

/** Where two schemas differ; a node that is a reference on either side is not looked into. */
function differences(declared: unknown, faked: unknown, at: string): string[] {
  if (isObject(declared) && isObject(faked)) {
    if ('$ref' in declared || '$ref' in faked || '$defs' in faked) return [];
    const keys = new Set([...Object.keys(declared), ...Object.keys(faked)]);
    return [...keys].flatMap((k) => differences(declared[k], faked[k], `${at}/${k}`));
  }
  if (Array.isArray(declared) && Array.isArray(faked) && declared.length === faked.length)
    return declared.flatMap((d, i) => differences(d, faked[i], `${at}/${i}`));
  return JSON.stringify(declared) === JSON.stringify(faked)
    ? []
    : [`${at}: the server declares ${JSON.stringify(declared)}, the web table ${JSON.stringify(faked)}`];
}

/** The operation a route of the table is served by ("/api/file/Uploader/userAvatar" by ".../{type}"). */
function operationOf(method: string, path: string): Operation | undefined {
  const exact = paths[path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[method.toLowerCase()];
  if (exact) return exact;
  const served = Object.keys(paths).find(
    (p) => new RegExp(`^${p.replace(/\{[A-Za-z]+\}/g, '[^/]+')}$`).test(path) && paths[p]?.[method.toLowerCase()],
  );
  return served ? paths[served]?.[method.toLowerCase()] : undefined;
}

test('each route the web tests fake is checked against the answer schema the server declares for it', () => {
  expect(fakedRoutes.length).toBeGreaterThan(50);
  const problems: string[] = [];
  for (const [route, faked] of fakedRoutes) {
    const [method, path] = route.split(' ') as [string, string];
    const operation = operationOf(method, path);
    if (!operation) {
      problems.push(`${route}: the server has no such route`);
      continue;
    }
    const envelope = operation.responses?.['200']?.content?.['application/json']?.schema?.properties;
    if (faked === null) {
      if (envelope?.data !== undefined) problems.push(`${route}: the server answers data, the web table none`);
      continue;
    }
    problems.push(...differences(fromOpenApi(envelope?.data), JSON.parse(JSON.stringify(faked)), route));
  }
  expect(problems).toEqual([]);
});
