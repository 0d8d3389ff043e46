import { beforeAll, describe, expect, test } from 'vitest';
import { i18n } from '../../shared/i18n/index.ts';
import type { FlowNode } from './graph.ts';
import { graphErrors } from './validate.ts';

const start = (childNode: FlowNode): FlowNode => ({
  type: 'start',
  nodeId: 'start',
  properties: { title: '发起', formId: 'f1' },
  childNode,
});
const byInterface = (properties: FlowNode['properties']): FlowNode => ({
  type: 'approver',
  nodeId: 'api1',
  properties: { title: '接口审批', assigneeType: 9, ...properties },
});

describe('designer validation of an interface approver (assigneeType 9)', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-CN');
    await i18n.loadNamespaces('workflow');
  });
  const t = () => i18n.getFixedT('zh-CN', 'workflow');

  test('without an interface the node is not resolvable: it says so on the node', () => {
    const errors = graphErrors(start(byInterface({})), t());
    expect(errors.get('api1')).toBe('请设置服务接口');
  });

  test('with an interface (and its parameters mapped) the flow may be released', () => {
    const node = byInterface({
      interfaceId: 'i1',
      templateJson: [{ field: 'acct', sourceType: 1, relationField: 'who' }],
    });
    expect([...graphErrors(start(node), t())]).toEqual([]);
  });
});
