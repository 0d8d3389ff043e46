import { act, renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/index.ts';
import { HookProviders } from '../../../test-providers.tsx';
import { type FlowNode, type FlowProperties, newStartNode } from '../graph.ts';
import { type NodeDrawerProps, useNodeDrawer } from './useNodeDrawer.ts';

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('workflow');
});

const tree = newStartNode('start1');
const fields = [{ vModel: 'days', label: '请假天数', jnpfKey: 'inputNumber' }];
const flows = [{ id: 'flowB', fullName: '报销流程' }];
const nodeOf = (type: FlowNode['type'], properties: FlowProperties): FlowNode => ({
  type,
  nodeId: `${type}1`,
  prevId: 'start1',
  content: '',
  properties,
  childNode: null,
});

/** The drawer's hook opened on `node`; `saved()` is what 确定 handed the designer last. */
const open = (node: FlowNode | null) => {
  const onSave = vi.fn<NodeDrawerProps['onSave']>();
  const props = { tree, node, fields, forms: [], flows, onClose: vi.fn(), onSave };
  const hook = renderHook(() => useNodeDrawer(props), { wrapper: HookProviders });
  return { hook, onSave, saved: () => onSave.mock.lastCall };
};

describe('useNodeDrawer', () => {
  test('opening a node fills the form with its title and properties', () => {
    const { hook } = open(nodeOf('approver', { title: '经理审批', assigneeType: 1, managerLevel: 2 }));
    expect(hook.result.current.title).toBe('经理审批');
    expect(hook.result.current.form.getFieldsValue(true)).toMatchObject({ title: '经理审批', managerLevel: 2 });
  });

  test('a condition is saved with the labels of its fields, which the card shows', () => {
    const condition = nodeOf('condition', {
      conditions: [
        {
          logic: 'and',
          groups: [{ fieldType: 1, field: 'days', symbol: '>', fieldValueType: 2, fieldValue: '3' }],
        },
      ],
    });
    const { hook, saved } = open(condition);
    act(() => hook.result.current.save());
    const [nodeId, properties, content] = saved() ?? [];
    expect(nodeId).toBe('condition1');
    expect(properties?.conditions?.[0]?.groups[0]).toMatchObject({ field: 'days', fieldName: '请假天数' });
    expect(content).toContain('请假天数');
  });

  test('a sub-flow is saved with the chosen flow name and its field rules under the start node', () => {
    const subFlow = nodeOf('subFlow', { flowId: 'flowB' });
    const { hook, saved } = open(subFlow);
    act(() => {
      hook.result.current.form.setFieldsValue({
        assignList: [{ nodeId: '', title: '', ruleList: [{ parentField: 'days', childField: 'amount' }] }],
      });
    });
    act(() => hook.result.current.save());
    const properties = saved()?.[1];
    expect(properties?.flowName).toBe('报销流程');
    expect(properties?.assignList).toEqual([
      { nodeId: 'start1', title: expect.any(String), ruleList: [{ parentField: 'days', childField: 'amount' }] },
    ]);
  });

  test('with no node open, 确定 saves nothing', () => {
    const { hook, onSave } = open(null);
    act(() => hook.result.current.save());
    expect(onSave).not.toHaveBeenCalled();
    expect(hook.result.current.title).toBe('');
  });
});
