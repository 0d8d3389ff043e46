import type {
  FlowChildRow,
  FlowDelegateInput,
  FlowDelegatePrincipal,
  FlowDelegateRow,
  PageData,
  PageQuery,
} from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { FlowDefinitionService } from './definition.service.ts';
import { DelegateRepository, DelegationType } from './delegate.repository.ts';
import { delegationCovers, launchRefusal, templatesCovered } from './delegate-rules.ts';
import { FlowDefinitionRepository } from './flow-definition.repository.ts';
import { MemberRepository } from './member.repository.ts';

export { delegationCovers } from './delegate-rules.ts';

/**
 * A launch on behalf of `principalIds` (delegated launch): each of them must have delegated
 * launching to `delegateId` for a period running now that covers `templateId`. The refusal names
 * the first principal who did not, and why: no launch delegation at all, none in force now, or
 * none for this flow.
 */
export async function checkLaunchDelegations(
  db: Db | Trx,
  delegateId: string,
  principalIds: readonly string[],
  templateId: string,
  now = new Date(),
) {
  const rows = await new DelegateRepository(db).launchesFrom(principalIds, delegateId);
  for (const principal of principalIds) {
    const refusal = launchRefusal(rows, principal, delegateId, templateId, now);
    if (!refusal) continue;
    throw new BusinessError(refusal, { name: rows.find((r) => r.userId === principal)?.userName || principal });
  }
}

type DelegationRow = NonNullable<Awaited<ReturnType<DelegateRepository['one']>>>;

/** A delegation as the entrust page reads it; `status` 0 not started, 1 running, 2 ended at `now`. */
function rowOf(d: DelegationRow, now: number): FlowDelegateRow {
  return {
    id: d.id,
    userId: d.userId,
    userName: d.userName,
    toUserId: d.toUserId,
    toUserName: d.toUserName,
    type: String(d.type),
    flowId: d.flowId,
    flowName: d.flowName,
    startTime: d.startTime.getTime(),
    endTime: d.endTime.getTime(),
    status: now < d.startTime.getTime() ? 0 : now < d.endTime.getTime() ? 1 : 2,
    description: d.description ?? '',
  };
}

/** Entrust (protocol-workflow.md 3): the caller's own delegations and those made to the caller. */
export class DelegateService {
  constructor(
    private readonly db: Db,
    private readonly definitions: FlowDefinitionService,
  ) {}

  /** `getflow`: the launchable flows someone delegated launching to the caller for, now (pg). */
  async launchableFlows(session: Session, query: PageQuery): Promise<PageData<FlowChildRow>> {
    const held = await new DelegateRepository(this.db).activeTo(session.userId, DelegationType.launch);
    if (!held.length) return page([], 0, pageParams(query));
    return this.definitions.pageFlows(query, templatesCovered(held));
  }

  /** `userList?flowId=`: who delegated launching this flow to the caller, now: the launch page's "on behalf of". */
  async principals(session: Session, flowId: string): Promise<FlowDelegatePrincipal[]> {
    const flow = await new FlowDefinitionRepository(this.db).flow(flowId);
    if (!flow) throw new BusinessError('workflow.flowUnknown');
    const repo = new DelegateRepository(this.db);
    const held = await repo.activeTo(session.userId, DelegationType.launch);
    return repo.principals([
      ...new Set(held.filter((d) => delegationCovers(d.flowId, flow.templateId)).map((d) => d.userId)),
    ]);
  }

  async page(session: Session, query: PageQuery & { myOrDelagateToMe?: string }): Promise<PageData<FlowDelegateRow>> {
    const params = pageParams(query);
    const result = await new DelegateRepository(this.db).page(params, session.userId, query.myOrDelagateToMe === '2');
    const now = Date.now();
    return page(
      result.list.map((d) => rowOf(d, now)),
      result.total,
      params,
    );
  }

  /** `GET D/{id}` (the edit dialog): one delegation, to the one who made it or the one it is made to. */
  async info(session: Session, id: string): Promise<FlowDelegateRow> {
    const row = await new DelegateRepository(this.db).one(id);
    if (!row || (row.userId !== session.userId && row.toUserId !== session.userId)) throw new NotFoundError();
    return rowOf(row, Date.now());
  }

  private async checked(session: Session, input: FlowDelegateInput) {
    if (input.toUserId === session.userId) throw new BusinessError('workflow.notToSelf');
    if (!(await new MemberRepository(this.db).enabledUsers([input.toUserId])).length)
      throw new BusinessError('workflow.pickUser');
    if (input.endTime <= input.startTime) throw new BusinessError('workflow.badPeriod');
    return {
      toUserId: input.toUserId,
      type: Number(input.type),
      flowId: input.flowId ?? '',
      flowName: input.flowName ?? '',
      startTime: new Date(input.startTime),
      endTime: new Date(input.endTime),
      description: input.description ?? null,
    };
  }

  async create(session: Session, input: FlowDelegateInput) {
    const values = await this.checked(session, input);
    await new DelegateRepository(this.db).insert({ id: newId(), userId: session.userId, ...values });
  }

  private async own(session: Session, id: string) {
    const row = await new DelegateRepository(this.db).find(id);
    if (!row || row.userId !== session.userId) throw new NotFoundError();
    return row;
  }

  async update(session: Session, id: string, input: FlowDelegateInput) {
    await this.own(session, id);
    await new DelegateRepository(this.db).update(id, await this.checked(session, input));
  }

  async delete(session: Session, id: string) {
    await this.own(session, id);
    await new DelegateRepository(this.db).delete(id);
  }

  /** Ends a delegation now. */
  async stop(session: Session, id: string) {
    const row = await this.own(session, id);
    const now = new Date();
    await new DelegateRepository(this.db).update(id, {
      endTime: now,
      startTime: row.startTime > now ? now : row.startTime,
    });
  }
}
