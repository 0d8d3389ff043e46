import {
  type ErrorRuleNode,
  type FlowActionBody,
  type FlowMsgEvent,
  type FlowNode,
  type FlowTaskAction,
  flowActRefusal,
  flowNodeName,
} from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import type { Db, Trx } from '../../db/database.ts';
import { MessageService, MessageType } from '../message/message.service.ts';
import type { MessageSender } from '../sendConfig/message-outbox.ts';
import type { FlowFormRecords } from '../visualdev/record.service.ts';
import { FlowDefinitionRepository } from './flow-definition.repository.ts';
import { GraphIndex } from './flow-graph-index.ts';
import {
  emptyOutbox,
  type FlowDetailConfig,
  type FlowMessageContext,
  FlowNotifier,
  type FlowOutbox,
  msgConfigOf,
} from './flow-notify.ts';
import { MemberRepository } from './member.repository.ts';
import { type OperatorRow, TaskRepository, type TaskRow } from './task.repository.ts';

export type FormValues = Record<string, unknown>;
/** Where a record is made: the node instance, and the operator row when one acted. */
export type RecordAt = { taskNodeId: string | null; nodeCode: string; nodeName: string; operatorId?: string };
export type Choices = Pick<FlowActionBody, 'candidateList' | 'branchList' | 'copyIds' | 'errorRuleUserList'>;

/** What one action works on, inside its transaction. */
export interface Run {
  trx: Trx;
  tasks: TaskRepository;
  members: MemberRepository;
  task: TaskRow;
  graph: GraphIndex;
  values: FormValues;
  joins: Record<string, number>;
  choices: Choices;
  needs: ErrorRuleNode[];
  /** Who acts (null: the engine itself, a time limit); the messages the action sends name them. */
  actor: string | null;
  /** Flow messages of this transaction: pushed and sent through their other channels once it commits. */
  outbox: FlowOutbox;
  /**
   * Set on a sub-flow child started by its parent's run: the parent's run checks its children
   * itself once all are started, so the child's end does not go on into the parent (locked and mid-walk).
   */
  startedByParent?: boolean;
}

export const END_STEP = '结束';

/** Refuses `action` on the task when the state table does not allow it from the task's status. */
export function guard(action: FlowTaskAction, task: Pick<TaskRow, 'status'>) {
  const refusal = flowActRefusal(action, task.status);
  if (refusal) throw new BusinessError(refusal);
}

/** Nodes left without handlers after a walk refuse the action, naming them. */
export function refuseNeeds(run: Pick<Run, 'needs'>) {
  if (run.needs.length)
    throw new BusinessError('workflow.noHandler', { node: run.needs.map((n) => n.nodeName).join(',') });
}

/** An approval record's row. */
export function recordOf(
  run: Pick<Run, 'task'>,
  at: RecordAt,
  handleId: string,
  handleStatus: number,
  body: Pick<FlowActionBody, 'handleOpinion' | 'signImg' | 'fileList'>,
  operatorUser = '',
) {
  return {
    id: newId(),
    taskId: run.task.id,
    taskNodeId: at.taskNodeId,
    taskOperatorId: at.operatorId ?? null,
    nodeCode: at.nodeCode,
    nodeName: at.nodeName,
    handleId,
    handleStatus,
    handleOpinion: body.handleOpinion ?? '',
    signImg: body.signImg ?? '',
    fileList: JSON.stringify(body.fileList ?? []),
    operatorId: operatorUser,
  };
}

export async function record(
  run: Pick<Run, 'tasks' | 'task'>,
  at: RecordAt,
  handleId: string,
  handleStatus: number,
  body: Pick<FlowActionBody, 'handleOpinion' | 'signImg' | 'fileList'>,
  operatorUser = '',
) {
  await run.tasks.insertRecord(recordOf(run, at, handleId, handleStatus, body, operatorUser));
}

/** The start node as where a task-wide record is made. */
export function atStart(run: Pick<Run, 'graph'>): RecordAt {
  return { taskNodeId: null, nodeCode: run.graph.root.nodeId, nodeName: flowNodeName(run.graph.root) };
}

export function messageContext(run: Run): FlowMessageContext {
  return { task: run.task, values: run.values, operatorUserId: run.actor };
}

export function detailConfig(run: Run, type: FlowDetailConfig['type'], taskNodeId: string, taskOperatorId: string) {
  return { type, processId: run.task.id, flowId: run.task.flowId, taskNodeId, taskOperatorId };
}

/** A node event's message to handlers of the node: each opens their own to-do row. */
export async function notifyHandlers(
  run: Run,
  event: FlowMsgEvent,
  node: FlowNode,
  operators: Pick<OperatorRow, 'id' | 'handleId' | 'taskNodeId'>[],
  fallback?: number,
) {
  const config = msgConfigOf(event, node, run.graph.root, fallback);
  const recipients = operators.map((o) => ({ userId: o.handleId, config: detailConfig(run, 2, o.taskNodeId, o.id) }));
  await new FlowNotifier(run.trx, run.outbox).send(event, config, node, recipients, messageContext(run));
}

/** A node event's message to the initiator, opening the task as "mine". */
export async function notifyInitiator(run: Run, event: FlowMsgEvent, node: FlowNode, taskNodeId: string | null) {
  const config = msgConfigOf(event, node, run.graph.root);
  const recipients = [{ userId: run.task.creatorUserId, config: detailConfig(run, 1, taskNodeId ?? '', '') }];
  await new FlowNotifier(run.trx, run.outbox).send(event, config, node, recipients, messageContext(run));
}

/**
 * Opens runs: the graph cache, the transaction of an action on a task, the task's status mirrored
 * onto its form's record, and the messages announced once the transaction committed.
 */
export class FlowRunner {
  private readonly graphs = new Map<string, GraphIndex>();

  constructor(
    readonly db: Db,
    readonly forms: FlowFormRecords,
    private readonly bus?: EventBus,
    private readonly messages?: MessageSender,
  ) {}

  /**
   * After a transaction committed: pushes the messages it delivered to their recipients' sockets,
   * and wakes the job runner for the e-mail, SMS, ... it queued (the answer does not wait for them).
   */
  async announce(outbox: FlowOutbox) {
    if (outbox.queued) this.messages?.wake();
    if (!this.bus) return;
    for (const sent of outbox.announcements)
      await MessageService.announce(this.bus, { ...sent, messageType: MessageType.flow });
  }

  /**
   * The task's status onto its generated form's record (`flowState`), when the form keeps one under
   * the task id. `statusBefore`: the status the action began with, which the record already holds;
   * nothing is written when it did not change.
   */
  async mirror(trx: Trx, taskId: string, statusBefore?: number) {
    const task = await new TaskRepository(trx).taskStatus(taskId);
    if (!task?.formId || task.status === statusBefore) return;
    await this.forms.setFlowState(trx, task.formId, taskId, task.status);
  }

  async openRun(
    trx: Trx,
    task: TaskRow,
    { choices = {}, actor, outbox }: { choices?: Choices; actor: string | null; outbox: FlowOutbox },
  ): Promise<Run> {
    return {
      actor,
      outbox,
      trx,
      tasks: new TaskRepository(trx),
      members: new MemberRepository(trx),
      task,
      graph: await this.graphOf(trx, task.versionId),
      values: JSON.parse(task.formData) as FormValues,
      joins: JSON.parse(task.joins) as Record<string, number>,
      choices,
      needs: [],
    };
  }

  /**
   * The graph of a flow version. Versions are written once and never changed (a new graph is a new
   * version), so a parsed graph is kept by id: one statement fewer per action.
   */
  async graphOf(trx: Db | Trx, versionId: string): Promise<GraphIndex> {
    const kept = this.graphs.get(versionId);
    if (kept) return kept;
    const version = await new FlowDefinitionRepository(trx).version(versionId);
    if (!version) throw new NotFoundError();
    const graph = GraphIndex.parse(version.graph);
    if (this.graphs.size >= 500) this.graphs.delete(this.graphs.keys().next().value as string);
    this.graphs.set(versionId, graph);
    return graph;
  }

  /**
   * One transaction on a task: locks it (its parent chain first), runs `act`, mirrors a changed
   * status onto the form's record, and announces the messages once committed.
   */
  async onTask<T>(taskId: string, actor: string, act: (run: Run) => Promise<T>): Promise<T> {
    const outbox = emptyOutbox();
    const result = await this.db.transaction().execute(async (trx) => {
      const task = await new TaskRepository(trx).lockTask(taskId);
      if (!task) throw new BusinessError('workflow.taskUnknown');
      const statusBefore = task.status;
      const result = await act(await this.openRun(trx, task, { actor, outbox }));
      if (task.formId) await this.mirror(trx, task.id, statusBefore);
      return result;
    });
    await this.announce(outbox);
    return result;
  }

  /**
   * One transaction on the task of an operator row: locks the task, then the operator, lets `open`
   * check them (and refuse in the caller's language), runs `act`, and mirrors and announces as `onTask`.
   */
  async onOperator<T>(
    operatorId: string,
    { choices, actor }: { choices: Choices; actor: string },
    open: (trx: Trx, task: TaskRow, operator: OperatorRow) => Promise<void>,
    act: (run: Run, operator: OperatorRow) => Promise<T>,
  ): Promise<T> {
    const outbox = emptyOutbox();
    const result = await this.db.transaction().execute(async (trx) => {
      const tasks = new TaskRepository(trx);
      const task = await tasks.lockTaskOfOperator(operatorId);
      if (!task) throw new BusinessError('workflow.operatorUnknown');
      const operator = await tasks.lockOperator(operatorId);
      if (!operator) throw new BusinessError('workflow.operatorUnknown');
      await open(trx, task, operator);
      const statusBefore = task.status;
      const run = await this.openRun(trx, task, { choices, actor, outbox });
      const result = await act(run, operator);
      refuseNeeds(run);
      // Only a task of a generated form has a record to mirror its status onto (its formId never changes).
      if (task.formId) await this.mirror(trx, task.id, statusBefore);
      return result;
    });
    await this.announce(outbox);
    return result;
  }
}
