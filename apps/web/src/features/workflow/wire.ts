/**
 * What the workflow pages read and send (protocol-workflow.md §1-4), as the screens use it.
 * Status codes and handle-status codes are the spec's.
 */

/** Task status (`status` / `flowState`): 0 draft, 1 pending, 2 approved, 3 rejected, 4 and 7 withdrawn, 5 terminated, 6 suspended. */
export const taskStatusColors: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'success',
  3: 'error',
  4: 'warning',
  5: 'default',
  6: 'warning',
  7: 'warning',
};

export interface FlowTemplateRow {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  type: number;
  icon?: string;
  iconBackground?: string;
  sortCode: number;
  enabledMark: number;
  description?: string;
  creatorTime?: number | null;
  lastModifyTime?: number | null;
}

/** One flow of a template as the template's `flowTemplateJson` string lists them. */
export interface TemplateFlow {
  id: string;
  flowId: string;
  fullName: string;
  flowTemplateJson: unknown;
  isDelete?: number;
}

export interface FlowTemplateInput {
  fullName: string;
  enCode: string;
  category: string;
  type: number;
  icon?: string;
  iconBackground?: string;
  sortCode: number;
  description?: string;
  flowTemplateJson: string | null;
}

export interface FlowTemplateInfo extends FlowTemplateRow {
  flowTemplateJson: string | null;
  onlineDev?: number;
  onlineFormId?: string;
}

export interface FlowTemplateQuery {
  currentPage?: number;
  pageSize?: number;
  keyword?: string;
  category?: string;
  type?: number;
  enabledMark?: number;
  [key: string]: string | number | undefined;
}

export interface FlowJson {
  id: string;
  fullName: string;
  flowTemplateJson: string;
}

export interface FlowVersionRow {
  id: string;
  version: string | number;
  enabledMark: number;
  flowTemplateJson?: string;
  creatorTime?: number | null;
}

export interface NodeOperate {
  id: string;
  read: boolean;
  write: boolean;
  required?: boolean;
}

export interface TaskNodeRow {
  id: string;
  nodeCode: string;
  nodeType?: string;
  /** 0 done, 1 current. */
  type: number | string;
  userName?: string;
}

export interface OperatorRecord {
  id?: string;
  nodeName: string;
  nodeCode?: string;
  userName: string;
  handleTime: number | null;
  handleStatus: number;
  handleOpinion?: string | null;
  signImg?: string | null;
  fileList?: string | null;
  operatorId?: string | null;
}

/** `GET FlowBefore/{taskId}`: everything the detail page shows. */
export interface FlowDetail {
  flowTemplateInfo: { fullName: string; type: number; flowTemplateJson: string };
  flowFormInfo: { enCode?: string; formType?: number; urlAddress?: string; propertyJson: string; id?: string };
  flowTaskInfo?: {
    id?: string;
    fullName: string;
    thisStep?: string;
    flowUrgent?: number;
    status: number;
    completion?: number;
    suspend?: boolean | number;
    creatorUserId?: string;
  } | null;
  formData?: Record<string, unknown> | null;
  draftData?: Record<string, unknown> | null;
  formOperates?: NodeOperate[];
  approversProperties?: Record<string, unknown>;
  flowTaskNodeList?: TaskNodeRow[];
  flowTaskOperatorRecordList?: OperatorRecord[];
  noOperateAuth?: boolean;
}

/** The config of `/workFlowDetail?config=` (Base64 JSON). */
export interface DetailConfig {
  /** 1 mine, 2 to-do, 3 cc (lists add 4 done, 5 monitor for their own buttons). */
  type: number;
  processId: string;
  flowId: string;
  taskNodeId?: string;
  taskOperatorId?: string;
  /** The task's status as the list knew it (a draft opens for editing). */
  status?: number;
  /** Read-only where the operator's own check says so (`{isCheck: true}`). */
  readonly?: boolean;
}

export interface TaskRow {
  id: string;
  processId?: string;
  flowId: string;
  fullName: string;
  flowName?: string;
  thisStep?: string;
  thisStepId?: string;
  flowUrgent?: number;
  status: number;
  completion?: number;
  delegateUser?: string | null;
  userName?: string;
  creatorUser?: string;
  creatorTime?: number | null;
  startTime?: number | null;
  taskNodeId?: string;
  approversProperties?: string;
}

/** `POST FlowBefore/Candidates`: 1 branch choice, 2 candidates, 3 nothing to ask. */
export interface CandidateAnswer {
  type: number;
  list: { nodeId: string; nodeName: string; isBranchFlow?: boolean; isCandidates?: boolean }[];
}

export interface LaunchBody {
  id?: string;
  flowId: string;
  formData: Record<string, unknown>;
  /** 0 submit, 1 draft. */
  status: 0 | 1;
  flowUrgent: number;
  candidateList?: Record<string, string[]>;
  branchList?: string[];
  copyIds?: string;
  errorRuleUserList?: Record<string, string[]>;
}

export interface ActionBody {
  handleOpinion: string;
  signImg: string;
  fileList: { name: string; fileId: string; url: string }[];
  formData?: Record<string, unknown>;
  copyIds?: string;
  candidateList?: Record<string, string[]>;
  branchList?: string[];
  rejectStep?: string;
  rejectType?: number;
  freeApproverUserId?: string;
  freeApproverType?: number;
  nodeCode?: string;
}

export interface DelegateRow {
  id: string;
  toUserName: string;
  userName?: string;
  type: string;
  flowName?: string;
  startTime: number;
  endTime: number;
}

export interface DelegateInput {
  toUserId: string;
  toUserName: string;
  type: string;
  flowId: string;
  flowName?: string;
  startTime: number;
  endTime: number;
}
