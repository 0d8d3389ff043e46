import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { parseFiles } from '../../shared/attachments.ts';
import { i18n } from '../../shared/i18n/index.ts';
import { ToastProvider } from '../../shared/toast.tsx';
import { MessageBell } from './components/MessageBell.tsx';
import { entrustFlowType, messageTarget } from './message-route.ts';
import { badgeMax, badgeText, useMessageUnread } from './unread-store.ts';

describe('badge (shell.md §9: maximum shown 99)', () => {
  test.each([
    [0, ''],
    [-3, ''],
    [1, '1'],
    [98, '98'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
  ])('%i unread shows "%s"', (count, shown) => {
    expect(badgeText(count)).toBe(shown);
  });
  test('the cap is 99', () => expect(badgeMax).toBe(99));
});

describe('unread count from socket frames', () => {
  beforeEach(() => useMessageUnread.setState({ unread: 0, pushes: 0 }));
  test('initMessage: notices plus other messages', () => {
    useMessageUnread.getState().onFrame({ method: 'initMessage', unreadNoticeCount: 2, unreadMessageCount: 5 });
    expect(useMessageUnread.getState().unread).toBe(7);
  });
  test('messagePush: the pushed total, and open lists are told to reload', () => {
    useMessageUnread.getState().onFrame({ method: 'messagePush', unreadNoticeCount: 120, title: 'x' });
    expect(useMessageUnread.getState()).toMatchObject({ unread: 120, pushes: 1 });
  });
  test('messagePush without a count adds one', () => {
    useMessageUnread.setState({ unread: 3 });
    useMessageUnread.getState().onFrame({ method: 'messagePush' });
    expect(useMessageUnread.getState().unread).toBe(4);
  });
});

describe('the bell', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-CN');
    await i18n.loadNamespaces('shell');
  });
  test('shows 99+ for more than 99 unread', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    vi.stubGlobal(
      'WebSocket',
      class {
        readyState = 0;
        onopen = null;
        onmessage = null;
        onclose = null;
        onerror = null;
        send() {}
        close() {}
      },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <MessageBell />
        </ToastProvider>
      </QueryClientProvider>,
    );
    act(() => useMessageUnread.setState({ unread: 150 }));
    expect(await screen.findByText('99+')).toBeTruthy();
    act(() => useMessageUnread.setState({ unread: 42 }));
    expect(screen.getByRole('button').getAttribute('aria-label')).toContain('42');
    vi.unstubAllGlobals();
  });
});

describe('where a message leads (shell.md §2.7)', () => {
  test('a flow message opens /workFlowDetail with its body as Base64 config', () => {
    const body = '{"id":"1","title":"请假"}';
    const target = messageTarget({ type: 2, flowType: 1, bodyText: body });
    expect(target.kind).toBe('navigate');
    const to = target.kind === 'navigate' ? target.to : '';
    expect(to.startsWith('/workFlowDetail?config=')).toBe(true);
    const config = decodeURIComponent(to.split('config=')[1] ?? '');
    expect(new TextDecoder().decode(Uint8Array.from(atob(config), (c) => c.charCodeAt(0)))).toBe(body);
  });
  test('a flow-entrust message opens /workFlow/entrust?config={type}', () => {
    expect(messageTarget({ type: 2, flowType: entrustFlowType, bodyText: '{"type":3}' })).toEqual({
      kind: 'navigate',
      to: '/workFlow/entrust?config=3',
    });
  });
  test('a schedule message opens the schedule detail with type, id and groupId', () => {
    expect(messageTarget({ type: 4, flowType: null, bodyText: '{"type":2,"id":"9","groupId":"8"}' })).toEqual({
      kind: 'schedule',
      id: '9',
      groupId: '8',
      type: 2,
    });
  });
  test('system and notice messages, and unreadable bodies, open the detail dialog', () => {
    expect(messageTarget({ type: 3, flowType: null, bodyText: '<p>x</p>' })).toEqual({ kind: 'detail' });
    expect(messageTarget({ type: 4, flowType: null, bodyText: 'oops' })).toEqual({ kind: 'detail' });
  });
  test('attachments: only named files with a local or http(s) address', () => {
    expect(
      parseFiles(
        JSON.stringify([
          { name: 'a.pdf', url: '/api/file/a' },
          { name: 'x', url: 'javascript:alert(1)' },
          { fullName: 'b.doc', fileUrl: 'https://h/b' },
          'junk',
        ]),
      ),
    ).toEqual([
      { name: 'a.pdf', url: '/api/file/a', fileSize: undefined },
      { name: 'b.doc', url: 'https://h/b', fileSize: undefined },
    ]);
    expect(parseFiles('not json')).toEqual([]);
  });
});
