import type { ReportDrill } from '@platform/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { i18n } from '../../shared/i18n/index.ts';
import { fakeServerByPath, renderInApp, signIn } from '../../test-app.tsx';
import { FormDrillDialog } from './components/FormDrillDialog.tsx';
import { DrillEditor } from './designer/DrillEditor.tsx';

/**
 * A drill-through to a generated form (issue 39): the designer chooses 目标 表单, a form and which
 * row field each form field must equal; the viewer's dialog lists the form's records held to the
 * clicked row's values (sent as queryJson), or shows the server's refusal in place.
 */

vi.setConfig({ testTimeout: 60_000 });

const server = fakeServerByPath();
const answer = (data: unknown) => ({ code: 200, msg: '', data });

const chooseOption = async (text: string) => {
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options.at(-1) as HTMLElement);
};
const openSelect = (select: HTMLElement) =>
  fireEvent.mouseDown(select.closest('.ant-select')?.querySelector('.ant-select-selector') ?? select);

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(['report', 'components', 'visualdev']);
});

describe('the drill editor', () => {
  test('表单 as target: a form, then the row field each of its fields must equal', async () => {
    signIn();
    server.routes['/api/visualdev/Base/Selector'] = () =>
      answer({ list: [{ id: 'f-orders', fullName: '销售订单', enCode: 'orders', webType: 2 }] });
    server.routes['/api/visualdev/Base/f-orders/FormDataFields'] = () =>
      answer({
        list: [
          { vModel: 'city', label: '城市', jnpfKey: 'input' },
          { vModel: 'amount', label: '金额', jnpfKey: 'inputNumber' },
        ],
      });
    const changes: (ReportDrill | undefined)[] = [];
    function Host() {
      const [drill, setDrill] = useState<ReportDrill | undefined>({ reportId: 'r2', parameters: [] });
      return (
        <DrillEditor
          value={drill}
          fields={[
            { value: 'cityName', label: 'cityName' },
            { value: 'total', label: 'total' },
          ]}
          onChange={(next) => {
            changes.push(next);
            setDrill(next);
          }}
        />
      );
    }
    renderInApp(<Host />);
    // A report drill shows as one; choosing 表单 drops it.
    expect((screen.getByRole('radio', { name: '报表' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '表单' }));
    expect(changes).toEqual([undefined]);

    openSelect(await screen.findByLabelText('目标表单'));
    await chooseOption('销售订单 (orders)');
    openSelect(await screen.findByLabelText('城市'));
    await chooseOption('cityName');
    await waitFor(() =>
      expect(changes.at(-1)).toEqual({
        target: 'form',
        formId: 'f-orders',
        fields: [{ name: 'city', field: 'cityName' }],
      }),
    );
    expect(screen.getByText('打开表单中这些字段等于本行值的记录')).toBeTruthy();
  });
});

describe('the form drill dialog', () => {
  const target = { target: 'form' as const, formId: 'f-orders', values: { city: '杭州', owner: null } };

  test('lists the form’s records held to the clicked row’s values', async () => {
    signIn();
    server.routes['/api/visualdev/OnlineDev/f-orders/Config'] = () =>
      answer({
        id: 'f-orders',
        fullName: '销售订单',
        webType: '2',
        enableFlow: 0,
        flowId: '',
        formData: JSON.stringify({ fields: [] }),
        columnData: JSON.stringify({ columnList: [{ prop: 'city', label: '城市' }] }),
        appColumnData: '',
      });
    server.routes['/api/visualdev/OnlineDev/f-orders/List'] = () =>
      answer({
        list: [{ id: 'o1', city: '杭州', flowState: 0 }],
        pagination: { currentPage: 1, pageSize: 20, total: 1 },
      });
    renderInApp(
      <MemoryRouter>
        <FormDrillDialog target={target} onClose={() => undefined} />
      </MemoryRouter>,
    );
    const dialog = (await screen.findAllByText('表单记录：杭州', { selector: '.ant-modal-title' }))
      .at(-1)
      ?.closest('.ant-modal') as HTMLElement;
    expect(await within(dialog).findByText('杭州', { selector: 'td, td *' }, { timeout: 30_000 })).toBeTruthy();
    const list = server.requests.find((r) => r.path.endsWith('/List'));
    expect(list?.body).toMatchObject({ queryJson: '{"city":["杭州"]}' });
  });

  test('a viewer without a menu to the form sees the server’s refusal in the dialog, once', async () => {
    signIn();
    server.routes['/api/visualdev/OnlineDev/f-orders/Config'] = () => ({ code: 403, msg: '暂无权限', data: null });
    renderInApp(
      <MemoryRouter>
        <FormDrillDialog target={target} onClose={() => undefined} />
      </MemoryRouter>,
    );
    const dialog = (await screen.findAllByText('表单记录：杭州', { selector: '.ant-modal-title' }))
      .at(-1)
      ?.closest('.ant-modal') as HTMLElement;
    expect(await within(dialog).findByText('暂无权限', {}, { timeout: 30_000 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).getAllByText('暂无权限')).toHaveLength(1);
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain('暂无权限');
  });
});
