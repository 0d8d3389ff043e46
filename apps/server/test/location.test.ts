import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * /api/system/Location (widgets.md §7): an adapter for the AMap web service whose key lives in the
 * system configuration, tested against a fake of that service on loopback (mapApiBase points at it).
 */

let t: TestApp;
let admin: Client;
let clerk: Client;
let fake: Server;
let fakeUrl: string;
const seen: URL[] = [];
/** What the fake answers next (AMap's shape: status "1", count as text, empty fields as []). */
let answer: (url: URL) => unknown; // a Buffer is sent as a PNG

const poi = (n: number) => ({
  id: `B0${n}`,
  name: `地点${n}`,
  address: n === 2 ? [] : `路${n}号`,
  location: `118.99${n},25.41${n}`,
  pname: '福建省',
  cityname: '泉州市',
  adname: '永春县',
  distance: String(n * 10),
});

beforeAll(async () => {
  fake = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    seen.push(url);
    const body = answer(url);
    response.setHeader('content-type', Buffer.isBuffer(body) ? 'image/png' : 'application/json');
    response.end(Buffer.isBuffer(body) ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  ({ t, admin } = await adminApp());
  await t.createUser({ account: 'clerk' });
  clerk = await t.signIn('clerk', 'Passw0rd');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  answer = () => ({ status: '1', info: 'OK', count: '2', pois: [poi(1), poi(2)] });
});

const configure = (settings: Record<string, string>) => t.app.sysConfig.update(settings);

describe('location searches through the configured map service', () => {
  test('without a key the caller is told what to configure, in their language', async () => {
    await configure({ mapServiceKey: '', mapApiBase: fakeUrl });
    const reply = await clerk.get('/api/system/Location/around', { location: '118.990923,25.416422' });
    expect(reply).toMatchObject({ code: 400, msg: '请先在系统配置的“地图服务”中填写地图服务密钥' });
    expect(seen).toEqual([]);
  });

  test('around: the key, point, page size 50 and page go to the service; places come back in the widget shape', async () => {
    await configure({ mapServiceKey: 'k-123', mapApiBase: fakeUrl });
    const reply = await clerk.get<{ pois: unknown[]; count: number }>('/api/system/Location/around', {
      location: '118.990923,25.416422',
      radius: '-1',
      offset: '50',
      page: '2',
    });
    expect(reply.code).toBe(200);
    expect(reply.data?.count).toBe(2);
    expect(reply.data?.pois[1]).toEqual({
      id: 'B02',
      name: '地点2',
      address: '',
      location: '118.992,25.412',
      pname: '福建省',
      cityname: '泉州市',
      adname: '永春县',
      distance: '20',
    });
    const sent = seen[0];
    expect(sent?.pathname).toBe('/v3/place/around');
    expect(Object.fromEntries(sent?.searchParams ?? [])).toMatchObject({
      key: 'k-123',
      location: '118.990923,25.416422',
      offset: '50',
      page: '2',
    });
    // radius -1: the service's own default, not sent.
    expect(sent?.searchParams.has('radius')).toBe(false);
  });

  test('text: by keyword anywhere, or within the fine-tune radius of a point; inputtips suggests', async () => {
    await configure({ mapServiceKey: 'k-123', mapApiBase: fakeUrl });
    const found = await clerk.get<{ pois: { name: string }[]; count: number }>('/api/system/Location/text', {
      keywords: '桃城',
      radius: '-1',
    });
    expect(found).toMatchObject({ code: 200, data: { count: 2 } });
    expect(found.data?.pois.map((p) => p.name)).toEqual(['地点1', '地点2']);
    expect(seen.at(-1)?.pathname).toBe('/v3/place/text');
    expect(seen.at(-1)?.searchParams.get('keywords')).toBe('桃城');
    await clerk.get('/api/system/Location/text', { keywords: '桃城', location: '118.99,25.41', radius: '500' });
    expect(seen.at(-1)?.pathname).toBe('/v3/place/around');
    expect(seen.at(-1)?.searchParams.get('radius')).toBe('500');

    answer = () => ({
      status: '1',
      tips: [
        { ...poi(3), district: '福建省泉州市永春县' },
        { name: '无坐标', location: [] },
      ],
    });
    const tips = await clerk.get<{ tips: { name: string; adname: string }[] }>('/api/system/Location/inputtips', {
      keywords: '地点',
    });
    expect(tips.data?.tips).toEqual([expect.objectContaining({ name: '地点3', adname: '福建省泉州市永春县' })]);
  });

  test('a refusal of the service is a 400 naming its reason; bad input changes nothing and is refused', async () => {
    await configure({ mapServiceKey: 'bad', mapApiBase: fakeUrl });
    answer = () => ({ status: '0', info: 'INVALID_USER_KEY' });
    expect(await admin.get('/api/system/Location/around', { location: '118.99,25.41' })).toMatchObject({
      code: 400,
      msg: '地图服务调用失败：INVALID_USER_KEY',
    });
    seen.length = 0;
    const wrong = await admin.get<unknown>('/api/system/Location/around', { location: 'here' });
    expect(wrong).toMatchObject({ code: 400, msg: '字段 location 格式不正确' });
    expect(await admin.get('/api/system/Location/text', { keywords: '' })).toMatchObject({
      code: 400,
      msg: '缺少必填字段 keywords',
    });
    expect(seen).toEqual([]);
  });

  test('staticmap: a PNG of the map around a point, as a data URL; the zoom kept in range, the size bounded', async () => {
    await configure({ mapServiceKey: 'k-123', mapApiBase: fakeUrl });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    answer = () => png;
    const map = await clerk.get<{ image: string }>('/api/system/Location/staticmap', {
      location: '118.990923,25.416422',
      zoom: '16',
      size: '568*240',
    });
    expect(map).toMatchObject({ code: 200, data: { image: `data:image/png;base64,${png.toString('base64')}` } });
    expect(seen.at(-1)?.pathname).toBe('/v3/staticmap');
    expect(Object.fromEntries(seen.at(-1)?.searchParams ?? [])).toMatchObject({
      key: 'k-123',
      location: '118.990923,25.416422',
      zoom: '16',
      size: '568*240',
    });
    await clerk.get('/api/system/Location/staticmap', { location: '118.99,25.41', zoom: '40', size: '80*80' });
    expect(seen.at(-1)?.searchParams.get('zoom')).toBe('19');

    seen.length = 0;
    expect(
      await clerk.get('/api/system/Location/staticmap', { location: '118.99,25.41', size: '5000*80' }),
    ).toMatchObject({ code: 400, msg: '地图图片的宽和高最多为1024像素' });
    expect(await clerk.get('/api/system/Location/staticmap', { location: '118.99,25.41', size: 'big' })).toMatchObject({
      code: 400,
      msg: '字段 size 格式不正确',
    });
    expect(seen).toEqual([]);

    answer = () => ({ status: '0', info: 'DAILY_QUERY_OVER_LIMIT' });
    expect(
      await clerk.get('/api/system/Location/staticmap', { location: '118.99,25.41', size: '80*80' }),
    ).toMatchObject({ code: 400, msg: '地图服务调用失败：DAILY_QUERY_OVER_LIMIT' });
  });

  test('the key is a secret of the configuration page: the public view leaves it out', async () => {
    await configure({ mapServiceKey: 'k-secret', mapApiBase: fakeUrl });
    const view = await clerk.get<Record<string, unknown>>('/api/system/SysConfig');
    expect(view.data).not.toHaveProperty('mapServiceKey');
  });
});
