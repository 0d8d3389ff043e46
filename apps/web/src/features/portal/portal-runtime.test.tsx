import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { QueryProvider, queryClient } from '../../app/query-client.tsx';
import { i18n } from '../../shared/i18n/index.ts';
import { useSession } from '../../shared/session/store.ts';
import { fakeUserInfo, wireResponse } from '../../test-wire.ts';
import { PortalRuntime } from './components/PortalRuntime.tsx';
import { addCard, readFormData, updateCard, writeFormData } from './layout.ts';

let design = readFormData('');
design = addCard(design, 'text', '欢迎');
design = updateCard(design, 'card1', {
  option: { defaultValue: '今天也要加油' },
  card: { linkType: '1', urlAddress: 'extend/schedule' },
});
design = addCard(design, 'todo', '流程统计');
design = addCard(design, 'notice', '公告');

const notices = [
  {
    id: 'm9',
    fullName: '五一放假安排',
    category: '通知',
    excerpt: '',
    coverImage: '',
    creatorTime: Date.UTC(2026, 3, 20, 2),
    releaseTime: Date.UTC(2026, 3, 21, 2),
  },
];

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('portal');
});
beforeEach(() => {
  queryClient.clear();
  useSession.setState({ token: 'Bearer t1', userInfo: fakeUserInfo({ portalId: 'p1' }), locked: false });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    // The workflow's dashboard is another branch's: until it exists the server answers 404.
    if (url.pathname === '/api/visualdev/Dashboard/Notice')
      return wireResponse('POST', url, { code: 200, data: { list: notices } });
    if (url.pathname.startsWith('/api/visualdev/Dashboard/')) return new Response('not found', { status: 404 });
    const auth = {
      id: 'p1',
      fullName: '经营门户',
      type: 0,
      linkType: 0,
      customUrl: '',
      enabledLock: 0,
      formData: writeFormData(design),
      custom: false,
    };
    return wireResponse(init?.method ?? 'GET', url, { code: 200, data: auth });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('a portal draws its cards; a missing dashboard leaves the flow counts at 0; a card link opens its page', async () => {
  render(
    <Providers>
      <QueryProvider>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route path="/home" element={<PortalRuntime portalId="p1" />} />
            <Route path="/extend/schedule" element={<p>schedule page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryProvider>
    </Providers>,
  );
  expect(await screen.findByText('今天也要加油')).toBeTruthy();
  const counts = await screen.findByRole('region', { name: '流程统计' });
  expect(counts.textContent).toContain('待我审批');
  expect(counts.textContent?.match(/0/g)?.length).toBe(3);
  fireEvent.click(screen.getByRole('button', { name: '更多' }));
  expect(await screen.findByText('schedule page')).toBeTruthy();
});

test('the notice card lists the released notices the viewer received, with their kind, and opens the message record', async () => {
  render(
    <Providers>
      <QueryProvider>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route path="/home" element={<PortalRuntime portalId="p1" />} />
            <Route path="/messageRecord" element={<p>message record page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryProvider>
    </Providers>,
  );
  const card = await screen.findByRole('region', { name: '公告' });
  const notice = await within(card).findByRole('button', { name: /五一放假安排/ });
  expect(notice.textContent).toBe('通知五一放假安排');
  expect(card.textContent).toContain('2026-04-21');
  fireEvent.click(notice);
  expect(await screen.findByText('message record page')).toBeTruthy();
});
