import { type Static, Type } from 'typebox';
import { Id, LiteralUnion } from '../envelope.ts';
import { PageQuery } from '../paging.ts';
import { FlowNode } from './flowGraph.ts';
import { Description, EnabledMark, EnCode, FullName, ID_CSV_PATTERN, Nullable, SortCode } from './organize.ts';

/**
 * Workflow (protocol-workflow.md 1-4): templates hold flows, a flow has versions (one main); at run
 * time a task (taskId = the form record's id) has node instances (taskNodeId) and operator rows
 * (taskOperatorId, the `id` of a to-do row).
 */

/** Task `status` and the form record's `flowState`. 4 and 7 are both "withdrawn"; the engine writes 4 (the initiator's withdraw) and reads 7 as the same. */
export const FlowTaskStatus = {
  draft: 0,
  pending: 1,
  approved: 2,
  rejected: 3,
  revoked: 4,
  terminated: 5,
  suspended: 6,
  withdrawn: 7,
} as const;

/** `handleStatus` of a record. */
export const HandleStatus = {
  reject: 0,
  agree: 1,
  launch: 2,
  withdraw: 3,
  terminate: 4,
  assign: 5,
  addSignerAfter: 6,
  transfer: 7,
  change: 8,
  revive: 9,
  addSignerBefore: 10,
  suspend: 11,
  resume: 12,
  swerve: 13,
} as const;

/** Template `type`: 0 launch (its own form), 1 function (bound to a generated form). */
export const FlowTemplateType = Type.Union([Type.Literal(0), Type.Literal(1)]);

const GraphText = Type.String({ maxLength: 2_000_000 });

/** One flow inside a template save's `flowTemplateJson` string. */
export const FlowJsonEntry = Type.Object({
  /** '' when new. */
  id: Type.String({ maxLength: 50 }),
  /** The designer's 6-hex key of the flow. */
  flowId: Type.Optional(Type.String({ maxLength: 50 })),
  fullName: FullName,
  flowTemplateJson: FlowNode,
  isDelete: Type.Optional(Type.Union([Type.Integer(), Type.Boolean()])),
});
export type FlowJsonEntry = Static<typeof FlowJsonEntry>;
export const FlowJsonEntries = Type.Array(FlowJsonEntry, { maxItems: 50 });

export const FlowTemplateInput = Type.Object({
  fullName: FullName,
  enCode: EnCode,
  /** A dictionary entry id (the flow categories). */
  category: Nullable(Type.String({ maxLength: 50 })),
  type: Type.Optional(FlowTemplateType),
  icon: Nullable(Type.String({ maxLength: 100 })),
  iconBackground: Nullable(Type.String({ maxLength: 50 })),
  sortCode: Type.Optional(SortCode),
  description: Nullable(Description),
  /** JSON text of `FlowJsonEntry[]`, or null. */
  flowTemplateJson: Nullable(GraphText),
});
export type FlowTemplateInput = Static<typeof FlowTemplateInput>;
export const FlowTemplateUpdate = Type.Object({ ...FlowTemplateInput.properties, id: Type.Optional(Id) });

/** A template's export file (`.ffe`): its fields and its flows' main graphs, imported as new, unreleased flows. */
export const FLOW_TEMPLATE_FILE_FORMAT = 'platform.flowTemplate';
export const FlowTemplateFile = Type.Object({
  format: Type.Literal(FLOW_TEMPLATE_FILE_FORMAT),
  version: Type.Literal(1),
  exportedAt: Type.Optional(Type.Integer()),
  template: FlowTemplateInput,
});
export type FlowTemplateFile = Static<typeof FlowTemplateFile>;
export const FlowTemplateImportResult = Type.Object({ id: Type.String(), skipped: Type.Boolean() });
export type FlowTemplateImportResult = Static<typeof FlowTemplateImportResult>;
export type FlowTemplateUpdate = Static<typeof FlowTemplateUpdate>;

export const FlowTemplateQuery = Type.Object({
  ...PageQuery.properties,
  category: Type.Optional(Type.String({ maxLength: 50 })),
  type: Type.Optional(FlowTemplateType),
  enabledMark: Type.Optional(EnabledMark),
});
export type FlowTemplateQuery = Static<typeof FlowTemplateQuery>;

export const FlowTemplateRow = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  category: Type.String(),
  type: Type.Integer(),
  icon: Type.String(),
  iconBackground: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Type.String(),
  creatorUser: Type.String(),
  creatorTime: Type.Integer(),
  lastModifyTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type FlowTemplateRow = Static<typeof FlowTemplateRow>;

export const FlowTemplateInfo = Type.Object({
  ...FlowTemplateRow.properties,
  /** JSON text of `[{id, flowId, fullName, flowTemplateJson}]` with each flow's main version. */
  flowTemplateJson: Type.String(),
  /** 1 when a generated form launches through this template. */
  onlineDev: Type.Integer(),
  onlineFormId: Type.String(),
});
export type FlowTemplateInfo = Static<typeof FlowTemplateInfo>;

export const FlowTemplateSaved = Type.Object({ id: Type.String(), isMainVersion: Type.Boolean() });

/** A category with its templates (`TreeList`). */
export const FlowTemplateTreeNode = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  parentId: Type.String(),
  hasChildren: Type.Boolean(),
  children: Type.Array(
    Type.Object({
      id: Type.String(),
      fullName: Type.String(),
      enCode: Type.String(),
      parentId: Type.String(),
      type: Type.Integer(),
      icon: Type.String(),
      iconBackground: Type.String(),
      hasChildren: Type.Boolean(),
    }),
  ),
});

export type FlowTemplateTreeNode = Static<typeof FlowTemplateTreeNode>;

export const FlowJsonListQuery = Type.Object({ type: Type.Optional(Type.String({ maxLength: 2 })) });
/** A row of the bare array `FlowJsonList/{templateId}`: a flow with its main version's graph. */
export const FlowJsonListItem = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  flowTemplateJson: Type.String(),
});
export type FlowJsonListItem = Static<typeof FlowJsonListItem>;

export const FlowVersionQuery = Type.Object({ ...PageQuery.properties, flowId: Type.Optional(Id) });
export const FlowVersionRow = Type.Object({
  id: Type.String(),
  flowId: Type.String(),
  fullName: Type.String(),
  version: Type.String(),
  /** 1 = the main version. */
  enabledMark: Type.Integer(),
  flowTemplateJson: Type.String(),
  creatorTime: Type.Integer(),
});
export type FlowVersionRow = Static<typeof FlowVersionRow>;

/** `PageChildListAll`: flows of every enabled template. */
export const FlowChildQuery = Type.Object({ ...PageQuery.properties, templateId: Type.Optional(Id) });
export const FlowChildRow = Type.Object({
  id: Type.String(),
  templateId: Type.String(),
  fullName: Type.String(),
  templateName: Type.String(),
  category: Type.String(),
  type: Type.Integer(),
});
export type FlowChildRow = Static<typeof FlowChildRow>;

/** `{flowId}/FormInfo`: the form a flow launches with. */
export const FlowFormInfo = Type.Object({
  id: Type.String(),
  enCode: Type.String(),
  fullName: Type.String(),
  /** 1 system, 2 custom (generated form). */
  formType: Type.Integer(),
  urlAddress: Type.String(),
  /** The generated form's formData (JSON text) the page renders. */
  propertyJson: Type.String(),
});
export type FlowFormInfo = Static<typeof FlowFormInfo>;

/* ---------------------------------------------------------------- run time */

const NodeUserMap = Type.Record(Type.String({ maxLength: 50 }), Type.Array(Id, { maxItems: 200 }));
const FormData = Type.Record(Type.String(), Type.Unknown());
const IdCsvText = Type.String({ maxLength: 20_000, pattern: ID_CSV_PATTERN });

export const FlowFile = Type.Object({
  name: Type.String({ maxLength: 300 }),
  fileId: Type.String({ maxLength: 300 }),
  url: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type FlowFile = Static<typeof FlowFile>;

/** Fields the launch and every action may carry (the candidate and branch answers). */
const ChoiceFields = {
  candidateList: Type.Optional(NodeUserMap),
  branchList: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 50 })),
  copyIds: Type.Optional(IdCsvText),
  errorRuleUserList: Type.Optional(NodeUserMap),
};

export const FlowTaskInput = Type.Object({
  id: Type.Optional(Type.Union([Id, Type.Literal('')])),
  flowId: Id,
  formData: FormData,
  /** 0 submit, 1 draft (row editing sends it as text). */
  status: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal('0'), Type.Literal('1')]),
  flowUrgent: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  candidateType: Type.Optional(Type.Integer()),
  countersignOver: Type.Optional(Type.Boolean()),
  /** Delegated launch: one task per principal listed, each launched on their behalf. */
  delegateUserList: Type.Optional(Type.Array(Id, { maxItems: 200 })),
  ...ChoiceFields,
});
export type FlowTaskInput = Static<typeof FlowTaskInput>;

/** Nodes that need the user's help before submitting; `data` when non-empty. */
export const ErrorRuleNode = Type.Object({ nodeId: Type.String(), nodeName: Type.String() });
export type ErrorRuleNode = Static<typeof ErrorRuleNode>;
export const FlowTaskSaved = Type.Union([Type.Object({ id: Type.String() }), Type.Array(ErrorRuleNode)]);

export const FlowActionBody = Type.Object({
  handleOpinion: Type.Optional(Type.String({ maxLength: 2000 })),
  signImg: Type.Optional(Type.String({ maxLength: 500_000 })),
  fileList: Type.Optional(Type.Array(FlowFile, { maxItems: 50 })),
  formData: Type.Optional(FormData),
  ...ChoiceFields,
  /** Reject: '0' start, '1' previous, or a nodeCode from RejectList. */
  rejectStep: Type.Optional(Type.String({ maxLength: 50 })),
  rejectType: Type.Optional(Type.Integer()),
  /** Transfer, add signer, assign: the user. */
  freeApproverUserId: Type.Optional(Id),
  /** Add signer: 1 before me, 2 after me. */
  freeApproverType: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  nodeCode: Type.Optional(Type.String({ maxLength: 50 })),
  eventType: Type.Optional(Type.String({ maxLength: 50 })),
});
export type FlowActionBody = Static<typeof FlowActionBody>;

/**
 * `GET FlowBefore/Selector/{taskId}`: the approver nodes of the task's flow a monitor may change or
 * revive it to. `id` is the node's code (the graph's nodeId), which `Change` takes as `taskNodeId`.
 */
export const FlowChangeNode = Type.Object({ id: Type.String(), nodeCode: Type.String(), nodeName: Type.String() });
export type FlowChangeNode = Static<typeof FlowChangeNode>;

/**
 * `POST FlowBefore/Change`: `resurgence` false changes a running task's step to the node, true
 * revives an ended task at it. `taskNodeId`: a node code from Selector (a node instance id of the
 * task is taken too). The opinion, files and handler choices are an action body's.
 */
export const FlowChangeBody = Type.Object({
  taskId: Id,
  taskNodeId: Type.String({ minLength: 1, maxLength: 50 }),
  resurgence: Type.Optional(Type.Boolean()),
  ...Type.Pick(FlowActionBody, ['handleOpinion', 'signImg', 'fileList', 'candidateList', 'errorRuleUserList'])
    .properties,
});
export type FlowChangeBody = Static<typeof FlowChangeBody>;

export const FlowCandidateNode = Type.Object({
  nodeId: Type.String(),
  nodeName: Type.String(),
  isBranchFlow: Type.Boolean(),
  isCandidates: Type.Boolean(),
});
/** type: 1 branches to choose, 2 candidates to pick, 3 nothing to ask. */
export const FlowCandidates = Type.Object({ type: Type.Integer(), list: Type.Array(FlowCandidateNode) });
export type FlowCandidates = Static<typeof FlowCandidates>;

export const FlowSuspendBody = Type.Object({ id: Type.Optional(Id), suspend: Type.Optional(Type.Boolean()) });
export const FlowBatchBody = Type.Object({
  /** 0 pass, 1 reject, 2 transfer. */
  batchType: Type.Integer({ minimum: 0, maximum: 2 }),
  ids: Type.Array(Id, { minItems: 1, maxItems: 500 }),
  ...FlowActionBody.properties,
});
export type FlowBatchBody = Static<typeof FlowBatchBody>;
export const FlowBatchResult = Type.Object({ success: Type.Integer(), failed: Type.Integer() });

/** `GET FlowBefore/List/{1|2|3|4}`. */
export const FlowListQuery = Type.Object({
  ...PageQuery.properties,
  flowCategory: Type.Optional(Type.String({ maxLength: 50 })),
  templateId: Type.Optional(Id),
  flowId: Type.Optional(Id),
  creatorUserId: Type.Optional(Id),
  flowUrgent: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  nodeCode: Type.Optional(Type.String({ maxLength: 50 })),
  startTime: Type.Optional(Type.Integer({ minimum: 0 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type FlowListQuery = Static<typeof FlowListQuery>;

export const FlowTodoRow = Type.Object({
  /** taskOperatorId (cc rows: the cc row id). */
  id: Type.String(),
  /** taskId. */
  processId: Type.String(),
  taskNodeId: Type.String(),
  flowId: Type.String(),
  templateId: Type.String(),
  flowName: Type.String(),
  fullName: Type.String(),
  thisStepId: Type.String(),
  thisStep: Type.String(),
  flowUrgent: Type.Integer(),
  /** Task status (in the done list: the handle status). */
  status: Type.Integer(),
  creatorUserId: Type.String(),
  userName: Type.String(),
  startTime: Type.Integer(),
  creatorTime: Type.Integer(),
  /** The name of the user this task was delegated from, '' when not delegated. */
  delegateUser: Type.String(),
  /** JSON text of the node's properties. */
  approversProperties: Type.String(),
});
export type FlowTodoRow = Static<typeof FlowTodoRow>;

export const FlowLaunchQuery = Type.Object({
  ...FlowListQuery.properties,
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 })),
  /** The 3.6 entrust page's first tab: tasks the caller launched on behalf of others, not its own. */
  delegateType: Type.Optional(Type.Union([Type.Boolean(), Type.Literal('')])),
});
export type FlowLaunchQuery = Static<typeof FlowLaunchQuery>;
export const FlowLaunchRow = Type.Object({
  id: Type.String(),
  flowId: Type.String(),
  templateId: Type.String(),
  flowName: Type.String(),
  fullName: Type.String(),
  thisStep: Type.String(),
  flowUrgent: Type.Integer(),
  status: Type.Integer(),
  completion: Type.Integer(),
  startTime: Type.Integer(),
  endTime: Type.Union([Type.Integer(), Type.Null()]),
  creatorTime: Type.Integer(),
});
export type FlowLaunchRow = Static<typeof FlowLaunchRow>;

export const FlowRecord = Type.Object({
  id: Type.String(),
  taskNodeId: Type.String(),
  nodeCode: Type.String(),
  nodeName: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  handleTime: Type.Union([Type.Integer(), Type.Null()]),
  handleStatus: Type.Integer(),
  handleOpinion: Type.String(),
  signImg: Type.String(),
  /** JSON text of `[{name, fileId, url}]`. */
  fileList: Type.String(),
  /** For assign, add signer and transfer: the name of the user it went to. */
  operatorId: Type.String(),
});
export type FlowRecord = Static<typeof FlowRecord>;

export const FlowTaskNodeRow = Type.Object({
  id: Type.String(),
  nodeCode: Type.String(),
  nodeName: Type.String(),
  nodeType: Type.String(),
  /** 0 done, 1 current, -1 not reached. */
  type: Type.Integer(),
  userName: Type.String(),
});

export const FlowDetailQuery = Type.Object({
  taskNodeId: Type.Optional(Type.String({ maxLength: 50 })),
  taskOperatorId: Type.Optional(Type.String({ maxLength: 50 })),
  flowId: Type.Optional(Type.String({ maxLength: 50 })),
});
export type FlowDetailQuery = Static<typeof FlowDetailQuery>;

export const FlowDetail = Type.Object({
  flowTemplateInfo: Type.Object({
    id: Type.String(),
    templateId: Type.String(),
    fullName: Type.String(),
    type: Type.Integer(),
    flowTemplateJson: Type.String(),
  }),
  flowFormInfo: FlowFormInfo,
  flowTaskInfo: Type.Union([
    Type.Object({
      id: Type.String(),
      fullName: Type.String(),
      thisStep: Type.String(),
      flowUrgent: Type.Integer(),
      status: Type.Integer(),
      completion: Type.Integer(),
      suspend: Type.Boolean(),
      creatorUserId: Type.String(),
      creatorTime: Type.Integer(),
    }),
    Type.Null(),
  ]),
  formData: Type.Record(Type.String(), Type.Unknown()),
  draftData: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  formOperates: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  approversProperties: Type.Record(Type.String(), Type.Unknown()),
  flowTaskNodeList: Type.Array(FlowTaskNodeRow),
  flowTaskOperatorRecordList: Type.Array(FlowRecord),
  noOperateAuth: Type.Boolean(),
});
export type FlowDetail = Static<typeof FlowDetail>;

/** `GET FlowBefore/{taskOperatorId}/Info`: isCheck opens the detail read-only. */
export const FlowOperatorInfo = Type.Object({ isCheck: Type.Boolean() });
export const FlowRejectList = Type.Object({
  isLastAppro: Type.Boolean(),
  list: Type.Array(Type.Object({ nodeCode: Type.String(), nodeName: Type.String() })),
});
export const FlowRecordQuery = Type.Object({ category: Type.Optional(Type.String({ maxLength: 2 })) });

/** Home-page counts. */
export const FlowTodoCount = Type.Object({
  toBeReviewed: Type.Integer(),
  flowDone: Type.Integer(),
  flowCirculate: Type.Integer(),
});
export type FlowTodoCount = Static<typeof FlowTodoCount>;
/** `GET /api/visualdev/Dashboard/FlowTodo`: enough to open `/workFlowDetail?config=`. */
/** `FlowBefore/BatchFlowSelector`: a template the caller has to-dos in; `fullName` is `name(count)`. */
export const FlowBatchFlow = Type.Object({ id: Type.String(), fullName: Type.String(), count: Type.Integer() });
export type FlowBatchFlow = Static<typeof FlowBatchFlow>;

export const FlowTodoCard = Type.Object({
  /** taskOperatorId, as `id` in the to-do list. */
  id: Type.String(),
  taskId: Type.String(),
  /** The 3.6 portal card passes the whole row as the `/workFlowDetail` config, which reads these two. */
  processId: Type.String(),
  taskOperatorId: Type.String(),
  taskNodeId: Type.String(),
  flowId: Type.String(),
  fullName: Type.String(),
  creatorTime: Type.Integer(),
  /** The `/workFlowDetail` config: `{type:2, processId, flowId, taskNodeId, taskOperatorId}`. */
  type: Type.Integer(),
});
export type FlowTodoCard = Static<typeof FlowTodoCard>;

/* ---------------------------------------------------------------- entrust, monitor */

export const FlowDelegateQuery = Type.Object({
  ...PageQuery.properties,
  /** '1' mine, '2' delegated to me. */
  myOrDelagateToMe: Type.Optional(Type.String({ maxLength: 2 })),
});
export const FlowDelegateInput = Type.Object({
  toUserId: Id,
  toUserName: Type.Optional(Type.String({ maxLength: 100 })),
  /** '0' launch, '1' approval. */
  type: Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal(0), Type.Literal(1)]),
  /** Template ids joined by commas; '' = every flow. */
  flowId: Type.Optional(IdCsvText),
  flowName: Type.Optional(Type.String({ maxLength: 2000 })),
  startTime: Type.Integer({ minimum: 0 }),
  endTime: Type.Integer({ minimum: 0 }),
  description: Nullable(Description),
});
export type FlowDelegateInput = Static<typeof FlowDelegateInput>;
export const FlowDelegateRow = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  toUserId: Type.String(),
  toUserName: Type.String(),
  type: Type.String(),
  flowId: Type.String(),
  flowName: Type.String(),
  startTime: Type.Integer(),
  endTime: Type.Integer(),
  /** 0 not started, 1 running, 2 ended. */
  status: Type.Integer(),
  description: Type.String(),
});
export type FlowDelegateRow = Static<typeof FlowDelegateRow>;

/** `FlowDelegate/userList?flowId=`: the flow whose launch delegations to the caller are asked for. */
export const FlowDelegateUsersQuery = Type.Object({ flowId: Id });
/** One principal: a user who delegated launching the flow to the caller, for the launch page's choice. */
export const FlowDelegatePrincipal = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  account: Type.String(),
});
export type FlowDelegatePrincipal = Static<typeof FlowDelegatePrincipal>;

export const FlowMonitorRow = Type.Object({
  ...FlowLaunchRow.properties,
  /** The task id again: the 3.6 monitor opens `FlowBefore/{processId}`. */
  processId: Type.String(),
  userName: Type.String(),
  flowVersion: Type.String(),
});
export type FlowMonitorRow = Static<typeof FlowMonitorRow>;
export const FlowMonitorDelete = Type.Object({ ids: IdCsvText });

/** What an event of the monitor's event log is (the client names each in the user's language). */
export const FLOW_EVENT_TYPES = [
  'arrive',
  'todo',
  'record',
  'message',
  'timer',
  'notice',
  'overTime',
  'done',
  'cancelled',
] as const;
export type FlowEventType = (typeof FLOW_EVENT_TYPES)[number];

/**
 * `GET FlowMonitor/{taskNodeId}/EventLog`: what happened at one node instance, oldest first (the spec
 * names no columns *(guess)*): its arrival, the to-dos it gave, the acts recorded on it (`handleStatus`,
 * with the opinion as `content`), the flow messages it sent (the title; `userName` the recipients), its
 * timer and time-limit jobs (`runAt` due, `state` pending / running / done / failed) and its end.
 */
export const FlowEventLogRow = Type.Object({
  id: Type.String(),
  eventTime: Type.Number(),
  eventType: LiteralUnion(FLOW_EVENT_TYPES),
  nodeName: Type.String(),
  userName: Type.String(),
  handleStatus: Nullable(Type.Integer()),
  content: Type.String(),
  state: Type.String(),
});
export type FlowEventLogRow = Static<typeof FlowEventLogRow>;
export const FlowTaskNodeParams = Type.Object({ taskNodeId: Id });

/* ---------------------------------------------------------------- comments */

/** `GET FlowComment` (pg): the comments of one task, newest first. */
export const FlowCommentQuery = Type.Object({ ...PageQuery.properties, taskId: Id });
export type FlowCommentQuery = Static<typeof FlowCommentQuery>;

/** `POST FlowComment`: `image` and `file` are JSON text of `[{name, fileId, url}]` (the client's shape). */
export const FlowCommentInput = Type.Object({
  taskId: Id,
  text: Type.Optional(Type.String({ maxLength: 1000 })),
  image: Type.Optional(Type.String({ maxLength: 20_000 })),
  file: Type.Optional(Type.String({ maxLength: 20_000 })),
});
export type FlowCommentInput = Static<typeof FlowCommentInput>;

export const FlowCommentRow = Type.Object({
  id: Type.String(),
  taskId: Type.String(),
  text: Type.String(),
  image: Type.String(),
  file: Type.String(),
  creatorUserId: Type.String(),
  creatorUser: Type.String(),
  creatorTime: Type.Integer(),
  /** 1: the caller wrote it and may delete it. */
  isDel: Type.Integer(),
});
export type FlowCommentRow = Static<typeof FlowCommentRow>;
