import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { QueryProvider, queryClient } from '../../../app/query-client.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { stubServer } from '../../../test-app.tsx';
import { fakeMessageTemplate } from '../../../test-wire.ts';
import { mappingFor, type TemplateMapping, TemplateParamMapping } from './TemplateParamMapping.tsx';

/**
 * A node event's "custom" message (`on` 1): the send configuration's templates are listed with
 * their parameters, and each parameter is mapped to a form field or a system value, kept as
 * `templateJson[{templateId, paramJson[{field, relationField}]}]` (what the server reads).
 */

const now = Date.now();
const config = {
  id: 'cfg1',
  fullName: '流程通知',
  enCode: 'flowNotice',
  templateType: 0,
  messageSource: '2',
  enabledMark: 1,
  sortCode: 0,
  description: null,
  sendConfigTemplateList: [
    { id: 'c1', messageType: '1', templateId: 't-inapp', enabledMark: 1 },
    { id: 'c2', messageType: '2', templateId: 't-mail', enabledMark: 1 },
    { id: 'c3', messageType: '3', templateId: 't-sms-off', enabledMark: 0 },
  ],
  creatorTime: now,
  lastModifyTime: null,
};
const template = (id: string, fullName: string, params: { field: string; fieldName: string }[]) =>
  fakeMessageTemplate({ id, fullName, messageSource: '2', templateParamList: params, creatorTime: now });
const templates: Record<string, ReturnType<typeof template>> = {
  't-inapp': template('t-inapp', '站内通知', [
    { field: 'who', fieldName: '审批人' },
    { field: 'amount', fieldName: '金额' },
  ]),
  't-mail': template('t-mail', '邮件通知', [{ field: 'flow', fieldName: '流程' }]),
};
const entry = (id: string, fullName: string) => ({
  id: `d${id}`,
  enCode: id,
  fullName,
  parentId: '0',
  hasChildren: false,
  children: [],
});
/** The channels' names come from the msgSendType dictionary. */
const dictionaries = {
  list: [
    {
      id: 'msgSendType',
      enCode: 'msgSendType',
      fullName: '发送方式',
      isTree: 0,
      dictionaryList: [entry('1', '站内信'), entry('2', '邮件'), entry('3', '短信')],
    },
  ],
};
const requested: string[] = [];

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('workflow');
});
beforeEach(() => {
  requested.length = 0;
  queryClient.clear();
  stubServer(({ path }) => {
    requested.push(path);
    const id = path.split('/').at(-1) ?? '';
    const data = path.startsWith('/api/message/SendMessageConfig/')
      ? config
      : path.startsWith('/api/message/MessageTemplateConfig/')
        ? templates[id]
        : dictionaries;
    return { code: 200, data };
  });
});
afterEach(() => vi.unstubAllGlobals());

const fields = [
  { vModel: 'amount', label: '报销金额', jnpfKey: 'inputNumber' },
  { vModel: 'reason', label: '事由', jnpfKey: 'input' },
];

let saved: TemplateMapping | undefined;
function Harness({ initial }: { initial?: TemplateMapping }) {
  const [value, setValue] = useState<TemplateMapping | undefined>(initial);
  return (
    <TemplateParamMapping
      msgId="cfg1"
      fields={fields}
      label="节点同意"
      value={value}
      onChange={(next) => {
        saved = next;
        setValue(next);
      }}
    />
  );
}
const mount = (initial?: TemplateMapping) =>
  render(
    <Providers>
      <QueryProvider>
        <Harness {...(initial ? { initial } : {})} />
      </QueryProvider>
    </Providers>,
  );
const pickerOf = (template: string, param: string) =>
  screen.findByRole('combobox', { name: `节点同意 ${template} 参数 ${param}` });
/** What a picker shows as chosen (antd puts the label in the title of its content). */
const shown = (picker: HTMLElement) => picker.closest('.ant-select-content')?.getAttribute('title') ?? undefined;
/** Opens the picker, searches as a user types, and clicks the option. */
const choose = async (template: string, param: string, option: string) => {
  const picker = await pickerOf(template, param);
  fireEvent.mouseDown(picker);
  fireEvent.change(picker, { target: { value: option } });
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options.at(-1) as HTMLElement);
  await waitFor(() => expect(shown(picker)).toBe(option));
};

describe('template parameter mapping', () => {
  test('lists the switched-on templates with their parameters; each maps to a form field or a system value', async () => {
    saved = undefined;
    mount();
    expect(await screen.findByText('站内通知（站内信）')).toBeTruthy();
    expect(await screen.findByText('邮件通知（邮件）')).toBeTruthy();
    // The switched-off SMS channel's template is neither fetched nor shown.
    expect(requested).not.toContain('/api/message/MessageTemplateConfig/t-sms-off');
    expect(screen.getByText('审批人')).toBeTruthy();
    await choose('站内通知', 'who', '当前操作人');
    await choose('站内通知', 'amount', '报销金额');
    await choose('邮件通知', 'flow', '流程名称');
    await waitFor(() =>
      expect(saved).toEqual([
        {
          templateId: 't-inapp',
          msgTemplateName: '站内通知',
          paramJson: [
            { field: 'who', fieldName: '审批人', relationField: '@flowOperatorUserName' },
            { field: 'amount', fieldName: '金额', relationField: 'amount' },
          ],
        },
        {
          templateId: 't-mail',
          msgTemplateName: '邮件通知',
          paramJson: [{ field: 'flow', fieldName: '流程', relationField: '@flowFullName' }],
        },
      ]),
    );
  });

  test('a stored mapping shows as chosen and is kept when another parameter changes', async () => {
    saved = undefined;
    mount([
      { templateId: 't-inapp', paramJson: [{ field: 'amount', relationField: 'amount' }] },
      { templateId: 't-gone', paramJson: [{ field: 'x', relationField: 'reason' }] },
    ]);
    const amount = await pickerOf('站内通知', 'amount');
    await waitFor(() => expect(shown(amount)).toBe('报销金额'));
    expect(shown(await pickerOf('站内通知', 'who'))).toBeUndefined();
    await choose('站内通知', 'who', '发起人');
    await waitFor(() =>
      expect(saved?.map((m) => [m.templateId, m.paramJson?.map((p) => [p.field, p.relationField])])).toEqual([
        [
          't-inapp',
          [
            ['who', '@launchUserName'],
            ['amount', 'amount'],
          ],
        ],
        ['t-mail', [['flow', undefined]]],
      ]),
    );
  });
});

describe('mappingFor', () => {
  test('drops templates the configuration no longer sends and parameters the template no longer has', () => {
    const now = mappingFor(
      [{ templateId: 'a', fullName: 'A', params: [{ field: 'p', fieldName: 'P' }] }],
      [
        {
          templateId: 'a',
          paramJson: [
            { field: 'p', relationField: '@nodeName' },
            { field: 'old', relationField: 'x' },
          ],
        },
        { templateId: 'b', paramJson: [{ field: 'q', relationField: 'y' }] },
      ],
    );
    expect(now).toEqual([
      {
        templateId: 'a',
        msgTemplateName: 'A',
        paramJson: [{ field: 'p', fieldName: 'P', relationField: '@nodeName' }],
      },
    ]);
  });
});
