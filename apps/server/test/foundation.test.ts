import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, testApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('envelope and request rules', () => {
  test('a healthy server answers {code: 200, msg, data}', async () => {
    const res = await t.anonymous.get('/api/health');
    expect(res).toMatchObject({ status: 200, code: 200, msg: 'Success', data: { status: 'ok' } });
  });

  test('the cache-busting n and _t parameters are ignored', async () => {
    const res = await t.anonymous.call({ method: 'GET', url: '/api/health?n=1712345678901&_t=1712345678901' });
    expect(res.code).toBe(200);
  });

  test('an unknown route is HTTP 404 with a message naming it, in the caller language', async () => {
    const zh = await t.anonymous.call({ method: 'GET', url: '/api/nothing/here?x=1' });
    expect(zh).toMatchObject({ status: 404, code: 404, msg: '接口不存在：GET /api/nothing/here' });
    const en = await t.anonymous.call({
      method: 'POST',
      url: '/api/nothing',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en).toMatchObject({ status: 404, msg: 'No such endpoint: POST /api/nothing' });
  });

  test('security headers are set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  test('OpenAPI is generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/health');
  });
});

describe('seed', () => {
  test('the first start creates the root organisation, the administrator, the system record and dictionaries', async () => {
    const db = t.app.db;
    const root = await db.selectFrom('organize').selectAll().where('parentId', '=', '-1').execute();
    expect(root).toHaveLength(1);
    const admin = await db.selectFrom('appUser').selectAll().where('account', '=', 'admin').executeTakeFirstOrThrow();
    expect(admin.isAdministrator).toBe(true);
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    const config = await db.selectFrom('sysConfig').select(['key', 'value']).execute();
    const values = Object.fromEntries(config.map((row) => [row.key, row.value]));
    expect(values).toMatchObject({ sysVersion: '3.6.0', sysName: expect.any(String), title: expect.any(String) });
    const codes = await db.selectFrom('dictionaryType').select('enCode').execute();
    expect(codes.map((c) => c.enCode)).toEqual(
      expect.arrayContaining(['sex', 'msgSourceType', 'msgSendType', 'businessType']),
    );
  });
});
