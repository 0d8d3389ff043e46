import { type Envelope, ResultCode, sessionEndingCodes } from '@platform/shared';
import { i18n } from '../i18n/index.ts';
import { getToken, useSession } from '../session/store.ts';

/**
 * THE request layer (shell.md §7 "Shared request rules", §8, protocol.md): every call carries
 * `jnpf-origin: pc`, the token as issued, and the `n` timestamp; GET data travels as query
 * parameters; the `{code, msg, data}` envelope is unwrapped here and only here.
 */

export type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface RequestOptions {
  /** Milliseconds before the call is abandoned; defaults to `httpSettings.timeout`. */
  timeout?: number;
  /** Return the whole body without checking `code` (data-source test, online-dev config, portal auth). */
  raw?: boolean;
  /** Resolve with the whole `{code, msg, data}` envelope (after the usual checks), to show `msg`. */
  envelope?: boolean;
  /** Do not toast errors: the caller shows its own message. */
  silent?: boolean;
  /**
   * Codes 600/601/602 answered to this call do not end the session (the login and lock-screen
   * calls, where such a code is just a failed attempt).
   */
  keepSession?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Rejection of every failed call: `body` is the server's envelope when there was one. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly body?: Envelope<unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Code of a call that never got an envelope back (network down, timeout, not JSON). */
export const networkErrorCode = -1;

type Toast = (text: string, durationSeconds: number) => void;

export const httpSettings = {
  /** shell.md §9: the timeout is configuration; 60 s unless the app says otherwise. */
  timeout: 60_000,
  /** Shows an error toast; the app replaces it with antd's context-aware `message.error`. */
  toastError: ((text) => console.error(text)) as Toast,
  /** Sends the browser to the login page; the app replaces it with the router's navigate. */
  goToLogin: (redirect: string) => {
    window.location.assign(`/login?redirect=${encodeURIComponent(redirect)}`);
  },
};

export function configureHttp(settings: Partial<typeof httpSettings>): void {
  Object.assign(httpSettings, settings);
}

/** Calls that may answer 600/601/602 without it meaning "your session is over". */
const sessionExemptPaths = ['/api/oauth/Login', '/api/oauth/LockScreen'];

const errorToastSeconds = 1.5;

export function buildUrl(url: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  params.set('n', String(Date.now()));
  return `${url}${url.includes('?') ? '&' : '?'}${params.toString()}`;
}

function endSession(sentToken: string): void {
  // Several calls in flight fail together: the first resets the session and redirects; the others
  // find the token they were sent with already gone (or replaced by a new login) and stop.
  if (getToken() !== sentToken) return;
  useSession.getState().reset();
  const { pathname, search } = window.location;
  if (pathname.startsWith('/login')) return;
  httpSettings.goToLogin(`${pathname}${search}`);
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  init: { query?: Query; body?: BodyInit; contentType?: string },
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { 'jnpf-origin': 'pc', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = token;
  if (init.contentType) headers['Content-Type'] = init.contentType;

  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    options.timeout ?? httpSettings.timeout,
  );

  const fail = (message: string, code: number, body?: Envelope<unknown>): never => {
    if (!options.silent) httpSettings.toastError(message, errorToastSeconds);
    throw new HttpError(message, code, body);
  };

  let body: unknown;
  let status: number;
  try {
    const response = await fetch(buildUrl(url, init.query), {
      method,
      headers,
      body: init.body ?? null,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    status = response.status;
    body = await response.json().catch(() => undefined);
  } catch (error) {
    // A caller that cancels on purpose (leaving a page) wants no toast.
    if (options.signal?.aborted) throw error;
    return fail(i18n.t('common:requestError'), networkErrorCode);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  if (!isEnvelope(body)) {
    if (status === 401) endSessionUnlessExempt(url, options, token);
    return fail(i18n.t('common:requestError'), status === 401 ? ResultCode.tokenInvalid : networkErrorCode);
  }
  if (options.raw) return body as T;
  if (body.code === ResultCode.ok) return (options.envelope ? body : body.data) as T;

  if (sessionEndingCodes.includes(body.code) || status === 401) endSessionUnlessExempt(url, options, token);
  return fail(body.msg || i18n.t('common:requestError'), body.code, body);
}

function endSessionUnlessExempt(url: string, options: RequestOptions, sentToken: string): void {
  if (options.keepSession || sessionExemptPaths.some((path) => url.startsWith(path))) return;
  endSession(sentToken);
}

const json = (data: unknown) =>
  data === undefined ? {} : { body: JSON.stringify(data), contentType: 'application/json;charset=UTF-8' };

export const http = {
  get: <T>(url: string, query?: Query, options?: RequestOptions) => request<T>('GET', url, { query }, options),
  post: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>('POST', url, json(data), options),
  put: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>('PUT', url, json(data), options),
  delete: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>('DELETE', url, json(data), options),
  /** `multipart/form-data` (an import's file and fields); the browser writes the boundary. */
  postMultipart: <T>(url: string, data: FormData, options?: RequestOptions) =>
    request<T>('POST', url, { body: data }, options),
  /** One file as the multipart field `file`, under `name` (an upload to the file service). */
  postFile: <T>(url: string, file: Blob, name: string, options?: RequestOptions) => {
    const form = new FormData();
    form.append('file', file, name);
    return request<T>('POST', url, { body: form }, options);
  },
  /** `application/x-www-form-urlencoded`, as the login call wants it. */
  postForm: <T>(url: string, data: Record<string, string | number | undefined>, options?: RequestOptions) => {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(data)) if (value !== undefined) form.append(key, String(value));
    return request<T>(
      'POST',
      url,
      { body: form.toString(), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' },
      options,
    );
  },
};
