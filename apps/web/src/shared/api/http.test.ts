import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeUserInfo } from '../../test-wire.ts';
import { i18n } from '../i18n/index.ts';
import { useSession } from '../session/store.ts';
import { configureHttp, HttpError, http, networkErrorCode } from './http.ts';

type Call = { url: URL; init: RequestInit };
let calls: Call[] = [];
let answer: () => Promise<Response>;
const toasts: { text: string; seconds: number }[] = [];
const logins: string[] = [];

const reply =
  (body: unknown, status = 200) =>
  () =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});

beforeEach(() => {
  calls = [];
  toasts.length = 0;
  logins.length = 0;
  // The network boundary is the only thing replaced: everything above fetch is the real layer.
  vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
    calls.push({ url: new URL(input, 'http://localhost'), init });
    return answer();
  });
  configureHttp({
    toastError: (text, seconds) => toasts.push({ text, seconds }),
    goToLogin: (redirect) => logins.push(redirect),
    timeout: 60_000,
  });
  useSession.setState({ token: '', userInfo: null });
  window.history.replaceState(null, '', '/system/user?tab=2');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const headersOf = (call: Call | undefined) => new Headers(call?.init.headers);

describe('request rules', () => {
  test('GET: data as query parameters, the n timestamp, origin header, no token header when signed out', async () => {
    answer = reply({ code: 200, msg: 'Success', data: { list: [1] } });
    const sentAfter = Date.now();
    await expect(http.get('/api/x', { keyword: '华东', currentPage: 1, skip: undefined })).resolves.toEqual({
      list: [1],
    });
    const [call] = calls;
    expect(call?.init.method).toBe('GET');
    expect(call?.url.pathname).toBe('/api/x');
    expect(call?.url.searchParams.get('keyword')).toBe('华东');
    expect(call?.url.searchParams.get('currentPage')).toBe('1');
    expect(call?.url.searchParams.has('skip')).toBe(false);
    // The cache-breaking n is the time of the call, in milliseconds.
    expect(Number(call?.url.searchParams.get('n'))).toBeGreaterThanOrEqual(sentAfter);
    expect(Number(call?.url.searchParams.get('n'))).toBeLessThanOrEqual(Date.now());
    expect(headersOf(call).get('jnpf-origin')).toBe('pc');
    expect(headersOf(call).has('Authorization')).toBe(false);
  });

  test('the token goes back exactly as issued; POST sends JSON and also carries n', async () => {
    useSession.getState().setToken('Bearer abc.def');
    answer = reply({ code: 200, msg: 'ok' });
    await expect(http.post('/api/y', { a: 1 })).resolves.toBeUndefined();
    const [call] = calls;
    expect(headersOf(call).get('Authorization')).toBe('Bearer abc.def');
    expect(headersOf(call).get('Content-Type')).toMatch(/^application\/json/);
    expect(call?.init.body).toBe('{"a":1}');
    expect(call?.url.searchParams.has('n')).toBe(true);
  });

  test('postForm is form-encoded', async () => {
    answer = reply({ code: 200, msg: 'ok', data: { token: 'Bearer t' } });
    await http.postForm('/api/oauth/Login', { account: 'admin', code: '', skipped: undefined });
    const [call] = calls;
    expect(headersOf(call).get('Content-Type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call?.init.body).toBe('account=admin&code=');
  });
});

describe('errors', () => {
  test('a code other than 200 rejects with the body and toasts msg for 1.5 s', async () => {
    answer = reply({ code: 400, msg: '编码已存在' });
    const error = await http.post('/api/z', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: 400, body: { code: 400, msg: '编码已存在' } });
    expect(toasts).toEqual([{ text: '编码已存在', seconds: 1.5 }]);
    expect(logins).toEqual([]);
  });

  test('no msg: 请求出错，请重试', async () => {
    answer = reply({ code: 500, msg: '' });
    await expect(http.get('/api/z')).rejects.toBeInstanceOf(HttpError);
    expect(toasts[0]?.text).toBe('请求出错，请重试');
  });

  test('network failure: 请求出错，请重试', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(http.get('/api/z')).rejects.toMatchObject({ code: networkErrorCode });
    expect(toasts).toEqual([{ text: '请求出错，请重试', seconds: 1.5 }]);
  });

  test('a body that is not an envelope counts as a failed request', async () => {
    answer = () => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(http.get('/api/z')).rejects.toMatchObject({ code: networkErrorCode });
    expect(toasts[0]?.text).toBe('请求出错，请重试');
  });

  test('a call that outlives the timeout is aborted', async () => {
    answer = () => new Promise(() => {});
    vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
      calls.push({ url: new URL(input, 'http://localhost'), init });
      return new Promise((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    });
    await expect(http.get('/api/slow', undefined, { timeout: 20 })).rejects.toMatchObject({
      code: networkErrorCode,
    });
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    expect(toasts[0]?.text).toBe('请求出错，请重试');
  });

  test('silent calls do not toast', async () => {
    answer = reply({ code: 400, msg: 'x' });
    await expect(http.get('/api/z', undefined, { silent: true })).rejects.toBeInstanceOf(HttpError);
    expect(toasts).toEqual([]);
  });

  test('raw calls get the whole body without the code check', async () => {
    answer = reply({ code: 400, msg: 'x', data: 1 });
    await expect(http.get('/api/visualdev/OnlineDev/1/Config', undefined, { raw: true })).resolves.toEqual({
      code: 400,
      msg: 'x',
      data: 1,
    });
  });
});

describe('envelope option', () => {
  test('success resolves with code, msg and data, so the caller can show msg', async () => {
    answer = reply({ code: 200, msg: '修改成功，请牢记新密码' });
    await expect(http.post('/api/x', {}, { envelope: true })).resolves.toEqual({
      code: 200,
      msg: '修改成功，请牢记新密码',
    });
  });

  test('failures still reject and toast', async () => {
    answer = reply({ code: 400, msg: '旧密码错误' });
    await expect(http.post('/api/x', {}, { envelope: true })).rejects.toMatchObject({ code: 400 });
    expect(toasts[0]?.text).toBe('旧密码错误');
  });
});

describe('codes 600/601/602 end the session', () => {
  test('a locked screen ends with the session', async () => {
    useSession.setState({ token: 'Bearer old', userInfo: null, locked: true });
    answer = reply({ code: 601, msg: '您的帐号在其他地方已登录,被强制踢出' });
    await expect(http.get('/api/oauth/CurrentUser')).rejects.toMatchObject({ code: 601 });
    expect(useSession.getState()).toMatchObject({ token: '', locked: false });
  });

  test.each([600, 601, 602])('%i: token reset, toast, go to /login with the current path', async (code) => {
    useSession.setState({ token: 'Bearer old', userInfo: fakeUserInfo({ userName: 'a' }) });
    answer = reply({ code, msg: '登录过期,请重新登录' });
    await expect(http.get('/api/permission/Users')).rejects.toMatchObject({ code });
    expect(useSession.getState()).toMatchObject({ token: '', userInfo: null });
    expect(toasts[0]?.text).toBe('登录过期,请重新登录');
    expect(logins).toEqual(['/system/user?tab=2']);
  });

  test('not on the login and lock-screen calls', async () => {
    useSession.setState({ token: 'Bearer old', userInfo: null });
    answer = reply({ code: 600, msg: '登录过期,请重新登录' });
    await expect(http.postForm('/api/oauth/Login', { account: 'a' })).rejects.toMatchObject({ code: 600 });
    await expect(http.post('/api/oauth/LockScreen', {})).rejects.toMatchObject({ code: 600 });
    expect(useSession.getState().token).toBe('Bearer old');
    expect(logins).toEqual([]);
  });

  test('already on the login page: the session is reset but there is no second redirect', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2F');
    useSession.setState({ token: 'Bearer old', userInfo: null });
    answer = reply({ code: 602, msg: 'Token验证失败' });
    await expect(http.get('/api/oauth/CurrentUser')).rejects.toMatchObject({ code: 602 });
    expect(useSession.getState().token).toBe('');
    expect(logins).toEqual([]);
  });
});
