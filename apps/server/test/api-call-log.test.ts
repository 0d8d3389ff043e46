import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { testApp } from './helpers/test-app.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'api-call-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('API_CALL_LOG records each call as route, status, envelope code and answer shape, without values', async () => {
  const file = path.join(dir, 'calls.log');
  const t = await testApp({ apiCallLog: file });
  const admin = await t.signIn();
  await admin.get('/api/permission/Role', { keyword: 'no-such-role-xyz' });
  await admin.get('/api/permission/Users/nonexistent-id');
  await t.app.close();

  const lines = readFileSync(file, 'utf8').trim().split('\n');
  expect(lines).toContain('GET /api/permission/Role http=200 code=200 data={list,pagination}');
  expect(lines.some((l) => l.startsWith('POST /api/oauth/Login http=200 code=200 data={'))).toBe(true);
  expect(lines.some((l) => l.startsWith('GET /api/permission/Users/:id http=200 code=400'))).toBe(true);
  expect(lines.join('\n')).not.toContain('no-such-role-xyz');
});
