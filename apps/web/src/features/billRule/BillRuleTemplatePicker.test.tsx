import type { BillRuleSelectorRow } from '@platform/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { queryClient } from '../../app/query-client.tsx';
import { i18n } from '../../shared/i18n/index.ts';
import { renderInApp, signIn, stubServer } from '../../test-app.tsx';
import { fakeDictionary } from '../../test-wire.ts';
import { BillRuleTemplatePicker } from './components/BillRuleTemplatePicker.tsx';

const rules: (BillRuleSelectorRow & { category: string })[] = [
  { id: 'r1', fullName: '请假单号', enCode: 'WF_LeaveApplyNo', category: 'office' },
  { id: 'r2', fullName: '采购单号', enCode: 'PurchaseNo', category: 'buy' },
  { id: 'r3', fullName: '出差单号', enCode: 'TripNo', category: 'office' },
];
const selectorQueries: URLSearchParams[] = [];

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(['billRule', 'components']);
});
beforeEach(() => {
  selectorQueries.length = 0;
  queryClient.clear();
  signIn();
  stubServer(({ path, query }) => {
    if (path === '/api/system/DictionaryData/All') {
      const businessType = fakeDictionary('businessType', '业务分类', [
        ['office', '办公'],
        ['buy', '采购'],
      ]);
      return { code: 200, data: { list: [businessType] } };
    }
    selectorQueries.push(query);
    const keyword = query.get('keyword') ?? '';
    const categoryId = query.get('categoryId');
    const list = rules
      .filter((r) => !categoryId || r.category === categoryId)
      .filter((r) => !keyword || r.fullName.includes(keyword) || r.enCode.includes(keyword))
      .map(({ id, fullName, enCode }) => ({ id, fullName, enCode }));
    return { code: 200, data: { list, pagination: { currentPage: 1, pageSize: 20, total: list.length } } };
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderPicker = (value?: string) => {
  const onChange = vi.fn();
  renderInApp(<BillRuleTemplatePicker value={value} onChange={onChange} id="rule" />);
  return onChange;
};
const dialog = () => screen.getByRole('dialog', { name: '单据规则' });
const rowNames = () =>
  within(dialog())
    .queryAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');

describe('the business-rule template picker (widgets.md §4)', () => {
  test('a stored code shows as the rule name; the dialog lists rules by category and keyword; 确定 writes the code', async () => {
    const onChange = renderPicker('TripNo');
    await waitFor(() => expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('出差单号'));
    fireEvent.click(screen.getByRole('textbox'));
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    expect(selectorQueries.at(-1)?.get('pageSize')).toBe('20');
    expect(within(dialog()).getByRole('columnheader', { name: '业务名称' })).toBeTruthy();
    expect(within(dialog()).getByRole('columnheader', { name: '业务编码' })).toBeTruthy();

    fireEvent.click(within(dialog()).getByText('采购', { selector: '.ant-tree-title' }));
    await waitFor(() => expect(rowNames()).toEqual([expect.stringContaining('采购单号')]));
    expect(selectorQueries.at(-1)?.get('categoryId')).toBe('buy');

    fireEvent.click(within(dialog()).getByText('全部分类', { selector: '.ant-tree-title' }));
    fireEvent.change(within(dialog()).getByRole('textbox', { name: '请输入关键词查询' }), {
      target: { value: '请假' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(rowNames()).toEqual([expect.stringContaining('请假单号')]));
    expect(selectorQueries.at(-1)?.get('keyword')).toBe('请假');

    fireEvent.click(within(dialog()).getByText('请假单号'));
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(onChange).toHaveBeenCalledWith('WF_LeaveApplyNo');
  });

  test('确定 with no rule chosen writes nothing; 新建 opens the rule form', async () => {
    const onChange = renderPicker();
    fireEvent.click(screen.getByRole('textbox'));
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(within(dialog()).getByRole('button', { name: /新\s*建/ }));
    await screen.findByText('流水范例');
  });
});
