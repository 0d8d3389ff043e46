import type { MessageTemplateInfo, SendMessageConfigInfo } from '@platform/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { QueryProvider, queryClient } from '../../../app/query-client.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { signIn, stubServer } from '../../../test-app.tsx';
import { fakeMessageTemplate } from '../../../test-wire.ts';
import { TestSendDialog } from './TestSendDialog.tsx';

const template = (id: string, fields: Partial<MessageTemplateInfo>) => fakeMessageTemplate({ ...fields, id });
const inApp = template('t1', {
  fullName: '审批通知',
  templateParamList: [
    { field: 'name', fieldName: '姓名' },
    { field: 'code', fieldName: '单号' },
  ],
});
const mail = template('t2', {
  fullName: '审批邮件',
  messageType: '2',
  templateParamList: [{ field: 'name', fieldName: 'name' }],
});

const config: SendMessageConfigInfo = {
  id: 'c1',
  fullName: '审批结果',
  enCode: 'approveResult',
  templateType: 0,
  messageSource: null,
  enabledMark: 1,
  sortCode: 0,
  description: null,
  sendConfigTemplateList: [
    { id: 'ch1', messageType: '1', templateId: 't1', enabledMark: 1 },
    { id: 'ch2', messageType: '2', templateId: 't2', enabledMark: 1 },
  ],
  creatorTime: 0,
  lastModifyTime: null,
};

const sent: { path: string; body: unknown }[] = [];
const answers: Record<string, unknown> = {
  'GET /api/message/MessageTemplateConfig': {
    list: [inApp, mail].map(({ templateParamList: _p, smsFieldList: _s, content: _c, ...row }) => ({
      ...row,
      creatorUser: null,
    })),
    pagination: { currentPage: 1, pageSize: 500, total: 2 },
  },
  'GET /api/message/MessageTemplateConfig/t1': inApp,
  'GET /api/message/MessageTemplateConfig/t2': mail,
  'POST /api/permission/Users/getUserList': {
    list: [
      {
        id: 'u-admin',
        account: 'admin',
        realName: '管理员',
        fullName: '管理员/admin',
        headIcon: '',
        gender: '',
        organize: '',
      },
    ],
  },
  'POST /api/message/SendMessageConfig/c1/Actions/Send': {
    sent: 1,
    recorded: 0,
    failed: 1,
    queued: 1,
    channels: [
      { messageType: '1', templateId: 't1', isSuccess: true, sent: 1, recorded: 0, failed: 0, queued: 0, result: null },
      { messageType: '2', templateId: 't2', isSuccess: true, sent: 0, recorded: 0, failed: 0, queued: 1, result: null },
      {
        messageType: '2',
        templateId: 't2',
        isSuccess: false,
        sent: 0,
        recorded: 0,
        failed: 1,
        queued: 0,
        result: '消息模板不存在或已禁用：t2',
      },
    ],
  },
};

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});
beforeEach(() => {
  sent.length = 0;
  queryClient.clear();
  signIn();
  stubServer(({ method, path, body }) => {
    if (method === 'POST') sent.push({ path, body });
    const key = `${method} ${path}`;
    return key in answers ? { code: 200, msg: '发送成功', data: answers[key] } : { code: 404 };
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('测试发送', { timeout: 20_000 }, () => {
  test("asks for every template's parameters once, sends to the signed-in user, shows each channel's outcome", async () => {
    const types = new Map([
      ['1', '站内消息'],
      ['2', '邮件'],
    ]);
    render(
      <Providers>
        <QueryProvider>
          <TestSendDialog config={config} types={types} onClose={() => {}} />
        </QueryProvider>
      </Providers>,
    );
    const box = (await screen.findByText('测试发送 - 审批结果')).closest('.ant-modal') as HTMLElement;
    await within(box).findByText('管理员/admin');
    // name is asked once, under the name the in-app template gives it.
    fireEvent.change(await within(box).findByLabelText('姓名'), { target: { value: '张三' } });
    expect(within(box).getAllByLabelText(/姓名|name/)).toHaveLength(1);
    fireEvent.click(within(box).getByRole('button', { name: /发\s*送/ }));

    const result = await within(box).findByRole('region', { name: '发送结果' });
    // An empty parameter is left out, so its {code} stays visible in what arrives.
    expect(sent.at(-1)).toEqual({
      path: '/api/message/SendMessageConfig/c1/Actions/Send',
      body: { toUserIds: ['u-admin'], paramMap: { name: '张三' } },
    });
    const lines = within(result).getAllByRole('listitem');
    expect(lines[0]?.textContent).toContain('成功');
    expect(lines[0]?.textContent).toContain('站内消息 · 审批通知');
    expect(lines[0]?.textContent).toContain('已发送 1，已记录 0，失败 0，排队 0');
    // An e-mail goes in the outbox: the answer says it is queued, the send log says how it went.
    expect(lines[1]?.textContent).toContain('成功');
    expect(lines[1]?.textContent).toContain('排队 1');
    expect(lines[1]?.textContent).toContain('后台发送，失败会重试');
    expect(lines[2]?.textContent).toContain('失败');
    expect(lines[2]?.textContent).toContain('邮件 · 审批邮件');
    await waitFor(() => expect(lines[2]?.textContent).toContain('消息模板不存在或已禁用：t2'));
  });
});
