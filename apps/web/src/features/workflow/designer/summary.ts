import type { ConditionGroup, ConditionItem } from '@platform/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type FlowNode, propsOf } from '../graph.ts';

/** A condition item as the designer stores it: the field's label beside its name, for the card. */
export type ConditionItemShown = ConditionItem & { fieldName?: string };

/** The node's own title, or its kind's name. */
export function nodeTitle(node: FlowNode, t: TFunction<'workflow'>): string {
  const own = node.properties.title;
  if (typeof own === 'string' && own.trim()) return own;
  if (node.properties.isInterflow) return t('designer.title.interflow');
  if (node.properties.isBranchFlow) return t('designer.title.branchFlow');
  return t(`designer.title.${node.type}`);
}

const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/** What a card says about its settings (the platform's grey line under the title). */
export function nodeSummary(node: FlowNode, t: TFunction<'workflow'>): string {
  const p = propsOf(node);
  switch (node.type) {
    case 'start':
      return count(p.initiator) ? t('summary.initiators', { n: count(p.initiator) }) : t('summary.everyone');
    case 'approver': {
      const kind = Number(p.assigneeType ?? 6);
      const sign = t(`props.counterSign.${Number(p.counterSign ?? 0)}`);
      if (kind === 6) {
        return count(p.approvers)
          ? `${t('summary.members', { n: count(p.approvers) })} · ${sign}`
          : t('summary.setApprover');
      }
      if (kind === 1) return `${t('summary.manager', { n: Number(p.managerLevel ?? 1) })} · ${sign}`;
      return `${t(`props.assignee.${kind}`)} · ${sign}`;
    }
    case 'condition': {
      if (p.isDefault === true) return t('summary.otherwise');
      if (p.isInterflow === true) return t('summary.interflow');
      if (p.isBranchFlow === true) return t('summary.branchFlow');
      const groups: ConditionGroup[] = p.conditions ?? [];
      const text = groups
        .map((g) =>
          (g.groups as ConditionItemShown[])
            .map(
              (c) =>
                `${c.fieldName || c.field} ${t(`symbols.${c.symbol}`, { defaultValue: c.symbol })} ${String(c.fieldValue ?? '')}`,
            )
            .join(g.logic === 'or' ? ` ${t('props.or')} ` : ` ${t('props.and')} `),
        )
        .filter(Boolean)
        .join(p.matchLogic === 'or' ? ` ${t('props.or')} ` : ` ${t('props.and')} `);
      return text || t('summary.setCondition');
    }
    case 'timer':
      return t('summary.timer', {
        day: Number(p.day ?? 0),
        hour: Number(p.hour ?? 0),
        minute: Number(p.minute ?? 0),
        second: Number(p.second ?? 0),
      });
    case 'subFlow':
      return p.flowId ? String(p.flowName ?? p.flowId) : t('summary.setSubFlow');
    default:
      return '';
  }
}

export function useNodeSummary() {
  const { t } = useTranslation('workflow');
  return (node: FlowNode) => nodeSummary(node, t);
}
