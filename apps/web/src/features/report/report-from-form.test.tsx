import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { i18n } from '../../shared/i18n/index.ts';
import { fakeServerByPath, renderInApp, signIn } from '../../test-app.tsx';
import { ReportFromFormDialog } from './components/ReportFromFormDialog.tsx';

/**
 * 从表单生成 (issue 39): a report over a form in a few clicks. The dialog offers the form's fields to
 * group by, lets only number fields be summed, and sends the choice as the server reads it.
 */

const server = fakeServerByPath();
const forms = [{ id: 'f-orders', fullName: '订单', enCode: 'orders', webType: 2 }];
const fields = [
  { vModel: 'region', label: '地区', jnpfKey: 'select' },
  { vModel: 'city', label: '城市', jnpfKey: 'input' },
  { vModel: 'amount', label: '金额', jnpfKey: 'inputNumber' },
  { vModel: 'tags', label: '标签', jnpfKey: 'checkbox' },
];

const answer = (data: unknown) => ({ code: 200, msg: '', data });

const chooseOption = async (text: string) => {
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options.at(-1) as HTMLElement);
};
const openSelect = (select: HTMLElement) =>
  fireEvent.mouseDown(select.closest('.ant-select')?.querySelector('.ant-select-selector') ?? select);

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(['report', 'components']);
});

describe('a report from a form', () => {
  test('groups by the form’s single-value fields, sums numbers only, and sends the choice', async () => {
    signIn();
    // Each answer is checked against the route's schema (test-wire.ts).
    server.routes['/api/visualdev/Base/Selector'] = () => answer({ list: forms });
    server.routes['/api/visualdev/Base/f-orders/FormDataFields'] = () => answer({ list: fields });
    server.routes['/api/ReportServer/Data/Actions/FromForm'] = () => answer({ id: 'r-new' });
    const onCreated = vi.fn();
    renderInApp(
      <ReportFromFormDialog
        open
        categories={[{ value: 'c-business', label: '业务报表' }]}
        onClose={() => undefined}
        onCreated={onCreated}
      />,
    );
    const dialog = (await screen.findByText('从表单生成报表', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;

    openSelect(within(dialog).getByLabelText('表单'));
    await chooseOption('订单 (orders)');
    await waitFor(() => expect(server.requests.some((r) => r.path.endsWith('/FormDataFields'))).toBe(true));
    openSelect(within(dialog).getByLabelText('分组字段'));
    await chooseOption('地区');
    // A list field (多选) cannot make groups.
    expect(screen.queryByText('标签', { selector: '.ant-select-item-option-content' })).toBeNull();

    openSelect(within(dialog).getByLabelText('第1个统计字段'));
    await chooseOption('金额');
    fireEvent.click(within(dialog).getByRole('button', { name: '添加统计字段' }));
    openSelect(within(dialog).getByLabelText('第2个统计字段'));
    await chooseOption('城市');
    // Text can be counted, not summed.
    openSelect(within(dialog).getByLabelText('第2个统计方式'));
    const sum = (await screen.findAllByText('求和', { selector: '.ant-select-item-option-content' })).at(-1);
    expect(sum?.closest('.ant-select-item-option')?.className).toContain('disabled');
    await chooseOption('计数');

    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '订单汇总' } });
    fireEvent.change(within(dialog).getByLabelText('编码'), { target: { value: 'orders.summary' } });
    openSelect(within(dialog).getByLabelText('分类'));
    await chooseOption('业务报表');
    fireEvent.click(within(dialog).getByRole('button', { name: /生\s*成/ }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('r-new'));
    const sent = server.requests.find((r) => r.path.endsWith('/Actions/FromForm'));
    expect(sent?.body).toEqual({
      formId: 'f-orders',
      groupBy: ['region'],
      measures: [
        { field: 'amount', aggregate: 'sum' },
        { field: 'city', aggregate: 'count' },
      ],
      fullName: '订单汇总',
      enCode: 'orders.summary',
      categoryId: 'c-business',
    });
  });
});
