import {
  CounterSign,
  type FlowActionBody,
  type FlowBatchBody,
  type FlowNode,
  type FlowOperatorAction,
  flowOperatorRefusal,
  HandleStatus,
} from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { JobRepository } from '../../core/jobs/job.repository.ts';
import type { Session } from '../../core/session.ts';
import type { Trx } from '../../db/database.ts';
import { countersignStillReachable } from './countersign-rules.ts';
import { DelegateRepository } from './delegate.repository.ts';
import { delegationCovers } from './delegate.service.ts';
import {
  type Choices,
  type FlowRunner,
  type FormValues,
  guard,
  notifyInitiator,
  type Run,
  record,
  recordOf,
} from './engine-run.ts';
import type { FlowWalker } from './engine-walk.ts';
import { startDeadline } from './flow-timing.ts';
import { NodeState, type OperatorRow, OperatorState, type TaskRow } from './task.repository.ts';

/** The user a to-do is handed to (transfer) or added for (add signer): an enabled user, not oneself. */
async function checkAddressee(run: Run, session: Session, to: string) {
  if (!(await run.members.enabledUsers([to])).length) throw new BusinessError('workflow.pickUser');
  if (to === session.userId) throw new BusinessError('workflow.notToSelf');
}

/** What an approver does on their own to-do row (or on a delegator's): agree, reject, transfer, add a signer, save, recall. */
export class OperatorActions {
  constructor(
    private readonly runner: FlowRunner,
    private readonly walker: FlowWalker,
  ) {}

  /**
   * Runs `action` on the task of operator `operatorId` held by the caller (or by one who delegated
   * to them): the task locked, then the operator, and refused as the state table says when the task
   * or the row cannot be acted on any more, in the caller's language.
   */
  private onOperator<T>(
    action: FlowOperatorAction,
    session: Session,
    operatorId: string,
    body: Choices & { formData?: FormValues },
    act: (run: Run, operator: OperatorRow) => Promise<T>,
  ): Promise<T> {
    const open = async (trx: Trx, task: TaskRow, operator: OperatorRow) => {
      if (operator.handleId !== session.userId) {
        const delegated = await new DelegateRepository(trx).activeTo(session.userId);
        if (!delegated.some((d) => d.userId === operator.handleId && delegationCovers(d.flowId, task.templateId)))
          throw new BusinessError('workflow.notYours');
      }
      guard(action, task);
      const refusal = flowOperatorRefusal(action, operator.state);
      if (refusal) throw new BusinessError(refusal);
    };
    return this.runner.onOperator(operatorId, { choices: body, actor: session.userId }, open, act);
  }

  /**
   * The form values an approver may change: the fields its node lets it write. A form's flow
   * writes them to the task's record too (checked as an edit of it), so the list shows what was approved.
   */
  private async applyFormData(
    run: Run,
    node: FlowNode | undefined,
    formData: FormValues | undefined,
    approver: string,
  ) {
    if (!formData) return;
    const operates = node?.properties.formOperates;
    const writable = operates?.length ? new Set(operates.filter((o) => o.write).map((o) => o.id)) : null;
    const changes: FormValues = {};
    for (const [key, value] of Object.entries(formData)) {
      if (writable && !writable.has(key)) continue;
      changes[key] = value;
    }
    if (!Object.keys(changes).length) return;
    const saved = run.task.formId
      ? await this.runner.forms.saveApproved(run.trx, run.task.formId, run.task.id, approver, changes, writable)
      : undefined;
    Object.assign(run.values, changes, saved);
    await run.tasks.updateTask(run.task.id, { formData: JSON.stringify(run.values) });
  }

  /**
   * `hasSign` (on the flow's start node for every approval, or on the approver node itself): an
   * agreement or rejection without a signature image is refused before anything changes.
   */
  private checkSigned(run: Run, node: FlowNode | undefined, body: FlowActionBody) {
    const asked = run.graph.root.properties.hasSign === true || node?.properties.hasSign === true;
    if (asked && !body.signImg?.trim()) throw new BusinessError('workflow.signRequired');
  }

  async audit(session: Session, operatorId: string, body: FlowActionBody) {
    await this.onOperator('audit', session, operatorId, body, async (run, operator) => {
      const node = run.graph.node(operator.nodeCode);
      this.checkSigned(run, node, body);
      await this.applyFormData(run, node, body.formData, session.userId);
      // The row, its record and the node's operators after it: one statement.
      const ops = await run.tasks.act(
        operator,
        { state: OperatorState.done, handleStatus: HandleStatus.agree, handleTime: new Date(), draftData: null },
        recordOf(run, { ...operator, operatorId: operator.id }, session.userId, HandleStatus.agree, body),
      );
      if (operator.kind === 1 && operator.parentId) {
        // An added "before" signer agreed: the one who added them acts now.
        await run.tasks.updateOperator(operator.parentId, { state: OperatorState.current });
      } else if (node) await this.walker.settleNode(run, operator.taskNodeId, node, body.copyIds, ops);
      await this.walker.settleTask(run);
    });
  }

  async reject(session: Session, operatorId: string, body: FlowActionBody) {
    await this.onOperator('reject', session, operatorId, body, async (run, operator) => {
      const node = run.graph.node(operator.nodeCode);
      this.checkSigned(run, node, body);
      const ops = await run.tasks.act(
        operator,
        { state: OperatorState.done, handleStatus: HandleStatus.reject, handleTime: new Date() },
        recordOf(run, { ...operator, operatorId: operator.id }, session.userId, HandleStatus.reject, body),
      );
      if (node?.properties.counterSign === CounterSign.all && operator.kind === 0) {
        // A countersign node is rejected only once its ratio can no longer be reached.
        if (countersignStillReachable(ops, this.walker.ratio(node))) {
          await this.walker.settleTask(run);
          return;
        }
      }
      const step = body.rejectStep || node?.properties.rejectStep || '0';
      if (node) await notifyInitiator(run, 'rejectMsgConfig', node, operator.taskNodeId);
      await this.walker.rejectTo(run, operator.taskNodeId, step);
      await this.walker.settleTask(run);
    });
  }

  async saveAudit(session: Session, operatorId: string, body: FlowActionBody) {
    await this.onOperator('saveAudit', session, operatorId, body, async (run, operator) => {
      await run.tasks.updateOperator(operator.id, { draftData: JSON.stringify(body) });
    });
  }

  async transfer(session: Session, operatorId: string, body: FlowActionBody) {
    const to = body.freeApproverUserId;
    if (!to) throw new BusinessError('workflow.pickUser');
    await this.onOperator('transfer', session, operatorId, body, async (run, operator) => {
      await checkAddressee(run, session, to);
      await run.tasks.updateOperator(operator.id, { handleId: to });
      await record(run, { ...operator, operatorId: operator.id }, session.userId, HandleStatus.transfer, body, to);
    });
  }

  /** Add signer: 1 before me (they act first, then me), 2 after me (I agree now, they decide after). */
  async freeApprover(session: Session, operatorId: string, body: FlowActionBody) {
    const to = body.freeApproverUserId;
    if (!to) throw new BusinessError('workflow.pickUser');
    await this.onOperator('freeApprover', session, operatorId, body, async (run, operator) => {
      await checkAddressee(run, session, to);
      const before = body.freeApproverType !== 2;
      const added = {
        id: newId(),
        taskId: run.task.id,
        taskNodeId: operator.taskNodeId,
        nodeCode: operator.nodeCode,
        nodeName: operator.nodeName,
        handleId: to,
        state: OperatorState.current,
        kind: before ? 1 : 2,
        parentId: operator.id,
        sortCode: operator.sortCode,
      };
      if (before) await run.tasks.updateOperator(operator.id, { state: OperatorState.waiting });
      else
        await run.tasks.updateOperator(operator.id, {
          state: OperatorState.done,
          handleStatus: HandleStatus.agree,
          handleTime: new Date(),
        });
      await run.tasks.insertOperators([added]);
      const status = before ? HandleStatus.addSignerBefore : HandleStatus.addSignerAfter;
      await record(run, { ...operator, operatorId: operator.id }, session.userId, status, body, to);
    });
  }

  /**
   * Recall: the approver takes back an agreement while the nodes it led to are untouched; its node
   * becomes current again with the approver to act.
   */
  async recall(session: Session, operatorId: string, body: FlowActionBody) {
    await this.onOperator('recall', session, operatorId, body, async (run, operator) => {
      if (operator.handleStatus !== HandleStatus.agree) throw new BusinessError('workflow.cannotRecall');
      const nodes = await run.tasks.nodes(run.task.id);
      const own = nodes.find((n) => n.id === operator.taskNodeId);
      const later = nodes.filter((n) => n.prevNodeId === operator.taskNodeId && n.state === NodeState.current);
      const ops = await run.tasks.operators(run.task.id);
      const touched = ops.some(
        (o) => later.some((n) => n.id === o.taskNodeId) && (o.state === OperatorState.done || o.handleStatus !== null),
      );
      const ownDone = own?.state === NodeState.done;
      if (touched || (ownDone && !later.length)) throw new BusinessError('workflow.cannotRecall');
      await run.tasks.cancelOpenOperators(later.map((n) => n.id));
      await run.tasks.setNodeState(
        later.map((n) => n.id),
        NodeState.cancelled,
      );
      if (ownDone) {
        await run.tasks.setNodeState([operator.taskNodeId], NodeState.current);
        // The node is reached again: its time limit counts anew, with reminders and notices as on arrival.
        const node = run.graph.node(operator.nodeCode);
        await new JobRepository(run.trx).cancelByRef([operator.taskNodeId]);
        if (node) await startDeadline(run, node, operator.taskNodeId);
      }
      // Operators cancelled when the node was decided act again with the recalling one.
      for (const o of ops)
        if (o.taskNodeId === operator.taskNodeId && (o.id === operator.id || o.state === OperatorState.cancelled))
          await run.tasks.updateOperator(o.id, { state: OperatorState.current, handleStatus: null, handleTime: null });
      await record(run, { ...operator, operatorId: operator.id }, session.userId, HandleStatus.withdraw, body);
      run.joins = JSON.parse(run.task.joins) as Record<string, number>;
      await this.walker.settleTask(run);
    });
  }

  /** Batch: each item in its own transaction; answers how many succeeded and failed. */
  async batch(session: Session, body: FlowBatchBody) {
    let success = 0;
    let failed = 0;
    for (const id of body.ids) {
      try {
        if (body.batchType === 0) await this.audit(session, id, body);
        else if (body.batchType === 1) await this.reject(session, id, body);
        else await this.transfer(session, id, body);
        success++;
      } catch (error) {
        if (!(error instanceof BusinessError)) throw error;
        failed++;
      }
    }
    return { success, failed };
  }
}
