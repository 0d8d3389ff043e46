import { act, renderHook } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/index.ts';
import { clearQueries, HookProviders } from '../../../test-providers.tsx';
import { templateApi } from '../api.ts';
import { newStartNode } from '../graph.ts';
import { readFlows, useFlowWorkbench } from './useFlowWorkbench.ts';

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('workflow');
});
beforeEach(() => {
  clearQueries();
  vi.spyOn(templateApi, 'forms').mockResolvedValue({ list: [] } as unknown as Awaited<
    ReturnType<typeof templateApi.forms>
  >);
  vi.spyOn(templateApi, 'formFields').mockResolvedValue([]);
  vi.spyOn(templateApi, 'launchableFlows').mockResolvedValue({
    list: [],
    pagination: { currentPage: 1, pageSize: 500, total: 0 },
  });
});
// Not restored after each test: the queries of a test that ended may still start, and must not reach the network.

const renderBench = (onClose = vi.fn()) =>
  renderHook(() => useFlowWorkbench({ templateId: null, flows: [], onClose }), { wrapper: HookProviders });

describe('useFlowWorkbench', () => {
  test('a new template starts with one flow on the base tab', () => {
    const hook = renderBench();
    expect(hook.result.current.flows).toHaveLength(1);
    expect(hook.result.current.flows[0]?.fullName).toBe(i18n.t('designer.defaultFlowName', { ns: 'workflow' }));
    expect(hook.result.current.tab).toBe('base');
  });

  test('adding a flow activates it; renaming names the active flow; switching back clears the selection', () => {
    const hook = renderBench();
    act(() => hook.result.current.addFlow());
    expect(hook.result.current.active).toBe(1);
    act(() => hook.result.current.rename('加急'));
    expect(hook.result.current.flows.map((f) => f.fullName)[1]).toBe('加急');
    act(() => hook.result.current.select(hook.result.current.current.tree.nodeId));
    expect(hook.result.current.node).not.toBeNull();
    act(() => hook.result.current.activate(0));
    expect(hook.result.current.active).toBe(0);
    expect(hook.result.current.selected).toBeNull();
  });

  test('the drawer saves a node into the tree and closes', () => {
    const hook = renderBench();
    const start = hook.result.current.current.tree;
    act(() => hook.result.current.select(start.nodeId));
    act(() => hook.result.current.saveNode(start.nodeId, { ...start.properties, formId: 'form1' }, '所有人'));
    expect(hook.result.current.current.tree.properties.formId).toBe('form1');
    expect(hook.result.current.selected).toBeNull();
  });

  test('saving a flow with problems shows them on the design tab and sends nothing', async () => {
    const create = vi.spyOn(templateApi, 'create');
    const onClose = vi.fn();
    const hook = renderBench(onClose);
    await act(() => hook.result.current.save());
    expect(hook.result.current.tab).toBe('design');
    expect(hook.result.current.errors.size).toBeGreaterThan(0);
    expect(create).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});

test('readFlows leaves out deleted flows and reads trees stored as text', () => {
  const tree = newStartNode();
  const json = JSON.stringify([
    { id: 'a', flowId: 'fa', fullName: 'A', flowTemplateJson: JSON.stringify(tree) },
    { id: 'b', flowId: 'fb', fullName: 'B', flowTemplateJson: tree, isDelete: 1 },
  ]);
  expect(readFlows(json).map((f) => [f.id, f.tree.nodeId])).toEqual([['a', tree.nodeId]]);
  expect(readFlows('not json')).toEqual([]);
});
