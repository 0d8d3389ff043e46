import {
  AssigneeType,
  chooseConditionBranch,
  type ErrorRuleNode,
  type FlowCandidates,
  type FlowNode,
  type FlowTaskInput,
  FlowTaskStatus,
  flowActStatus,
  flowNodeName,
} from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { memberReferences } from '../../core/permissions.repository.ts';
import type { Session } from '../../core/session.ts';
import type { Trx } from '../../db/database.ts';
import { checkLaunchDelegations } from './delegate.service.ts';
import { type FlowRunner, type FormValues, guard, type Run } from './engine-run.ts';
import type { FlowWalker } from './engine-walk.ts';
import { FlowDefinitionRepository } from './flow-definition.repository.ts';
import { GraphIndex } from './flow-graph-index.ts';
import { emptyOutbox, type FlowOutbox } from './flow-notify.ts';
import { MemberRepository } from './member.repository.ts';
import { TaskRepository, type TaskRow } from './task.repository.ts';

/** Handlers could not be found for these nodes: the launch answers them so the user picks. */
class HandlersNeeded extends Error {
  constructor(readonly nodes: ErrorRuleNode[]) {
    super('handlers needed');
  }
}

/** Launching a flow: a draft saved, a task (re)submitted, and what the user must pick before it goes on. */
export class FlowLauncher {
  constructor(
    private readonly runner: FlowRunner,
    private readonly walker: FlowWalker,
  ) {}

  /**
   * Launch or draft. With `delegateUserList` (delegated launch) the caller launches on behalf of
   * each principal listed: one task each, whose initiator is the principal, all in one transaction
   * and only when every principal's launch delegation to the caller covers the flow now.
   */
  async launch(session: Session, input: FlowTaskInput, taskId?: string): Promise<{ id: string } | ErrorRuleNode[]> {
    const outbox = emptyOutbox();
    const principals = [...new Set(input.delegateUserList ?? [])];
    try {
      const saved = await this.runner.db.transaction().execute(async (trx) => {
        const flow = await new FlowDefinitionRepository(trx).flow(input.flowId);
        if (!flow?.graph || !flow.mainVersionId) throw new BusinessError('workflow.flowUnknown');
        if (flow.enabledMark !== 1) throw new BusinessError('workflow.flowDisabled');
        const launching = { trx, session, input, flow, graph: GraphIndex.parse(flow.graph), outbox };
        const givenId = taskId || input.id;
        if (!principals.length)
          return this.launchFor(launching, { initiator: session.userId, taskId: givenId || newId() });
        // The task id of a form's flow is the form record's id: one record, one principal.
        if (flow.formId && principals.length > 1) throw new BusinessError('workflow.delegateOneForForm');
        await checkLaunchDelegations(trx, session.userId, principals, flow.templateId);
        const launched: { id: string }[] = [];
        for (const [index, principal] of principals.entries())
          launched.push(
            await this.launchFor(launching, {
              initiator: principal,
              taskId: (index === 0 && givenId) || newId(),
              delegated: true,
            }),
          );
        return launched[0] as { id: string };
      });
      await this.runner.announce(outbox);
      return saved;
    } catch (error) {
      if (error instanceof HandlersNeeded) return error.nodes;
      throw error;
    }
  }

  /** One task of a launch: saved as a draft or submitted, for `initiator` (the caller, or a principal of theirs). */
  private async launchFor(
    launching: {
      trx: Trx;
      session: Session;
      input: FlowTaskInput;
      flow: NonNullable<Awaited<ReturnType<FlowDefinitionRepository['flow']>>>;
      graph: GraphIndex;
      outbox: FlowOutbox;
    },
    { initiator, taskId: id, delegated = false }: { initiator: string; taskId: string; delegated?: boolean },
  ): Promise<{ id: string }> {
    const { trx, session, input, flow, graph, outbox } = launching;
    const tasks = new TaskRepository(trx);
    const members = new MemberRepository(trx);
    // Status 1 (or anything but 0) saves a draft; 0 submits.
    const draft = Number(input.status) !== 0;
    const initiators = graph.root.properties.initiator ?? [];
    // A delegate launches with the principal's right to launch, never with their own.
    if (initiators.length && (delegated || !session.isAdministrator)) {
      const mine = await memberReferences(trx, initiator);
      if (!initiators.some((ref) => mine.has(ref))) throw new BusinessError('workflow.mayNotLaunch');
    }
    const existing = await tasks.lockTask(id);
    if (existing) {
      if (existing.creatorUserId !== initiator) throw new BusinessError('workflow.notYours');
      guard(draft ? 'save' : 'submit', existing);
    }
    // A form's flow launches a record of it (task id = record id); the task carries its saved values.
    const saved = flow.formId
      ? await this.runner.forms.saveLaunched(trx, flow.formId, id, initiator, input.formData)
      : {};
    const formData = { ...input.formData, ...saved };
    const base = {
      templateId: flow.templateId,
      flowId: flow.id,
      versionId: flow.mainVersionId as string,
      fullName: flow.templateName,
      formId: flow.formId,
      formData: JSON.stringify(formData),
      flowUrgent: input.flowUrgent ?? 1,
    };
    if (existing) await tasks.updateTask(id, { ...base, lastModifyTime: new Date() });
    else await tasks.insertTask({ id, ...base, creatorUserId: initiator, status: FlowTaskStatus.draft });
    if (draft) {
      await tasks.updateTask(id, { status: flowActStatus('save'), thisStep: '', thisStepId: '' });
      await this.runner.mirror(trx, id);
      return { id };
    }
    await tasks.updateTask(id, {
      status: flowActStatus('submit'),
      startTime: new Date(),
      endTime: null,
      completion: 0,
      joins: '{}',
      suspend: false,
    });
    const task = (await tasks.lockTask(id)) as TaskRow;
    const run: Run = {
      trx,
      tasks,
      members,
      task,
      graph,
      values: formData,
      joins: {},
      choices: input,
      needs: [],
      actor: session.userId,
      outbox,
    };
    await this.walker.walkFromStart(run, session.userId, input.copyIds, delegated ? initiator : '');
    if (run.needs.length) throw new HandlersNeeded(run.needs);
    await this.walker.settleTask(run);
    await this.runner.mirror(trx, id);
    return { id };
  }

  /**
   * `Candidates/{X|'0'}`: what the user must answer before going on from the start (X = '0') or
   * from the operator X's node: branches to choose (a choice split), or candidates to pick.
   */
  async candidates(
    session: Session,
    operatorId: string,
    input: { flowId?: string; formData?: FormValues },
  ): Promise<FlowCandidates> {
    let graph: GraphIndex;
    let from: FlowNode | undefined;
    let values: FormValues = input.formData ?? {};
    const tasks = new TaskRepository(this.runner.db);
    if (operatorId === '0') {
      const flow = input.flowId ? await new FlowDefinitionRepository(this.runner.db).flow(input.flowId) : undefined;
      if (!flow?.graph) throw new BusinessError('workflow.flowUnknown');
      graph = GraphIndex.parse(flow.graph);
      from = graph.root;
    } else {
      const operator = await tasks.operator(operatorId);
      if (!operator || operator.handleId !== session.userId) throw new BusinessError('workflow.notYours');
      const task = await tasks.task(operator.taskId);
      if (!task) throw new NotFoundError();
      const version = await new FlowDefinitionRepository(this.runner.db).version(task.versionId);
      if (!version) throw new NotFoundError();
      graph = GraphIndex.parse(version.graph);
      from = graph.node(operator.nodeCode);
      values = { ...(JSON.parse(task.formData) as FormValues), ...values };
    }
    const list: FlowCandidates['list'] = [];
    const visit = (node: FlowNode | null | undefined, depth: number) => {
      if (!node || depth > 50) return;
      if (node.type === 'approver') {
        if (node.properties.assigneeType === AssigneeType.candidates)
          list.push({ nodeId: node.nodeId, nodeName: flowNodeName(node), isBranchFlow: false, isCandidates: true });
        return;
      }
      if (node.type === 'condition' || node.type === 'empty') next(node, depth);
    };
    const next = (node: FlowNode, depth: number) => {
      const branches = node.conditionNodes ?? [];
      if (branches.length) {
        const kind = node.conditionType ?? 'condition';
        if (kind === 'branchFlow') {
          for (const b of branches)
            list.push({ nodeId: b.nodeId, nodeName: flowNodeName(b), isBranchFlow: true, isCandidates: false });
          return;
        }
        const taken = kind === 'interflow' ? branches : [chooseConditionBranch(branches, values)].filter(Boolean);
        for (const b of taken) visit(b, depth + 1);
        return;
      }
      if (node.childNode) visit(node.childNode, depth + 1);
      else {
        const split = graph.joinOf(node);
        if (split?.childNode) visit(split.childNode, depth + 1);
      }
    };
    if (from) next(from, 0);
    const type = list.some((n) => n.isBranchFlow) ? 1 : list.length ? 2 : 3;
    return { type, list };
  }
}
