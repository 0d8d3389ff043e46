import {
  AssigneeType,
  type DataInterfaceDataRow,
  type DataInterfaceParamValue,
  type FlowInterfaceParam,
  type FlowNode,
  FlowParamSource,
  flowNodeName,
  HandleStatus,
  type MemberKind,
} from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Session } from '../../core/session.ts';
import type { Trx } from '../../db/database.ts';
import type { Caller } from '../dataInterface/data-interface.service.ts';
import { detailConfig, type FormValues, messageContext, type Run } from './engine-run.ts';
import { FlowNotifier, msgConfigOf } from './flow-notify.ts';

/** The data-interface calls the engine makes to name a node's approvers (the app's `DataInterfaceService`). */
export interface ApproverInterfaces {
  rowsWithin(
    trx: Trx,
    id: string,
    paramList: DataInterfaceParamValue[],
    caller: Caller,
  ): Promise<DataInterfaceDataRow[]>;
}

/** Keys a row of an approver interface's answer may hold its user id(s) under, lower-cased and without `_`. */
const userIdKeys = ['handleid', 'userid', 'fid', 'id', 'value'];

/**
 * The user ids in an approver interface's answer, taken liberally: rows with a user id column
 * (`handleId` as the spec's reply has it, `userId`, `F_Id`, `id`...), plain ids, comma-separated text.
 */
export function userIdsOfAnswer(rows: readonly unknown[]): string[] {
  const out: string[] = [];
  const add = (value: unknown) => {
    if (Array.isArray(value)) for (const item of value) add(item);
    else if (typeof value === 'string' || typeof value === 'number')
      out.push(
        ...String(value)
          .split(',')
          .map((id) => id.trim()),
      );
  };
  for (const row of rows) {
    if (!row || typeof row !== 'object' || Array.isArray(row)) {
      add(row);
      continue;
    }
    const byKey = new Map(Object.entries(row).map(([k, v]) => [k.toLowerCase().replace(/_/g, ''), v]));
    const key = userIdKeys.find((k) => byKey.has(k));
    if (key) add(byKey.get(key));
  }
  return unique(out);
}

const parseRef = (ref: string): [string, MemberKind] => {
  const [id = '', kind = 'user'] = ref.split('--');
  return [id, kind as MemberKind];
};
export const unique = (ids: string[]) => [...new Set(ids.filter(Boolean))];
const csv = (text: string | undefined) => unique((text ?? '').split(','));

/** The value an approver interface's parameter takes: a form field's, a fixed text, nothing, or a system value. */
function paramValue(param: FlowInterfaceParam, values: FormValues, system: Record<string, string>): string {
  const source = param.relationField ?? '';
  switch (param.sourceType ?? FlowParamSource.field) {
    case FlowParamSource.field: {
      const value = values[source];
      if (value === undefined || value === null) return '';
      if (Array.isArray(value)) return value.map(String).join(',');
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
    case FlowParamSource.custom:
      return source;
    case FlowParamSource.system:
      return system[source] ?? '';
    default:
      return '';
  }
}

/** Who handles a node: an approver node's approvers, a sub-flow's initiators, the copies of a passed node. */
export class FlowAssignees {
  constructor(private readonly interfaces?: ApproverInterfaces) {}

  /** The users who handle `node` by its `assigneeType` (or as the user picked for it when none were found). */
  async handlersOf(run: Run, node: FlowNode): Promise<string[]> {
    const p = node.properties;
    const given = run.choices.errorRuleUserList?.[node.nodeId];
    if (given?.length) return run.members.enabledUsers(unique(given));
    const initiator = run.task.creatorUserId;
    const byRefs = async (refs: string[]) => {
      const out: string[] = [];
      for (const ref of refs) {
        const [id, kind] = parseRef(ref);
        out.push(...(await run.members.usersOf(kind, [id])));
      }
      return unique(out);
    };
    switch (p.assigneeType ?? AssigneeType.members) {
      case AssigneeType.initiator:
        return [initiator];
      case AssigneeType.manager: {
        const manager = await run.members.managerAt(initiator, p.managerLevel ?? 1);
        return manager ? run.members.enabledUsers([manager]) : [];
      }
      case AssigneeType.departmentHead: {
        const head = await run.members.departmentHead(initiator);
        return head ? run.members.enabledUsers([head]) : [];
      }
      case AssigneeType.formField: {
        const raw = run.values[p.formField ?? ''];
        const ids = unique((Array.isArray(raw) ? raw : String(raw ?? '').split(',')).map(String));
        const kinds: Record<number, MemberKind> = { 1: 'user', 2: 'department', 3: 'position', 4: 'role', 5: 'group' };
        return run.members.usersOf(kinds[p.formFieldType ?? 1] ?? 'user', ids);
      }
      case AssigneeType.nodeApprover: {
        if (p.nodeId === run.graph.root.nodeId) return [initiator];
        const ops = await run.tasks.operators(run.task.id);
        return unique(
          ops.filter((o) => o.nodeCode === p.nodeId && o.handleStatus === HandleStatus.agree).map((o) => o.handleId),
        );
      }
      case AssigneeType.candidates: {
        const pool = new Set(await byRefs(p.approvers ?? []));
        const picked = run.choices.candidateList?.[node.nodeId] ?? [];
        if (!picked.length) throw new BusinessError('workflow.pickCandidates', { node: flowNodeName(node) });
        if (picked.some((id) => !pool.has(id)))
          throw new BusinessError('workflow.notCandidate', { node: flowNodeName(node) });
        return unique(picked);
      }
      case AssigneeType.members:
        return run.members.relatedTo(p.extraRule ?? 1, initiator, await byRefs(p.approvers ?? []));
      case AssigneeType.interface:
        return this.interfaceHandlers(run, node);
      default:
        return [];
    }
  }

  /**
   * assigneeType 9: the node's data interface names the handlers (`userIdsOfAnswer`), called with
   * its parameters from the form values, fixed texts or system values; only enabled users count.
   * It runs inside this action's transaction (`rowsWithin`), so it sees the values being submitted;
   * when it fails, the action is refused naming the node and its transaction changes nothing.
   */
  private async interfaceHandlers(run: Run, node: FlowNode): Promise<string[]> {
    const p = node.properties;
    if (!p.interfaceId) return [];
    const system = await new FlowNotifier(run.trx, run.outbox).systemValues(node, messageContext(run));
    const paramList = (p.templateJson ?? []).map((param) => ({
      field: param.field,
      defaultValue: paramValue(param, run.values, system),
    }));
    const userId = run.actor ?? run.task.creatorUserId;
    // The interface's `{@currentUser}` is whoever acts (the initiator when the engine itself does).
    const session: Session = {
      sessionId: '',
      userId,
      account: '',
      realName: '',
      isAdministrator: false,
      tokenHash: '',
    };
    let rows: DataInterfaceDataRow[];
    try {
      if (!this.interfaces) throw new BusinessError('dataInterface.notFound');
      rows = await this.interfaces.rowsWithin(run.trx, p.interfaceId, paramList, {
        session,
        ip: '',
        origin: 'workflow',
      });
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      throw new BusinessError('workflow.interfaceFailed', { node: flowNodeName(node) }, error.code, error);
    }
    return run.members.enabledUsers(userIdsOfAnswer(rows));
  }

  /** Carbon copies of a passed node: its circulateUser, and the user's own picks when the node allows them. */
  async copyTo(run: Run, node: FlowNode, taskNodeId: string, copyIds: string | undefined) {
    const refs = node.properties.circulateUser ?? [];
    const users: string[] = [];
    for (const ref of refs) {
      const [id, kind] = parseRef(ref);
      users.push(...(await run.members.usersOf(kind, [id])));
    }
    if (node.properties.isCustomCopy !== false) users.push(...(await run.members.enabledUsers(csv(copyIds))));
    const copies = unique(users).map((objectId) => ({
      id: newId(),
      taskId: run.task.id,
      taskNodeId,
      nodeCode: node.nodeId,
      nodeName: flowNodeName(node),
      objectId,
    }));
    await run.tasks.insertCirculates(copies);
    const recipients = copies.map((c) => ({ userId: c.objectId, config: detailConfig(run, 3, taskNodeId, c.id) }));
    const config = msgConfigOf('copyMsgConfig', node, run.graph.root);
    await new FlowNotifier(run.trx, run.outbox).send('copyMsgConfig', config, node, recipients, messageContext(run));
  }
}
