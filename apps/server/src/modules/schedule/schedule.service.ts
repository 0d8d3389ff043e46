import type { ScheduleDetail, ScheduleInfo, ScheduleInput, ScheduleRow, ScheduleScope } from '@platform/shared';
import type { Insertable, Selectable } from 'kysely';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import type { Translate } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import { JobRepository } from '../../core/jobs/job.repository.ts';
import type { JobRunner } from '../../core/jobs/job-runner.ts';
import { toMillis } from '../../core/paging.ts';
import { sanitizeRichText } from '../../core/sanitize.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { ScheduleTable } from '../../db/schema.ts';
import type { DictionaryCache } from '../dictionary/dictionary-cache.ts';
import { MessageService, MessageType } from '../message/message.service.ts';
import { ScheduleRepository } from './schedule.repository.ts';

export const reminderJob = 'schedule.remind';
/** A repeating entry without an end repeats for a year; more than this many occurrences is refused. */
const maxOccurrences = 1000;
const dayMs = 86_400_000;

type Row = Selectable<ScheduleTable>;

/** Start times of every occurrence: daily, weekly, monthly or yearly until the repeat end. */
export function occurrences(start: number, repetition: string, repeatTime: number | null | undefined): number[] {
  if (repetition === '1') return [start];
  const until = repeatTime ?? start + 365 * dayMs;
  const result: number[] = [];
  for (let i = 0; result.length <= maxOccurrences; i++) {
    let next: number;
    if (repetition === '2') next = start + i * dayMs;
    else if (repetition === '3') next = start + i * 7 * dayMs;
    else {
      const date = new Date(start);
      const day = date.getUTCDate();
      if (repetition === '4') date.setUTCMonth(date.getUTCMonth() + i);
      else date.setUTCFullYear(date.getUTCFullYear() + i);
      // 31 January has no 31 February: such months are skipped, not moved.
      if (date.getUTCDate() !== day) continue;
      next = date.getTime();
    }
    if (next > until) break;
    result.push(next);
  }
  if (result.length > maxOccurrences) throw new BusinessError('schedule.tooMany');
  return result;
}

function reminderAt(startDay: number, reminderTime: number): number | null {
  if (reminderTime === -2) return null;
  return startDay - Math.max(0, reminderTime) * 60_000;
}

export class ScheduleService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    /** Names of the scheduleType entries the detail prints. */
    private readonly dictionaries: DictionaryCache,
  ) {}

  /** The reminder: a type-4 message to the creator and every participant, at its time. */
  registerJobs(runner: JobRunner) {
    runner.register(reminderJob, async (trx, payload) => {
      const { scheduleId } = payload as { scheduleId: string };
      const repo = new ScheduleRepository(trx);
      const row = await repo.find(scheduleId);
      if (!row) return undefined;
      const users = new Set(await repo.participants(row.id));
      if (row.creatorUserId) users.add(row.creatorUserId);
      const { recipients } = await MessageService.deliver(
        trx,
        {
          type: MessageType.schedule,
          title: row.title,
          // The browser opens the schedule detail from these (shell.md 2.7); 2: opened from a message.
          bodyText: JSON.stringify({ type: 2, id: row.id, groupId: row.groupId }),
          excerpt: null,
          files: row.files,
          sourceId: row.id,
          releaseUserId: row.creatorUserId,
        },
        [...users],
      );
      return () =>
        MessageService.announce(this.bus, {
          userIds: recipients,
          title: row.title,
          fromUserId: row.creatorUserId,
          messageType: MessageType.schedule,
        });
    });
  }

  async list(userId: string, startTime: number | string, endTime: number | string): Promise<{ list: ScheduleRow[] }> {
    const rows = await new ScheduleRepository(this.db).listInRange(userId, rangeTime(startTime), rangeTime(endTime));
    return { list: rows.map(toRow) };
  }

  /** An entry its creator or a participant may see; anyone else is told it does not exist. */
  private async visible(repo: ScheduleRepository, id: string, userId: string) {
    const row = await repo.find(id);
    if (!row) throw new NotFoundError();
    const users = await repo.participants(id);
    if (row.creatorUserId !== userId && !users.includes(userId)) throw new NotFoundError();
    return { row, users };
  }

  async info(id: string, userId: string): Promise<ScheduleInfo> {
    const repo = new ScheduleRepository(this.db);
    const { row, users } = await this.visible(repo, id, userId);
    const others = users.filter((u) => u !== row.creatorUserId);
    const names = new Map(
      (await repo.userNames([...others, ...(row.creatorUserId ? [row.creatorUserId] : [])])).map((u) => [
        u.id,
        `${u.realName}/${u.account}`,
      ]),
    );
    return {
      ...toRow(row),
      content: row.content,
      files: row.files,
      reminderTime: row.reminderTime,
      repeatTime: toMillis(row.repeatTime),
      toUserIds: others,
      creatorUser: row.creatorUserId ? (names.get(row.creatorUserId) ?? null) : null,
      toUser: others.map((u) => names.get(u) ?? u),
    };
  }

  /** The detail the 3.6 client prints as it is: codes and ids become names (ScheduleDetail). */
  async detail(id: string, groupId: string | undefined, userId: string, t: Translate): Promise<ScheduleDetail> {
    const info = await this.info(id, userId);
    if (groupId && info.groupId !== groupId) throw new NotFoundError();
    const types = await this.dictionaries.names('scheduleType');
    return {
      ...info,
      category: types.name(info.category),
      urgent: t(urgencyKeys[info.urgent] ?? 'schedule.urgency.1'),
      urgentLevel: info.urgent,
      creatorUserId: info.creatorUser ?? '',
      toUserIds: info.toUser.join(','),
    };
  }

  async create(input: ScheduleInput, session: Session) {
    const groupId = newId();
    await this.db.transaction().execute((trx) => this.insertSeries(trx, input, groupId, session.userId));
    return groupId;
  }

  async update(id: string, scope: ScheduleScope, input: ScheduleInput, session: Session) {
    checkTimes(input);
    await this.db.transaction().execute(async (trx) => {
      const repo = new ScheduleRepository(trx);
      const row = await this.owned(repo, id, session.userId);
      const jobs = new JobRepository(trx);
      if (scope === 1 || row.repetition === '1') {
        const values = this.values(input);
        const users = await this.audience(repo, input, session.userId);
        await repo.update(
          id,
          {
            ...values,
            // One entry changed alone leaves its series.
            repetition: row.repetition === '1' ? (input.repetition ?? '1') : '1',
            repeatTime: null,
            lastModifyTime: new Date(),
            lastModifyUserId: session.userId,
          },
          users,
        );
        await jobs.cancelByRef([id]);
        if (row.repetition === '1' && (input.repetition ?? '1') !== '1') {
          // A single entry made repeating becomes a series from here.
          await repo.delete([id]);
          await this.insertSeries(trx, input, row.groupId, session.userId);
          return;
        }
        await jobs.insert(reminders([{ id, startDay: input.startDay, reminderTime: values.reminderTime }]));
        return;
      }
      const ids = await repo.groupIds(row.groupId, scope === 2 ? row.startDay : undefined);
      await jobs.cancelByRef(ids);
      await repo.delete(ids);
      await this.insertSeries(trx, input, scope === 2 ? newId() : row.groupId, row.creatorUserId ?? session.userId);
    });
  }

  async delete(id: string, scope: ScheduleScope, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new ScheduleRepository(trx);
      const row = await this.owned(repo, id, session.userId);
      const ids =
        scope === 1 || row.repetition === '1'
          ? [id]
          : await repo.groupIds(row.groupId, scope === 2 ? row.startDay : undefined);
      await new JobRepository(trx).cancelByRef(ids);
      await repo.delete(ids);
    });
  }

  private async owned(repo: ScheduleRepository, id: string, userId: string) {
    const { row } = await this.visible(repo, id, userId);
    if (row.creatorUserId !== userId) throw new BusinessError('schedule.creatorOnly');
    return row;
  }

  private values(input: ScheduleInput) {
    return {
      category: input.category ?? null,
      urgent: input.urgent ?? 1,
      title: input.title.trim(),
      content: sanitizeRichText(input.content ?? null),
      files: input.files ?? null,
      color: input.color ?? null,
      allDay: input.allDay ?? false,
      startDay: new Date(input.startDay),
      endDay: new Date(input.endDay),
      reminderTime: input.reminderTime ?? -2,
    };
  }

  private async audience(repo: ScheduleRepository, input: ScheduleInput, creatorId: string) {
    const named = await repo.existingUserIds([...new Set(input.toUserIds ?? [])]);
    return [...new Set([creatorId, ...named])];
  }

  private async insertSeries(trx: Trx, input: ScheduleInput, groupId: string, creatorId: string) {
    checkTimes(input);
    const repo = new ScheduleRepository(trx);
    const repetition = input.repetition ?? '1';
    const starts = occurrences(input.startDay, repetition, input.repeatTime);
    const length = input.endDay - input.startDay;
    const values = this.values(input);
    const rows: Insertable<ScheduleTable>[] = starts.map((start) => ({
      ...values,
      id: newId(),
      groupId,
      startDay: new Date(start),
      endDay: new Date(start + length),
      repetition,
      repeatTime: repetition === '1' ? null : new Date(input.repeatTime ?? starts.at(-1) ?? start),
      creatorUserId: creatorId,
    }));
    await repo.insert(rows, await this.audience(repo, input, creatorId));
    await new JobRepository(trx).insert(
      reminders(
        rows.map((r) => ({ id: r.id, startDay: (r.startDay as Date).getTime(), reminderTime: values.reminderTime })),
      ),
    );
  }
}

function checkTimes(input: ScheduleInput) {
  if (input.endDay < input.startDay) throw new BusinessError('schedule.endBeforeStart');
}

/** Reminder jobs for entries whose reminder time is still ahead. */
function reminders(entries: { id: string; startDay: number; reminderTime: number }[]) {
  const now = Date.now();
  return entries.flatMap((e) => {
    const at = reminderAt(e.startDay, e.reminderTime);
    if (at === null || at < now - 60_000) return [];
    return [{ id: newId(), type: reminderJob, payload: { scheduleId: e.id }, runAt: new Date(at), refId: e.id }];
  });
}

const urgencyKeys: Record<number, 'schedule.urgency.1' | 'schedule.urgency.2' | 'schedule.urgency.3'> = {
  1: 'schedule.urgency.1',
  2: 'schedule.urgency.2',
  3: 'schedule.urgency.3',
};

/** A range bound: milliseconds, or 'YYYY-MM-DD HH:mm' read in the server's time zone. */
function rangeTime(value: number | string): Date {
  return typeof value === 'number' ? new Date(value) : new Date(value.replace(' ', 'T'));
}

function toRow(row: Row): ScheduleRow {
  return {
    id: row.id,
    groupId: row.groupId,
    title: row.title,
    category: row.category,
    urgent: row.urgent,
    color: row.color,
    allDay: row.allDay,
    startDay: row.startDay.getTime(),
    endDay: row.endDay.getTime(),
    repetition: row.repetition,
    creatorUserId: row.creatorUserId,
  };
}
