import type {
  Envelope,
  FlowChangeBody,
  FlowChangeNode,
  FlowChildRow,
  FlowCommentInput,
  FlowCommentRow,
  FlowDelegatePrincipal,
  FlowEventLogRow,
  FlowFormInfo,
  FormDataField,
  ListData,
  PageData,
  VisualDevSelectorRow,
} from '@platform/shared';
import { crudApi, transferApi } from '../../shared/api/crud-api.ts';
import { http, type Query } from '../../shared/api/http.ts';
import type {
  ActionBody,
  CandidateAnswer,
  DelegateInput,
  DelegateRow,
  FlowDetail,
  FlowJson,
  FlowTemplateInfo,
  FlowTemplateInput,
  FlowTemplateQuery,
  FlowTemplateRow,
  FlowVersionRow,
  LaunchBody,
  TaskRow,
} from './wire.ts';

const engine = '/api/workflow/Engine';
const template = `${engine}/flowTemplate`;
const before = `${engine}/FlowBefore`;
const launch = `${engine}/FlowLaunch`;
const delegate = `${engine}/FlowDelegate`;
const monitor = `${engine}/FlowMonitor`;
const comment = `${engine}/FlowComment`;
const withMsg = { envelope: true } as const;

/** protocol-workflow.md §1: templates, their flows and versions. */
export const templateApi = {
  ...crudApi<FlowTemplateRow, FlowTemplateInput, FlowTemplateQuery>(template),
  info: (id: string) => http.get<FlowTemplateInfo>(`${template}/${id}`),
  /** PUT answers `{id, isMainVersion}`: a new version of a flow that is not the main one yet. */
  save: (id: string, input: FlowTemplateInput) =>
    http.put<Envelope<{ id: string; isMainVersion?: boolean } | null>>(`${template}/${id}`, input, withMsg),
  copy: (id: string) => http.post<Envelope<null>>(`${template}/${id}/Actions/Copy`, undefined, withMsg),
  release: (id: string) => http.post<Envelope<null>>(`${template}/Release/${id}`, undefined, withMsg),
  stop: (id: string) => http.post<Envelope<null>>(`${template}/Stop/${id}`, undefined, withMsg),
  /** The flows of a template; type 1 the launchable ones. A bare array. */
  flows: (templateId: string, type: '1' | '' = '') =>
    http.get<FlowJson[]>(`${template}/FlowJsonList/${templateId}`, { type }),
  versions: (templateId: string, query: Query) =>
    http.get<PageData<FlowVersionRow>>(`${template}/${templateId}/FlowJsonList`, query),
  mainVersion: (versionId: string) =>
    http.post<Envelope<null>>(`${template}/${versionId}/MainVersion`, undefined, withMsg),
  removeVersion: (versionId: string) =>
    http.delete<Envelope<null>>(`${template}/${versionId}/FlowJson`, undefined, withMsg),
  /** The template and its main graphs as a `.ffe` file and back. */
  ...transferApi(template),
  /** Launchable templates (the 发起流程 page and the chooser). */
  launchable: (query: Query) => http.get<PageData<FlowTemplateRow>>(`${template}/PageListAll`, query),
  /** The form a flow launches with (its id names the generated form). */
  formInfo: (flowId: string) => http.get<FlowFormInfo>(`${template}/${flowId}/FormInfo`),
  /** Launchable flows (a sub-flow node names a flow, not a template). */
  launchableFlows: (query: Query) => http.get<PageData<FlowChildRow>>(`${template}/PageChildListAll`, query),
  /** Released generated forms a flow can bind. */
  forms: () => http.get<ListData<VisualDevSelectorRow>>('/api/visualdev/Base/Selector'),
  /** A released form's value fields (sub-table columns as `table-field`). */
  formFields: (formId: string) =>
    http.get<ListData<FormDataField>>(`/api/visualdev/Base/${formId}/FormDataFields`).then((d) => d.list),
};

export type ListCategory = 1 | 2 | 3 | 4;

/** protocol-workflow.md §2: the run time. X is a task-operator id, T a task id. */
export const taskApi = {
  detail: (taskId: string, query: { taskNodeId?: string; taskOperatorId?: string; flowId?: string }) =>
    http.get<FlowDetail>(`${before}/${taskId || '0'}`, query),
  operatorInfo: (operatorId: string) => http.get<{ isCheck?: boolean }>(`${before}/${operatorId}/Info`),
  /** 1 to-do, 2 done, 3 cc, 4 batch. */
  list: (category: ListCategory, query: Query, signal?: AbortSignal) =>
    http.get<PageData<TaskRow>>(`${before}/List/${category}`, query, { signal }),
  mine: (query: Query, signal?: AbortSignal) => http.get<PageData<TaskRow>>(launch, query, { signal }),
  candidates: (operatorId: string, body: Partial<LaunchBody> | ActionBody) =>
    http.post<CandidateAnswer>(`${before}/Candidates/${operatorId || '0'}`, body),
  launch: (body: LaunchBody) => http.post<Envelope<unknown>>(`${engine}/FlowTask`, body, withMsg),
  resubmit: (id: string, body: LaunchBody) => http.put<Envelope<unknown>>(`${engine}/FlowTask/${id}`, body, withMsg),
  audit: (operatorId: string, body: ActionBody) =>
    http.post<Envelope<unknown>>(`${before}/Audit/${operatorId}`, body, withMsg),
  reject: (operatorId: string, body: ActionBody) =>
    http.post<Envelope<unknown>>(`${before}/Reject/${operatorId}`, body, withMsg),
  rejectList: (operatorId: string) =>
    http.get<{ isLastAppro?: boolean; list: { nodeCode: string; nodeName: string }[] }>(
      `${before}/RejectList/${operatorId}`,
    ),
  saveAudit: (operatorId: string, body: ActionBody) =>
    http.post<Envelope<unknown>>(`${before}/SaveAudit/${operatorId}`, body, withMsg),
  transfer: (operatorId: string, body: ActionBody) =>
    http.post<Envelope<unknown>>(`${before}/Transfer/${operatorId}`, body, withMsg),
  addSigner: (operatorId: string, body: ActionBody) =>
    http.post<Envelope<unknown>>(`${before}/freeApprover/${operatorId}`, body, withMsg),
  recall: (operatorId: string, body: ActionBody) =>
    http.post<Envelope<unknown>>(`${before}/Recall/${operatorId}`, body, withMsg),
  cancel: (taskId: string, body: ActionBody) =>
    http.post<Envelope<unknown>>(`${before}/Cancel/${taskId}`, body, withMsg),
  withdraw: (taskId: string, body: ActionBody) =>
    http.put<Envelope<unknown>>(`${launch}/${taskId}/Actions/Withdraw`, body, withMsg),
  press: (taskId: string) => http.post<Envelope<unknown>>(`${launch}/Press/${taskId}`, undefined, withMsg),
  /** The child tasks a sub-flow node instance launched, each as its detail. */
  subFlowInfo: (taskNodeId: string) => http.get<FlowDetail[]>(`${before}/SubFlowInfo/${taskNodeId}`),
  /** 0 pass, 1 reject, 2 transfer. */
  batch: (batchType: 0 | 1 | 2, ids: string[], body: ActionBody) =>
    http.post<Envelope<unknown>>(`${before}/BatchOperation`, { ...body, batchType, ids }, withMsg),
};

/** protocol-workflow.md §3-4. */
export const delegateApi = {
  list: (query: Query, signal?: AbortSignal) => http.get<PageData<DelegateRow>>(delegate, query, { signal }),
  info: (id: string) => http.get<DelegateRow & DelegateInput>(`${delegate}/${id}`),
  create: (input: DelegateInput) => http.post<Envelope<null>>(delegate, input, withMsg),
  update: (id: string, input: DelegateInput) =>
    http.put<Envelope<null>>(`${delegate}/${id}`, { ...input, id }, withMsg),
  stop: (id: string) => http.put<Envelope<null>>(`${delegate}/Stop/${id}`, undefined, withMsg),
  remove: (id: string) => http.delete<Envelope<null>>(`${delegate}/${id}`, undefined, withMsg),
  /** Delegated launch: the flows someone delegated launching to me for, now (pg). */
  launchableFlows: (query: Query) => http.get<PageData<FlowChildRow>>(`${delegate}/getflow`, query),
  /** Delegated launch: who delegated launching this flow to me, now. */
  principals: (flowId: string) =>
    http.get<ListData<FlowDelegatePrincipal>>(`${delegate}/userList`, { flowId }).then((d) => d.list),
};

/** FlowComment (protocol-workflow.md §2 Extras): the comments of one task. */
export const commentApi = {
  list: (taskId: string, query: Query) => http.get<PageData<FlowCommentRow>>(comment, { ...query, taskId }),
  create: (input: FlowCommentInput) => http.post<Envelope<null>>(comment, input, withMsg),
  remove: (id: string) => http.delete<Envelope<null>>(`${comment}/${id}`, undefined, withMsg),
};

export const monitorApi = {
  list: (query: Query, signal?: AbortSignal) => http.get<PageData<TaskRow>>(monitor, query, { signal }),
  /** The approver nodes a task may be changed or revived to (`id` is the node code). */
  changeTargets: (taskId: string) => http.get<FlowChangeNode[]>(`${before}/Selector/${taskId}`),
  /** 变更 (`resurgence` false) a running task, or 复活 (true) an ended one, at a node. */
  change: (body: FlowChangeBody) => http.post<Envelope<null>>(`${before}/Change`, body, withMsg),
  /** 指派: the current node `nodeCode` is handled by `freeApproverUserId` alone. */
  assign: (taskId: string, body: ActionBody & { nodeCode: string; freeApproverUserId: string }) =>
    http.post<Envelope<unknown>>(`${before}/Assign/${taskId}`, body, withMsg),
  /** 挂起 a running task (`suspend` true: the task alone, not its sub-flows). */
  suspend: (taskId: string) =>
    http.post<Envelope<unknown>>(`${before}/Suspend/${taskId}`, { id: taskId, suspend: true }, withMsg),
  /** 恢复 a suspended task. */
  restore: (taskId: string) => http.post<Envelope<unknown>>(`${before}/Restore/${taskId}`, { id: taskId }, withMsg),
  remove: (ids: string[]) => http.delete<Envelope<null>>(monitor, { ids: ids.join(',') }, withMsg),
  /** What happened at one node instance (`{taskNodeId}/EventLog`). */
  eventLog: (taskNodeId: string) => http.get<ListData<FlowEventLogRow>>(`${monitor}/${taskNodeId}/EventLog`),
};
