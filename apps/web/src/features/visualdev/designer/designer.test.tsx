import { EditorView } from '@codemirror/view';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { QueryProvider } from '../../../app/query-client.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { wireResponse } from '../../../test-wire.ts';
import { Workbench } from './Designer.tsx';
import { leaveModel } from './designer-fixtures.ts';

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('visualdev');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

const info = leaveModel(JSON.stringify(definition));

function mount(formData = definition) {
  render(
    <Providers>
      <QueryProvider>
        <Workbench info={{ ...info, formData: JSON.stringify(formData) }} onClose={() => undefined} />
      </QueryProvider>
    </Providers>,
  );
  return screen.getByRole('main', { name: '画布' });
}

/** The labels the canvas shows, in order (required fields carry their mark). */
const labels = (canvas: HTMLElement) =>
  [...canvas.querySelectorAll('.vd-handle .fe-label')].map((label) => label.textContent);
/**
 * A toolbar button by its name. Asked within the toolbar: a role query over the whole designer
 * computes the names of its ~60 palette buttons each time, which made these tests slow under load.
 */
const toolbarButton = (name: string | RegExp) =>
  within(document.querySelector('.vd-toolbar') as HTMLElement).getByRole('button', { name });
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
    fireEvent.click(toolbarButton(/预\s*览/));
    const preview = await screen.findByTestId('designer-preview');
    expect(within(preview).getByLabelText('姓名')).toBeTruthy();
    expect(within(preview).getByText('级别')).toBeTruthy();
  });

  test('权限标识: blank means the field name, a key is kept in the definition, a bad one is explained', async () => {
    const canvas = mount();
    fireEvent.click(handle(canvas, '级别'));
    const key = screen.getByLabelText('权限标识') as HTMLInputElement;
    expect(key.value).toBe('');
    expect(key.placeholder).toBe('level');
    fireEvent.change(key, { target: { value: 'grade key' } });
    expect(screen.getByText('权限标识不能包含空格')).toBeTruthy();
    fireEvent.change(key, { target: { value: 'k'.repeat(51) } });
    expect(screen.getByText('权限标识最多为50个字符')).toBeTruthy();
    fireEvent.change(key, { target: { value: 'grade' } });
    await waitFor(() => expect(screen.queryByText('权限标识最多为50个字符')).toBeNull());
    fireEvent.click(toolbarButton('JSON'));
    const json = await screen.findByLabelText('JSON', { selector: '[role="textbox"]' });
    const fields = (JSON.parse(json.textContent ?? '') as typeof definition).fields;
    expect(fields.map((f) => f.__config__)).toEqual([
      { jnpfKey: 'input', label: '姓名', span: 24 },
      { jnpfKey: 'select', label: '级别', span: 24, permissionKey: 'grade' },
    ]);
  });

  test("the JSON view refuses text that is not JSON with its line and column, in the user's language", {
    timeout: 60_000,
  }, async () => {
    mount();
    fireEvent.click(toolbarButton('JSON'));
    // The editor library loads with the first editor shown (cold when this test runs alone).
    const json = await screen.findByLabelText('JSON', { selector: '[role="textbox"]' }, { timeout: 15_000 });
    const view = EditorView.findFromDOM(json);
    if (!view) throw new Error('no editor view');
    // Through act, so the dialog holds the new text before 应用 is clicked.
    await act(async () => {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: '{\n  "fields": [' } });
    });
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /应\s*用/ }));
    expect(await within(dialog).findByText('JSON 格式有误：第 2 行第 14 列', {}, { timeout: 15_000 })).toBeTruthy();
    expect(within(dialog).queryByText(/Unexpected|token/)).toBeNull();
  });

  test('a field fed by a data interface maps its parameters to another field, a fixed value or nothing', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      if (url.pathname.endsWith('/Actions/List')) {
        sent.push((JSON.parse(String(init.body)) as { paramList: unknown }).paramList);
        return wireResponse(method, url, {
          code: 200,
          data: { list: [], pagination: { currentPage: 1, pageSize: 10000, total: 0 } },
        });
      }
      if (url.pathname.endsWith('/Selector')) return wireResponse(method, url, { code: 200, data: [] });
      return wireResponse(method, url, {
        code: 200,
        data: [
          { field: 'kind', fieldName: '类别', dataType: 'varchar', required: 1 },
          { field: 'limit', fieldName: '条数', dataType: 'int', defaultValue: '10', required: 0 },
        ],
      });
    });
    const canvas = mount({
      ...definition,
      fields: [
        definition.fields[0]!,
        {
          __vModel__: 'level',
          __config__: { jnpfKey: 'select', label: '级别', span: 24, dataType: 'dynamic', propsUrl: 'if1' },
        } as (typeof definition.fields)[number],
      ],
    });
    fireEvent.click(handle(canvas, '级别'));
    const params = await screen.findByTestId('interface-params');
    await within(params).findByText('类别(kind)');
    // The interface's own default shows until the designer changes it.
    expect((within(params).getByLabelText('参数limit的值') as HTMLInputElement).value).toBe('10');
    // kind: from the field 姓名.
    fireEvent.mouseDown(within(params).getByRole('combobox', { name: '参数kind的来源' }));
    fireEvent.click(await screen.findByTitle('表单字段'));
    fireEvent.mouseDown(within(params).getByRole('combobox', { name: '参数kind取值的字段' }));
    fireEvent.click(await screen.findByTitle('姓名'));
    // limit: a fixed 20.
    fireEvent.change(within(params).getByLabelText('参数limit的值'), { target: { value: '20' } });
    // The preview's select asks the interface with them: what is typed in 姓名, and 20.
    fireEvent.click(toolbarButton(/预\s*览/));
    const preview = await screen.findByTestId('designer-preview');
    fireEvent.change(within(preview).getByLabelText('姓名'), { target: { value: '甲' } });
    await waitFor(() =>
      expect(sent.at(-1)).toEqual([
        { field: 'kind', defaultValue: '甲', relationField: 'name', sourceType: 1, dataType: 'varchar' },
        { field: 'limit', defaultValue: '20', relationField: '', sourceType: 2, dataType: 'int' },
      ]),
    );
  });
});
