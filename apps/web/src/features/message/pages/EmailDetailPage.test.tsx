import type { EmailInfo } from '@platform/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { QueryProvider, queryClient } from '../../../app/query-client.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { i18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { fakeUserInfo, wireResponse } from '../../../test-wire.ts';
import EmailDetailPage from './EmailDetailPage.tsx';

const sentAt = Date.UTC(2026, 10, 29, 2, 3, 4);
const mail: EmailInfo = {
  id: 'm1',
  subject: '张三 的请假已批准',
  sender: 'notice@platform.test',
  senderName: '平台通知',
  recipient: 'alice@example.test',
  mAccount: 'alice@example.test',
  toUserName: '爱丽丝/alice',
  creatorTime: sentAt,
  fdate: sentAt,
  cc: null,
  bcc: null,
  attachment: null,
  bodyText: '<p>单号 <b>QJ-2026-0001</b></p>',
  status: 'sent',
  error: null,
};
const paths: string[] = [];

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(['message']);
});
beforeEach(() => {
  paths.length = 0;
  queryClient.clear();
  useSession.setState({ token: 'Bearer t1', userInfo: fakeUserInfo({}), locked: false });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    paths.push(url.pathname);
    const found = url.pathname === '/api/extend/Email/m1';
    return wireResponse(
      init.method ?? 'GET',
      url,
      found ? { code: 200, data: mail } : { code: 400, msg: '数据不存在' },
    );
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (path: string) =>
  render(
    <Providers>
      <QueryProvider>
        <MemoryRouter initialEntries={[path]}>
          <EmailDetailPage />
        </MemoryRouter>
      </QueryProvider>
    </Providers>,
  );

describe('/emailDetail (shell.md 2.2 "view a mail")', () => {
  test('shows the subject, sender, time, recipient by name and the HTML body of the mail in ?id=', async () => {
    open('/emailDetail?id=m1');
    expect(await screen.findByRole('heading', { name: '张三 的请假已批准' })).toBeTruthy();
    expect(paths).toEqual(['/api/extend/Email/m1']);
    expect(screen.getByText('平台通知 <notice@platform.test>')).toBeTruthy();
    expect(screen.getByText(formatDateTime(sentAt))).toBeTruthy();
    expect(screen.getByText('爱丽丝/alice <alice@example.test>')).toBeTruthy();
    expect(screen.getByText('已发送')).toBeTruthy();
    expect(screen.getByText('QJ-2026-0001').tagName).toBe('B');
  });

  test('without an id it says where mails are opened from, and asks nothing', async () => {
    open('/emailDetail');
    expect(await screen.findByText('未指定邮件：请从发送记录打开')).toBeTruthy();
    expect(paths).toEqual([]);
  });
});
