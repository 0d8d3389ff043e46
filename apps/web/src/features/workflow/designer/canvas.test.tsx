import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useReducer } from 'react';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { type FlowNode, type GraphAction, graphReducer, newStartNode } from '../graph.ts';
import { FlowCanvas } from './FlowCanvas.tsx';

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('workflow');
});
afterEach(cleanup);

function Editor({ errors = new Map<string, string>() }: { errors?: ReadonlyMap<string, string> }) {
  const [tree, dispatch] = useReducer(
    (state: FlowNode, action: GraphAction) => graphReducer(state, action),
    undefined,
    (): FlowNode => newStartNode('s'),
  );
  return <FlowCanvas tree={tree} selected={null} errors={errors} onSelect={() => undefined} dispatch={dispatch} />;
}

/**
 * Opens the n-th "+" menu and picks an entry. The "+" is a native button, so Enter or Space on it
 * is its click (the browser test and axe cover the real keyboard); the menu opens on that click.
 */
async function add(index: number, entry: string) {
  const plus = screen.getAllByRole('button', { name: '在此添加节点' })[index] as HTMLElement;
  expect(plus.tagName).toBe('BUTTON');
  fireEvent.click(plus);
  // An earlier menu stays in the document, hidden: the newest is the one just opened.
  const items = await screen.findAllByRole('menuitem', { name: entry });
  fireEvent.click(items.at(-1) as HTMLElement);
}

test('nodes are added from the "+" buttons and removed by their own buttons; every control is a button', async () => {
  render(
    <Providers>
      <Editor />
    </Providers>,
  );
  await add(0, '条件分支');
  await waitFor(() => expect(screen.getAllByRole('button', { name: /^条件 (优先级|默认)/ })).toHaveLength(2));
  expect(screen.getByRole('button', { name: '条件 默认 其他条件进入此流程' })).toBeTruthy();
  await add(1, '审批节点');
  await waitFor(() => expect(screen.getByRole('button', { name: '审批节点 请设置审批人' })).toBeTruthy());
  fireEvent.click(screen.getByRole('button', { name: '删除 审批节点' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: '审批节点 请设置审批人' })).toBeNull());
  // Removing the split takes both branches.
  fireEvent.click(screen.getByRole('button', { name: '删除分支' }));
  await waitFor(() => expect(screen.queryAllByRole('button', { name: /^条件 (优先级|默认)/ })).toHaveLength(0));
});

test('a problem found before release shows on its node', () => {
  render(
    <Providers>
      <Editor errors={new Map([['s', '请选择流程表单']])} />
    </Providers>,
  );
  expect(screen.getByRole('alert').textContent).toBe('请选择流程表单');
});
