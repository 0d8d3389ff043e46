import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { QueryProvider, queryClient } from '../../app/query-client.tsx';
import { i18n } from '../../shared/i18n/index.ts';
import { type FakeRequest, signIn, stubServer } from '../../test-app.tsx';
import { todayRange } from './api.ts';
import { TodayScheduleCard, UnreadMessagesCard } from './pages/HomePage.tsx';

const requests: Pick<FakeRequest, 'path' | 'query'>[] = [];
let answers: Record<string, unknown> = {};
let hold = false;
const emptyPage = { currentPage: 1, pageSize: 5, total: 0 };

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('home');
});
beforeEach(() => {
  requests.length = 0;
  hold = false;
  answers = {};
  queryClient.clear();
  signIn();
  stubServer(({ path, query }) => {
    requests.push({ path, query });
    if (hold) return new Promise(() => undefined);
    const empty = path === '/api/message' ? { list: [], pagination: emptyPage } : { list: [] };
    return { code: 200, data: answers[path] ?? empty };
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderAt = (element: React.ReactNode) =>
  render(
    <Providers>
      <QueryProvider>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route path="/home" element={element} />
            <Route path="/messageRecord" element={<p>message record page</p>} />
            <Route path="/extend/schedule" element={<p>schedule page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryProvider>
    </Providers>,
  );

describe('today', () => {
  test('local midnight to the next midnight', () => {
    const [start, end] = todayRange(new Date(2026, 4, 6, 15, 30));
    expect(start).toBe(new Date(2026, 4, 6).getTime());
    expect(end).toBe(new Date(2026, 4, 7).getTime());
  });
});

describe('unread messages card', () => {
  test('asks for the newest 5 unread and opens the message record on click', async () => {
    answers['/api/message'] = {
      list: [
        {
          id: 'm1',
          title: '请审批报销单',
          type: 1,
          flowType: null,
          isRead: '0',
          releaseUser: 'a',
          releaseTime: 1,
          excerpt: null,
        },
      ],
      pagination: { total: 1, currentPage: 1, pageSize: 5 },
    };
    renderAt(<UnreadMessagesCard />);
    fireEvent.click(await screen.findByText('请审批报销单'));
    expect(await screen.findByText('message record page')).toBeTruthy();
    const call = requests.find((r) => r.path === '/api/message');
    expect(call?.query.get('isRead')).toBe('0');
    expect(call?.query.get('pageSize')).toBe('5');
    expect(call?.query.get('currentPage')).toBe('1');
  });

  test('empty state', async () => {
    answers['/api/message'] = { list: [], pagination: { total: 0, currentPage: 1, pageSize: 5 } };
    renderAt(<UnreadMessagesCard />);
    expect(await screen.findByText('暂无未读消息')).toBeTruthy();
  });

  test('loading state', async () => {
    hold = true;
    renderAt(<UnreadMessagesCard />);
    await waitFor(() => expect(document.querySelector('.ant-spin')).toBeTruthy());
  });
});

describe("today's schedule card", () => {
  test('lists today in time order and opens the schedule page', async () => {
    const [start, end] = todayRange();
    answers['/api/system/Schedule'] = {
      list: [
        {
          id: 'b',
          groupId: 'g',
          title: '下午评审',
          category: null,
          urgent: 1,
          color: null,
          allDay: false,
          startDay: start + 14 * 3600_000,
          endDay: start + 15 * 3600_000,
          repetition: '1',
          creatorUserId: null,
        },
        {
          id: 'a',
          groupId: 'g',
          title: '晨会',
          category: null,
          urgent: 1,
          color: null,
          allDay: false,
          startDay: start + 9 * 3600_000,
          endDay: start + 9.5 * 3600_000,
          repetition: '1',
          creatorUserId: null,
        },
      ],
    };
    renderAt(<TodayScheduleCard />);
    await screen.findByText('晨会');
    const titles = Array.from(document.querySelectorAll('.home-row-title'), (n) => n.textContent);
    expect(titles).toEqual(['晨会', '下午评审']);
    expect(screen.getByText('09:00 - 09:30')).toBeTruthy();
    const call = requests.find((r) => r.path === '/api/system/Schedule');
    expect(call?.query.get('startTime')).toBe(String(start));
    expect(call?.query.get('endTime')).toBe(String(end));
    fireEvent.click(screen.getByText('晨会'));
    expect(await screen.findByText('schedule page')).toBeTruthy();
  });

  test('empty state', async () => {
    renderAt(<TodayScheduleCard />);
    expect(await screen.findByText('今日暂无日程')).toBeTruthy();
  });
});
