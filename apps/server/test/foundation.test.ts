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
    // The WebAssembly cipher needs this; the plain-HTTP intranet needs no upgrade-insecure-requests.
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    // Error answers carry them too.
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    // The API documentation's pages keep swagger-ui's own policy.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.headers['content-security-policy']).toContain('validator.swagger.io');
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
    expect(values).toMatchObject({ sysVersion: '3.6.0', sysName: '企业低代码平台', title: '企业低代码平台' });
    const codes = await db.selectFrom('dictionaryType').select('enCode').execute();
    expect(codes.map((c) => c.enCode)).toEqual(
      expect.arrayContaining(['sex', 'msgSourceType', 'msgSendType', 'businessType']),
    );
  });
});

describe('bad input is answered clearly and changes nothing', () => {
  const codes = () => t.app.db.selectFrom('authCode').select('key').execute();

  test('malformed JSON', async () => {
    const before = await codes();
    const res = await t.anonymous.call({
      method: 'POST',
      url: '/api/oauth/sendSmsCode',
      headers: { 'content-type': 'application/json' },
      payload: '{"mobile": "13800000000"',
    });
    expect(res).toMatchObject({ status: 200, code: 400, msg: '请求体不是有效的 JSON' });
    expect(await codes()).toEqual(before);
  });

  test('a wrong type names the field and the expected type, in the caller language', async () => {
    const zh = await t.anonymous.post('/api/oauth/sendSmsCode', { mobile: 13800000000 });
    expect(zh).toMatchObject({ code: 400, msg: '字段 mobile 的类型应为 字符串' });
    const en = await t.anonymous.call({
      method: 'POST',
      url: '/api/oauth/sendSmsCode',
      headers: { 'accept-language': 'en' },
      payload: { mobile: 13800000000 },
    });
    expect(en).toMatchObject({ code: 400, msg: 'Field mobile must be of type string' });
    const tw = await t.anonymous.call({
      method: 'POST',
      url: '/api/oauth/sendSmsCode',
      headers: { 'accept-language': 'zh-TW' },
      payload: {},
    });
    expect(tw).toMatchObject({ code: 400, msg: '缺少必填欄位 mobile' });
  });

  test('a missing required field is named', async () => {
    expect(await t.anonymous.post('/api/oauth/sendSmsCode', {})).toMatchObject({
      code: 400,
      msg: '缺少必填字段 mobile',
    });
  });

  test('query parameters are coerced, and out-of-range values are refused by name', async () => {
    const res = await t.anonymous.get('/api/oauth/ImageCode/abc/key1');
    expect(res).toMatchObject({ code: 400, msg: '字段 length 的类型应为 整数' });
  });

  test('an oversize body is HTTP 413, an unsupported content type 415', async () => {
    const big = await t.anonymous.call({
      method: 'POST',
      url: '/api/oauth/sendSmsCode',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ mobile: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(big).toMatchObject({ status: 413, code: 413, msg: '请求体过大' });
    const xml = await t.anonymous.call({
      method: 'POST',
      url: '/api/oauth/sendSmsCode',
      headers: { 'content-type': 'application/xml' },
      payload: '<mobile/>',
    });
    expect(xml).toMatchObject({ status: 415, code: 415 });
  });
});
