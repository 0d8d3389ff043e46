import type {
  FlowActionBody,
  FlowCandidates,
  FlowDelegateInput,
  FlowDelegateRow,
  FlowDetail,
  FlowJsonListItem,
  FlowLaunchRow,
  FlowRecord,
  FlowTaskInput,
  FlowTemplateInfo,
  FlowTemplateInput,
  FlowTemplateQuery,
  FlowTemplateRow,
  FlowTodoRow,
  FlowVersionRow,
  FormOperate,
} from '@platform/shared';

/** The shared wire types under the names the screens use (protocol-workflow.md §1-4). */
export type {
  FlowActionBody as ActionBody,
  FlowCandidates as CandidateAnswer,
  FlowDelegateInput as DelegateInput,
  FlowDelegateRow as DelegateRow,
  FlowDetail,
  FlowJsonListItem as FlowJson,
  FlowRecord as OperatorRecord,
  FlowTaskInput as LaunchBody,
  FlowTemplateInfo,
  FlowTemplateInput,
  FlowTemplateQuery,
  FlowTemplateRow,
  FlowVersionRow,
  FormOperate as NodeOperate,
};

/** A row of any task list: my launched (and monitor) rows lack the to-do's operator fields. */
export type TaskRow = FlowLaunchRow &
  Partial<
    Pick<FlowTodoRow, 'processId' | 'taskNodeId' | 'thisStepId' | 'userName' | 'delegateUser' | 'approversProperties'>
  >;

/** Task status (`status` / `flowState`): 0 draft, 1 pending, 2 approved, 3 rejected, 4 and 7 withdrawn, 5 terminated, 6 suspended. */
export const taskStatusColors: Record<number, string> = {
  0: 'default',
  1: 'blue',
  2: 'success',
  3: 'error',
  4: 'warning',
  5: 'default',
  6: 'warning',
  7: 'warning',
};

/** The config of `/workFlowDetail?config=` (Base64 JSON). */
export interface DetailConfig {
  /** 1 mine, 2 to-do, 3 cc (4 done and 5 monitor are this client's own). */
  type: number;
  processId: string;
  flowId: string;
  taskNodeId?: string;
  taskOperatorId?: string;
  /** The task's status as the list knew it. */
  status?: number;
  /** Read-only where the operator's own check says so (`{isCheck: true}`). */
  readonly?: boolean;
}
