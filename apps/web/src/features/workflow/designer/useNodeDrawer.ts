import type { FormDataField } from '@platform/shared';
import Form from 'antd/es/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowNode, FlowProperties } from '../graph.ts';
import { assignListOf } from './SubFlowSettings.tsx';
import { nodeSummary, nodeTitle } from './summary.ts';

export interface NodeDrawerProps {
  tree: FlowNode;
  node: FlowNode | null;
  fields: readonly FormDataField[];
  forms: readonly { id: string; fullName: string }[];
  flows: readonly { id: string; fullName: string }[];
  onClose: () => void;
  onSave: (nodeId: string, properties: FlowProperties, content: string) => void;
}

/**
 * The node drawer's form: filled from the node each time another opens, and saved as the node's
 * properties with what the engine and the card read beside them (a sub-flow's name and
 * assignments, a condition's field labels) and the card's summary.
 */
export function useNodeDrawer({ tree, node, fields, flows, onSave }: NodeDrawerProps) {
  const { t } = useTranslation('workflow');
  const [form] = Form.useForm<FlowProperties>();
  useEffect(() => {
    if (node) {
      form.resetFields();
      form.setFieldsValue({ title: nodeTitle(node, t), ...node.properties });
    }
  }, [node, form, t]);
  const save = () => {
    if (!node) return;
    const properties = { ...node.properties, ...form.getFieldsValue(true) } as FlowProperties;
    if (node.type === 'subFlow') {
      properties.flowName = flows.find((f) => f.id === properties.flowId)?.fullName ?? '';
      properties.assignList = assignListOf(properties.assignList, tree, nodeTitle(tree, t));
    }
    // The card names a condition's field by its label; the engine reads `field`.
    if (node.type === 'condition' && properties.conditions) {
      const labels = new Map(fields.map((f) => [f.vModel, f.label]));
      properties.conditions = properties.conditions.map((group) => ({
        ...group,
        groups: group.groups.map((item) => ({ ...item, fieldName: labels.get(item.field) ?? item.field })),
      }));
    }
    onSave(node.nodeId, properties, nodeSummary({ ...node, properties }, t));
  };
  return { form, save, title: node ? nodeTitle(node, t) : '' };
}
