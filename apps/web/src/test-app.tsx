/**
 * The frame the web tests put around what they render, and the fake server they answer from: only
 * the network boundary is replaced, and every answer passes through `wireResponse` (test-wire.ts).
 */

import type { CurrentUserInfo } from '@platform/shared';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { Providers } from './app/providers.tsx';
import { QueryProvider } from './app/query-client.tsx';
import { useSession } from './shared/session/store.ts';
import type { RouteMeta } from './shared/shell/menu-routes.ts';
import { RouteMetaContext } from './shared/shell/permission.tsx';
import { fakeUserInfo, wireResponse } from './test-wire.ts';

/** The envelope a fake route answers. */
export interface FakeEnvelope {
  code: number;
  msg?: string;
  data?: unknown;
}

/** A request the fake server received. */
export interface FakeRequest {
  url: URL;
  init: RequestInit;
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON object sent, `{}` where the body is none or not one (a form's files). */
  body: Record<string, unknown>;
}

/**
 * Replaces `fetch` for the current test: `answer` gives each request's envelope, sent as the server
 * would send it; a throw is a server that is not there. `vi.unstubAllGlobals` puts `fetch` back.
 */
export function stubServer(answer: (request: FakeRequest) => FakeEnvelope | Promise<FakeEnvelope>) {
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const json = typeof init.body === 'string' && init.body.startsWith('{');
    const body = json ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
    const envelope = await answer({ url, init, method, path: url.pathname, query: url.searchParams, body });
    return wireResponse(method, url, envelope);
  });
}

export type FakeRoute = (url: URL, init: RequestInit) => FakeEnvelope;

/**
 * A fake server answering each path from `routes`, which every test starts empty and fills; an
 * unknown path fails like a server that is not there. `requests` holds what the test sent.
 */
export function fakeServerByPath() {
  const server = { routes: {} as Record<string, FakeRoute>, requests: [] as FakeRequest[] };
  beforeEach(() => {
    server.routes = {};
    server.requests.length = 0;
    stubServer((request) => {
      server.requests.push(request);
      const route = server.routes[request.path];
      if (!route) throw new TypeError('Failed to fetch');
      return route(request.url, request.init);
    });
  });
  afterEach(() => vi.unstubAllGlobals());
  return server;
}

/** Renders `element` inside the app's providers and query client, on the route `meta` where given. */
export function renderInApp(element: ReactNode, { meta }: { meta?: RouteMeta } = {}) {
  return render(
    <Providers>
      <QueryProvider>
        {meta ? <RouteMetaContext.Provider value={meta}>{element}</RouteMetaContext.Provider> : element}
      </QueryProvider>
    </Providers>,
  );
}

/** A signed-in, unlocked session (token `Bearer t1`) of the user `fields` describe: the administrator unless told. */
export function signIn(fields: Partial<CurrentUserInfo> = { userAccount: 'admin', userName: '管理员' }) {
  useSession.setState({ token: 'Bearer t1', userInfo: fakeUserInfo(fields), locked: false });
}
