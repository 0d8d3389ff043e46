import type { VisualDevInfo } from '@platform/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { QueryProvider } from '../../../app/query-client.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { Workbench } from './Designer.tsx';

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('visualdev');
});
afterEach(cleanup);

const definition = {
  labelWidth: 100,
  labelPosition: 'right',
  fields: [
    { __vModel__: 'name', __config__: { jnpfKey: 'input', label: '姓名', span: 24 } },
    {
      __vModel__: 'level',
      __config__: { jnpfKey: 'select', label: '级别', span: 24 },
      options: [{ id: '1', fullName: '高' }],
    },
  ],
};

const info: VisualDevInfo = {
  id: '1001',
  fullName: '请假单',
  enCode: 'leave',
  category: '',
  type: 1,
  webType: 2,
  enableFlow: 0,
  isRelease: 0,
  sortCode: 0,
  creatorTime: null,
  creatorUser: '',
  lastModifyTime: null,
  lastModifyUser: '',
  dbLinkId: '',
  description: '',
  tables: '',
  formData: JSON.stringify(definition),
  columnData: '',
  appColumnData: '',
  interfaceId: '',
  interfaceName: '',
  interfaceParam: '',
};

function mount() {
  render(
    <Providers>
      <QueryProvider>
        <Workbench info={info} onClose={() => undefined} />
      </QueryProvider>
    </Providers>,
  );
  return screen.getByRole('main', { name: '画布' });
}

/** The labels the canvas shows, in order (required fields carry their mark). */
const labels = (canvas: HTMLElement) =>
  [...canvas.querySelectorAll('.vd-handle .fe-label')].map((label) => label.textContent);
const handle = (canvas: HTMLElement, name: string) =>
  within(canvas).getByRole('button', { name: new RegExp(`^${name} \\(`) });

describe('the form designer', () => {
  test('opens the stored draft: the fields on the canvas, the palette in its four groups', () => {
    const canvas = mount();
    expect(labels(canvas)).toEqual(['姓名', '级别']);
    const palette = screen.getByRole('navigation', { name: '控件' });
    expect(
      within(palette)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['基础控件', '高级控件', '系统控件', '布局控件']);
  });

  test('a palette widget clicked lands after the selected field, selected, and its label is edited in the panel', async () => {
    const canvas = mount();
    fireEvent.click(handle(canvas, '姓名'));
    fireEvent.click(screen.getByRole('button', { name: '添加多行输入' }));
    expect(labels(canvas)).toEqual(['姓名', '多行输入', '级别']);
    const title = screen.getByLabelText('控件标题');
    expect((title as HTMLInputElement).value).toBe('多行输入');
    fireEvent.change(title, { target: { value: '备注' } });
    fireEvent.click(screen.getByRole('switch', { name: '是否必填' }));
    await waitFor(() => expect(labels(canvas)).toEqual(['姓名', '*备注', '级别']));
  });

  test('a calculation is built by picking fields and operators; the panel says when it is complete', async () => {
    const canvas = mount();
    fireEvent.click(screen.getByRole('button', { name: '添加数字输入' }));
    fireEvent.change(screen.getByLabelText('控件标题'), { target: { value: '单价' } });
    fireEvent.click(screen.getByRole('button', { name: '添加计算公式' }));
    expect(labels(canvas)).toEqual(['姓名', '级别', '单价', '计算公式']);
    const formula = screen.getByTestId('calculate-expression');
    fireEvent.click(within(formula).getByRole('button', { name: /^单\s*价$/ }));
    fireEvent.click(within(formula).getByRole('button', { name: '乘' }));
    expect(within(formula).getByText('公式不完整')).toBeTruthy();
    const number = within(formula).getByRole('spinbutton', { name: '数字' });
    fireEvent.change(number, { target: { value: '2' } });
    fireEvent.keyDown(number, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(within(formula).getByText('公式正确')).toBeTruthy());
    expect([...formula.querySelectorAll('.vd-expression-view .ant-tag')].map((tag) => tag.textContent)).toEqual([
      '单价',
      '×',
      '2',
    ]);
  });

  test('a select’s static options are edited in the panel and the canvas renders them', async () => {
    const canvas = mount();
    fireEvent.click(handle(canvas, '级别'));
    fireEvent.click(screen.getByRole('button', { name: /添加选项/ }));
    fireEvent.change(screen.getByLabelText('选项2名称'), { target: { value: '低' } });
    expect((screen.getByLabelText('选项2名称') as HTMLInputElement).value).toBe('低');
    fireEvent.click(screen.getByRole('button', { name: '删除选项1' }));
    expect((screen.getByLabelText('选项1名称') as HTMLInputElement).value).toBe('低');
    expect(screen.queryByLabelText('选项2名称')).toBeNull();
  });

  test('copy and delete on the selected field, then undo and redo from the keyboard', () => {
    const canvas = mount();
    fireEvent.click(handle(canvas, '姓名'));
    fireEvent.click(within(canvas).getByRole('button', { name: '复制' }));
    expect(labels(canvas)).toEqual(['姓名', '姓名', '级别']);
    fireEvent.click(within(canvas).getByRole('button', { name: '删除' }));
    expect(labels(canvas)).toEqual(['姓名', '级别']);
    fireEvent.keyDown(handle(canvas, '级别'), { key: 'z', ctrlKey: true });
    expect(labels(canvas)).toEqual(['姓名', '姓名', '级别']);
    fireEvent.keyDown(handle(canvas, '级别'), { key: 'y', ctrlKey: true });
    expect(labels(canvas)).toEqual(['姓名', '级别']);
  });

  test('arrows move the selection and Delete removes the selected field', () => {
    const canvas = mount();
    fireEvent.click(handle(canvas, '姓名'));
    fireEvent.keyDown(handle(canvas, '姓名'), { key: 'ArrowDown' });
    expect(handle(canvas, '级别').getAttribute('aria-pressed')).toBe('true');
    expect(handle(canvas, '姓名').getAttribute('aria-pressed')).toBe('false');
    fireEvent.keyDown(handle(canvas, '级别'), { key: 'Delete' });
    expect(labels(canvas)).toEqual(['姓名']);
    // Typing in the property panel never deletes a field.
    fireEvent.click(handle(canvas, '姓名'));
    fireEvent.keyDown(screen.getByLabelText('控件标题'), { key: 'Delete' });
    expect(labels(canvas)).toEqual(['姓名']);
  });

  test('the form settings change the canvas: label on top', () => {
    const canvas = mount();
    fireEvent.click(screen.getByRole('tab', { name: '表单属性' }));
    fireEvent.click(screen.getByRole('radio', { name: '顶部对齐' }));
    expect(canvas.querySelector('.fe-form')?.className).toContain('fe-label-top');
  });

  test('preview renders the designed form with the form engine', async () => {
    mount();
    fireEvent.click(screen.getByRole('button', { name: /预\s*览/ }));
    const preview = await screen.findByTestId('designer-preview');
    expect(within(preview).getByLabelText('姓名')).toBeTruthy();
    expect(within(preview).getByText('级别')).toBeTruthy();
  });
});
