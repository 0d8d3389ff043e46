import { canFlowAct, type FlowTaskAction, FlowTaskStatus, type FormDefinition, type FormField } from '@platform/shared';
import { decodeBase64, encodeBase64 } from '../../shared/shell/menu-routes.ts';
import type { FlowNode } from './graph.ts';
import type { DetailConfig, NodeOperate } from './wire.ts';

/** Where a detail page was opened from: 1 my launched, 2 to-do, 3 cc (protocol-workflow.md §2); 4 done and 5 monitor are this client's own. */
export const DetailType = { mine: 1, todo: 2, circulate: 3, done: 4, monitor: 5 } as const;

export function detailPath(config: DetailConfig): string {
  return `/workFlowDetail?config=${encodeURIComponent(encodeBase64(JSON.stringify(config)))}`;
}

/** The `config` query value of /workFlowDetail, or null when it is not Base64 of a config. */
export function readConfig(value: string | null): DetailConfig | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(decodeBase64(value)) as Partial<DetailConfig> & { id?: string; taskId?: string };
    const processId = String(parsed.processId ?? parsed.taskId ?? '');
    if (!processId && !parsed.flowId) return null;
    return {
      type: Number(parsed.type ?? DetailType.mine),
      processId,
      flowId: String(parsed.flowId ?? ''),
      taskNodeId: parsed.taskNodeId ? String(parsed.taskNodeId) : '',
      taskOperatorId: parsed.taskOperatorId ? String(parsed.taskOperatorId) : parsed.id ? String(parsed.id) : '',
      ...(parsed.status === undefined ? {} : { status: Number(parsed.status) }),
    };
  } catch {
    return null;
  }
}

/** The buttons of the detail page, in the platform's order; each is the state table's action of its name. */
export type DetailButton = Extract<
  FlowTaskAction,
  | 'submit'
  | 'save'
  | 'audit'
  | 'reject'
  | 'transfer'
  | 'freeApprover'
  | 'saveAudit'
  | 'cancel'
  | 'recall'
  | 'withdraw'
  | 'press'
>;

/** A button flag of a node's properties: missing means shown (the platform's default). */
const shown = (properties: Record<string, unknown>, name: string) => properties[`has${name}Btn`] !== false;

/**
 * Which buttons a detail page offers (protocol-workflow.md §2 "Actions"): the initiator edits a
 * draft or a returned task and can withdraw or urge a pending one (the start node's flags); an
 * approver acts on a to-do by the flags of the node's `approversProperties`, none when the
 * operator record is only to be looked at; a done task can be recalled while the flow still runs;
 * a copy has none. A suspended task offers nothing.
 */
export function detailButtons(
  config: Pick<DetailConfig, 'type' | 'readonly'>,
  detail: {
    flowTaskInfo?: { status: number; suspend?: boolean | number } | null;
    approversProperties?: Record<string, unknown>;
    noOperateAuth?: boolean;
  },
  start: Record<string, unknown>,
): DetailButton[] {
  const status = detail.flowTaskInfo?.status ?? FlowTaskStatus.draft;
  const node = detail.approversProperties ?? {};
  const suspended = detail.flowTaskInfo?.suspend === true || detail.flowTaskInfo?.suspend === 1;
  if (suspended || status === FlowTaskStatus.suspended) return [];
  switch (config.type) {
    case DetailType.mine: {
      // The state table says where the initiator may edit and send the form again (draft, rejected, withdrawn).
      if (!detail.flowTaskInfo || canFlowAct('submit', status)) {
        return ['submit', ...(shown(start, 'Save') ? (['save'] as const) : [])];
      }
      const out: DetailButton[] = [];
      if (shown(start, 'Revoke') && canFlowAct('withdraw', status)) out.push('withdraw');
      if (shown(start, 'Press') && canFlowAct('press', status)) out.push('press');
      return out;
    }
    case DetailType.todo: {
      if (config.readonly || detail.noOperateAuth) return [];
      const offered: [DetailButton, boolean][] = [
        ['audit', shown(node, 'Audit')],
        ['reject', shown(node, 'Reject')],
        ['transfer', shown(node, 'Transfer')],
        ['freeApprover', shown(node, 'FreeApprover')],
        ['saveAudit', node.hasSaveBtn === true],
        ['cancel', node.hasCancelBtn === true],
      ];
      // Each button is the state table's action of its name: offered where the task's status allows it.
      return offered.filter(([button, on]) => on && canFlowAct(button, status)).map(([button]) => button);
    }
    case DetailType.done:
      return canFlowAct('recall', status) && node.hasRevokeBtn !== false ? ['recall'] : [];
    default:
      return [];
  }
}

/** What a monitor may do to a task row, by the state table. */
export type MonitorAction = Extract<FlowTaskAction, 'cancel' | 'change' | 'revive' | 'assign' | 'suspend' | 'resume'>;

/**
 * The monitor list's actions on a task in `status`, as the state table allows them: 终止 and 变更 a
 * running task, 复活 an ended one, 指派 and 挂起 a running one, 恢复 a suspended one. A suspended
 * task offers only 恢复 here, as in the 3.6 client (the server would terminate it too).
 */
export function monitorActions(status: number): MonitorAction[] {
  const all: MonitorAction[] = ['cancel', 'change', 'revive', 'assign', 'suspend', 'resume'];
  return all.filter(
    (action) => canFlowAct(action, status) && (action === 'resume' || status !== FlowTaskStatus.suspended),
  );
}

/** The node property holding a button's own text. */
export const buttonTextKey: Partial<Record<DetailButton, string>> = {
  submit: 'hasSubmitBtnText',
  save: 'hasSaveBtnText',
  audit: 'hasAuditBtnText',
  reject: 'hasRejectBtnText',
  transfer: 'hasTransferBtnText',
  freeApprover: 'hasFreeApproverBtnText',
  saveAudit: 'hasSaveBtnText',
  cancel: 'hasCancelBtnText',
  recall: 'hasRevokeBtnText',
  withdraw: 'hasRevokeBtnText',
  press: 'hasPressBtnText',
};

/**
 * The form with a node's field permissions (protocol-workflow.md: `formOperates[{id, read, write,
 * required}]`, a sub-table column's id `table-field`): a field not read is not shown, one not
 * written is disabled, a required one must be filled. Fields the list does not name stay as designed.
 */
export function applyOperates(
  definition: FormDefinition,
  operates: readonly NodeOperate[] | undefined,
): FormDefinition {
  if (!operates?.length) return definition;
  const byId = new Map(operates.map((o) => [o.id, o]));
  const apply = (field: FormField, prefix: string): FormField => {
    const config = field.__config__ ?? {};
    const children = Array.isArray(config.children)
      ? config.children.map((c: FormField) =>
          apply(c, config.jnpfKey === 'table' && field.__vModel__ ? `${field.__vModel__}-` : prefix),
        )
      : undefined;
    const id = field.__vModel__ ? `${prefix}${field.__vModel__}` : '';
    const operate = id ? byId.get(id) : undefined;
    const next: FormField = { ...field, __config__: { ...config, ...(children ? { children } : {}) } };
    if (!operate) return next;
    if (!operate.read) next.__config__.noShow = true;
    if (!operate.write) next.disabled = true;
    next.__config__.required = !!operate.required && operate.write;
    return next;
  };
  return { ...definition, fields: definition.fields.map((f) => apply(f, '')) };
}

/** The flow's tree from the detail's `flowTemplateInfo.flowTemplateJson`, or null. */
export function readTree(json: string | undefined): FlowNode | null {
  if (!json) return null;
  try {
    const tree = JSON.parse(json) as FlowNode | string;
    return typeof tree === 'string' ? (JSON.parse(tree) as FlowNode) : tree;
  } catch {
    return null;
  }
}

/** The detail's node states by node code: `type` 0 done, 1 current; -1 (not reached) stays pending. */
export function nodeStates(detail: {
  flowTaskNodeList?: readonly { nodeCode: string; type: number }[];
}): Map<string, 'done' | 'current'> {
  const out = new Map<string, 'done' | 'current'>();
  for (const row of detail.flowTaskNodeList ?? []) {
    if (row.type !== 0 && row.type !== 1) continue;
    const state = row.type === 1 ? 'current' : 'done';
    if (out.get(row.nodeCode) !== 'current') out.set(row.nodeCode, state);
  }
  return out;
}
