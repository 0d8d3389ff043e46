import type { FlowDelegateInput, FlowDelegateRow, PageData, PageQuery } from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { DelegateRepository } from './delegate.repository.ts';
import { MemberRepository } from './member.repository.ts';

/** A delegation that covers a task of `templateId`: every flow when its list is empty. */
export function delegationCovers(flowIds: string, templateId: string): boolean {
  return !flowIds || flowIds.split(',').includes(templateId);
}

/** Entrust (protocol-workflow.md 3): the caller's own delegations and those made to the caller. */
export class DelegateService {
  constructor(private readonly db: Db) {}

  async page(session: Session, query: PageQuery & { myOrDelagateToMe?: string }): Promise<PageData<FlowDelegateRow>> {
    const params = pageParams(query);
    const result = await new DelegateRepository(this.db).page(params, session.userId, query.myOrDelagateToMe === '2');
    const now = Date.now();
    return page(
      result.list.map((d) => ({
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
      })),
      result.total,
      params,
    );
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
