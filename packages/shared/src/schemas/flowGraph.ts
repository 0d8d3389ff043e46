import { type Static, Type } from 'typebox';
import { LiteralUnion } from '../envelope.ts';

/**
 * The flow graph of protocol-workflow.md ("Graph tree"): a tree of nodes where each node's
 * `childNode` is the next step and a split hangs on the node before it (`conditionNodes` +
 * `conditionType`); the branches join again at that node's `childNode`. There is no end node: a
 * chain that stops ends the flow, and carbon copies are the `circulateUser` property.
 *
 * Properties are the 3.6 designer's bag: the fields the engine reads are typed here, every other
 * field the designer writes (buttons, messages, events) travels through untouched.
 */

export const FLOW_NODE_TYPES = ['start', 'approver', 'condition', 'timer', 'subFlow', 'empty'] as const;
export const FlowNodeType = LiteralUnion(FLOW_NODE_TYPES);
export type FlowNodeType = Static<typeof FlowNodeType>;

/** How the branches of a split are taken: condition (first match), interflow (all, parallel), branchFlow (chosen). */
export const FLOW_SPLIT_TYPES = ['condition', 'interflow', 'branchFlow'] as const;
export const FlowSplitType = LiteralUnion(FLOW_SPLIT_TYPES);
export type FlowSplitType = Static<typeof FlowSplitType>;

/** A member reference `<id>--user|role|position|department|company|group`. */
export const MEMBER_REF_PATTERN = '^[A-Za-z0-9_-]+--(user|role|position|department|company|group)$';
export const MemberRef = Type.String({ maxLength: 120, pattern: MEMBER_REF_PATTERN });
export type MemberKind = 'user' | 'role' | 'position' | 'department' | 'company' | 'group';

/** assigneeType of an approver (and initiateType of a sub-flow). */
export const AssigneeType = {
  manager: 1,
  departmentHead: 2,
  initiator: 3,
  formField: 4,
  nodeApprover: 5,
  members: 6,
  candidates: 7,
  interface: 9,
} as const;
export type AssigneeType = (typeof AssigneeType)[keyof typeof AssigneeType];

/** counterSign: 0 or-sign (one decides), 1 countersign (a ratio must agree), 2 sequential. */
export const CounterSign = { or: 0, all: 1, sequential: 2 } as const;

export const CONDITION_SYMBOLS = ['>=', '>', '==', '<=', '<', '<>', 'like', 'notLike'] as const;
export const ConditionSymbol = LiteralUnion(CONDITION_SYMBOLS);
export type ConditionSymbol = Static<typeof ConditionSymbol>;

export const ConditionItem = Type.Object({
  /** 1 a form field, 3 a formula. */
  fieldType: Type.Optional(Type.Integer()),
  field: Type.String({ maxLength: 500 }),
  symbol: ConditionSymbol,
  /** 1 another field, 2 a typed value. */
  fieldValueType: Type.Optional(Type.Integer()),
  fieldValue: Type.Optional(Type.Unknown()),
});
export type ConditionItem = Static<typeof ConditionItem>;

export const ConditionGroup = Type.Object({
  /** How the items of this group combine: 'and' | 'or' (also '&&' / '||'). */
  logic: Type.Optional(Type.String({ maxLength: 10 })),
  groups: Type.Array(ConditionItem, { maxItems: 100 }),
});
export type ConditionGroup = Static<typeof ConditionGroup>;

export const CounterSignConfig = Type.Object({
  /** 1 by ratio of agreement. */
  auditType: Type.Optional(Type.Integer()),
  /** Percentage of handlers that must agree, 1-100 (default 100). */
  auditRatio: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  rejectType: Type.Optional(Type.Integer()),
  rejectRatio: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
});

export const FormOperate = Type.Object({
  id: Type.String({ maxLength: 200 }),
  name: Type.Optional(Type.String()),
  read: Type.Boolean(),
  write: Type.Boolean(),
  required: Type.Optional(Type.Boolean()),
});
export type FormOperate = Static<typeof FormOperate>;

/** One field carried from the parent's form into a child's (a sub-flow) or the next form. */
export const FlowAssignRule = Type.Object({
  parentField: Type.String({ maxLength: 200 }),
  childField: Type.String({ maxLength: 200 }),
});
export type FlowAssignRule = Static<typeof FlowAssignRule>;

/**
 * An `assignList` entry: the 3.6 designer groups the rules by the node whose form they read
 * (`{nodeId, title, ruleList}`) *(guess)*; a bare rule is taken as well.
 */
export const FlowAssign = Type.Object({
  nodeId: Type.Optional(Type.String({ maxLength: 50 })),
  title: Type.Optional(Type.String({ maxLength: 200 })),
  ruleList: Type.Optional(Type.Array(FlowAssignRule, { maxItems: 500 })),
  parentField: Type.Optional(Type.String({ maxLength: 200 })),
  childField: Type.Optional(Type.String({ maxLength: 200 })),
});
export type FlowAssign = Static<typeof FlowAssign>;

/**
 * `on` of the time-limit, reminder and over-time settings: 0 off, 1 the node's own values, 2 the
 * start node's (an approver's "follow start"; the start itself has only 0 and 1).
 */
export const FlowTimingOn = { off: 0, custom: 1, followStart: 2 } as const;

/** Time limit (限时设置): the node counts as over time `duringDeal` hours after `nodeLimit`. */
export const FlowTimeLimitConfig = Type.Object({
  on: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  /** Counted from: 0 the task reaching the node, 1 the launch, 2 the date in form field `formField`. */
  nodeLimit: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  duringDeal: Type.Optional(Type.Number({ minimum: 0, maximum: 87_600 })),
  formField: Type.Optional(Type.String({ maxLength: 200 })),
});
export type FlowTimeLimitConfig = Static<typeof FlowTimeLimitConfig>;

/**
 * Reminders before the limit (noticeConfig) and notices after it (overTimeConfig): the first
 * `firstOver` hours after the node was reached (reminders) or after the limit (over time), then every
 * `overTimeDuring` hours; `overNotice` sends each as a flow message to the current handlers. Over time,
 * the `overAutoApproveTime`-th notice approves the node (`overAutoApprove`) and the
 * `overAutoRejectTime`-th rejects it (`overAutoReject`: this product's key, in the style of the others).
 */
export const FlowNoticeConfig = Type.Object({
  on: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  firstOver: Type.Optional(Type.Number({ minimum: 0, maximum: 87_600 })),
  overTimeDuring: Type.Optional(Type.Number({ minimum: 0, maximum: 87_600 })),
  overNotice: Type.Optional(Type.Boolean()),
  overEvent: Type.Optional(Type.Boolean()),
  overEventTime: Type.Optional(Type.Integer({ minimum: 0 })),
  overAutoApprove: Type.Optional(Type.Boolean()),
  overAutoApproveTime: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  overAutoReject: Type.Optional(Type.Boolean()),
  overAutoRejectTime: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});
export type FlowNoticeConfig = Static<typeof FlowNoticeConfig>;

/** `on` of a node event's message: 0 off, 1 a send configuration, 2 as the start node says, 3 the default in-app message. */
export const FlowMsgOn = { off: 0, custom: 1, followStart: 2, inApp: 3 } as const;

/**
 * The system values a flow message's template parameter can take (a `relationField` starting with
 * '@'); any other `relationField` names a form field.
 */
export const flowMsgSystemFields = [
  '@flowId',
  '@taskId',
  '@flowFullName',
  '@taskFullName',
  '@nodeName',
  '@launchUserId',
  '@launchUserName',
  '@flowOperatorUserId',
  '@flowOperatorUserName',
] as const;
export type FlowMsgSystemField = (typeof flowMsgSystemFields)[number];

/** One template of a send configuration and where each of its parameters takes its value. */
export const FlowMsgTemplate = Type.Object({
  templateId: Type.Optional(Type.String({ maxLength: 50 })),
  msgTemplateName: Type.Optional(Type.String({ maxLength: 200 })),
  paramJson: Type.Optional(
    Type.Array(
      Type.Object({
        field: Type.String({ maxLength: 200 }),
        fieldName: Type.Optional(Type.String({ maxLength: 200 })),
        /** A form field, or a system value of `flowMsgSystemFields`. */
        relationField: Type.Optional(Type.String({ maxLength: 200 })),
      }),
      { maxItems: 100 },
    ),
  ),
});

/** A node event's message (`xxxMsgConfig`): `msgId` is a send configuration. */
export const FlowMsgConfig = Type.Object({
  on: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
  msgId: Type.Optional(Type.String({ maxLength: 50 })),
  msgName: Type.Optional(Type.String({ maxLength: 200 })),
  templateJson: Type.Optional(Type.Array(FlowMsgTemplate, { maxItems: 20 })),
});
export type FlowMsgConfig = Static<typeof FlowMsgConfig>;

/** The node events that send messages, by their properties key. */
export const FLOW_MSG_EVENTS = [
  'waitMsgConfig',
  'endMsgConfig',
  'approveMsgConfig',
  'rejectMsgConfig',
  'copyMsgConfig',
  'overTimeMsgConfig',
  'noticeMsgConfig',
  'launchMsgConfig',
] as const;
export type FlowMsgEvent = (typeof FLOW_MSG_EVENTS)[number];

/** Where a parameter of an approver's data interface takes its value (`sourceType`). */
export const FlowParamSource = { field: 1, custom: 2, empty: 3, system: 4 } as const;

/**
 * One parameter of an approver's data interface, in the shape of the node events' `templateJson`
 * (protocol-workflow.md): `relationField` is the form field (1), the fixed text (2) or the system
 * value (4: one of `flowMsgSystemFields`, `@launchUserId`, `@flowId`, ...).
 */
export const FlowInterfaceParam = Type.Object({
  field: Type.String({ maxLength: 100 }),
  fieldName: Type.Optional(Type.String({ maxLength: 200 })),
  sourceType: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  relationField: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type FlowInterfaceParam = Static<typeof FlowInterfaceParam>;

/** Properties of every node type in one bag; which node type reads a field is said beside it. */
export const FlowNodeProperties = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 200 })),
  /** start, approver: the form the node shows (empty on an approver = the start form). */
  formId: Type.Optional(Type.String({ maxLength: 50 })),
  formName: Type.Optional(Type.String({ maxLength: 200 })),
  formOperates: Type.Optional(Type.Array(FormOperate)),
  /** start: who may launch; approver: the named members of assigneeType 6. */
  initiator: Type.Optional(Type.Array(MemberRef)),
  approvers: Type.Optional(Type.Array(MemberRef)),
  /** start, approver: carbon copies made when the node is passed. */
  circulateUser: Type.Optional(Type.Array(MemberRef)),
  isCustomCopy: Type.Optional(Type.Boolean()),
  titleType: Type.Optional(Type.Integer()),
  titleContent: Type.Optional(Type.String({ maxLength: 500 })),
  errorRule: Type.Optional(Type.Integer()),
  revokeRule: Type.Optional(Type.Integer()),
  hasSign: Type.Optional(Type.Boolean()),
  hasOpinion: Type.Optional(Type.Boolean()),
  /** approver */
  assigneeType: Type.Optional(Type.Integer()),
  managerLevel: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
  formField: Type.Optional(Type.String({ maxLength: 200 })),
  formFieldType: Type.Optional(Type.Integer()),
  /** approver of assigneeType 5: the node whose handlers handle this one. */
  nodeId: Type.Optional(Type.String({ maxLength: 50 })),
  /** approver of assigneeType 9: the data interface whose answer names the handlers, and its parameters. */
  interfaceId: Type.Optional(Type.String({ maxLength: 50 })),
  templateJson: Type.Optional(Type.Array(FlowInterfaceParam, { maxItems: 100 })),
  extraRule: Type.Optional(Type.Integer()),
  counterSign: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  counterSignConfig: Type.Optional(CounterSignConfig),
  approversSortList: Type.Optional(Type.Array(Type.String({ maxLength: 120 }))),
  rejectType: Type.Optional(Type.Integer()),
  /** '0' start, '1' previous, '2' chosen at run time, or a nodeId. */
  rejectStep: Type.Optional(Type.String({ maxLength: 50 })),
  isInterflow: Type.Optional(Type.Boolean()),
  isBranchFlow: Type.Optional(Type.Boolean()),
  /** condition */
  conditions: Type.Optional(Type.Array(ConditionGroup, { maxItems: 50 })),
  matchLogic: Type.Optional(Type.String({ maxLength: 10 })),
  priority: Type.Optional(Type.Integer()),
  isDefault: Type.Optional(Type.Boolean()),
  /** timer */
  day: Type.Optional(Type.Integer({ minimum: 0 })),
  hour: Type.Optional(Type.Integer({ minimum: 0 })),
  minute: Type.Optional(Type.Integer({ minimum: 0 })),
  second: Type.Optional(Type.Integer({ minimum: 0 })),
  /** approver (start: the defaults its approvers follow) */
  timeLimitConfig: Type.Optional(FlowTimeLimitConfig),
  noticeConfig: Type.Optional(FlowNoticeConfig),
  overTimeConfig: Type.Optional(FlowNoticeConfig),
  waitMsgConfig: Type.Optional(FlowMsgConfig),
  endMsgConfig: Type.Optional(FlowMsgConfig),
  approveMsgConfig: Type.Optional(FlowMsgConfig),
  rejectMsgConfig: Type.Optional(FlowMsgConfig),
  copyMsgConfig: Type.Optional(FlowMsgConfig),
  overTimeMsgConfig: Type.Optional(FlowMsgConfig),
  noticeMsgConfig: Type.Optional(FlowMsgConfig),
  launchMsgConfig: Type.Optional(FlowMsgConfig),
  /** subFlow */
  isAsync: Type.Optional(Type.Boolean()),
  flowId: Type.Optional(Type.String({ maxLength: 50 })),
  initiateType: Type.Optional(Type.Integer()),
  autoSubmit: Type.Optional(Type.Boolean()),
  /** subFlow: the child's form values taken from the parent's. */
  assignList: Type.Optional(Type.Array(FlowAssign, { maxItems: 100 })),
});
export type FlowNodeProperties = Static<typeof FlowNodeProperties>;

export const FlowNode = Type.Cyclic(
  {
    FlowNode: Type.Object({
      type: FlowNodeType,
      /** 6 hex characters the designer makes; unique in a graph. */
      nodeId: Type.String({ minLength: 1, maxLength: 50 }),
      prevId: Type.Optional(Type.String({ maxLength: 50 })),
      content: Type.Optional(Type.String({ maxLength: 2000 })),
      properties: FlowNodeProperties,
      childNode: Type.Optional(Type.Union([Type.Ref('FlowNode'), Type.Null()])),
      conditionNodes: Type.Optional(Type.Array(Type.Ref('FlowNode'), { maxItems: 50 })),
      conditionType: Type.Optional(FlowSplitType),
    }),
  },
  'FlowNode',
);
export type FlowNode = Static<typeof FlowNode>;

/** One problem found by `validateFlowGraph`: the node, and a message key of the `workflow` area. */
export interface FlowGraphProblem {
  nodeId: string;
  nodeName: string;
  key: FlowGraphProblemKey;
}
export type FlowGraphProblemKey =
  | 'workflow.graph.notStart'
  | 'workflow.graph.duplicateNode'
  | 'workflow.graph.branchNotCondition'
  | 'workflow.graph.tooFewBranches'
  | 'workflow.graph.conditionEmpty'
  | 'workflow.graph.noApprover'
  | 'workflow.graph.noManagerLevel'
  | 'workflow.graph.noFormField'
  | 'workflow.graph.unknownNode'
  | 'workflow.graph.noInterface'
  | 'workflow.graph.badRejectStep'
  | 'workflow.graph.timerEmpty'
  | 'workflow.graph.noSubFlow'
  | 'workflow.graph.misplacedStart'
  | 'workflow.graph.noApproverNode';
