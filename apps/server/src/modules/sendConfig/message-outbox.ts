import { translator } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import { JobRepository } from '../../core/jobs/job.repository.ts';
import type { EffectResult, JobRunner, RetryPolicy } from '../../core/jobs/job-runner.ts';
import type { Db, Trx } from '../../db/database.ts';
import {
  ChannelError,
  type ChannelRegistry,
  failureReason,
  type OutgoingMessage,
  type SendOutcome,
} from './channels.ts';
import { SendConfigRepository } from './send-config.repository.ts';

export const messageJobType = 'message.send';

/**
 * Tries of one message: at once, then after 30 s, 1, 2, 4, 8, 16 and 32 minutes (about an hour in
 * all, long enough to ride out a mail server's restart), then it is failed.
 */
export const messageRetry: RetryPolicy = { maxAttempts: 8, firstDelayMs: 30_000, maxDelayMs: 3600_000 };

/** What an area that queues messages needs after its commit. */
export type MessageSender = Pick<MessageOutbox, 'wake'>;

/** One external message (e-mail, SMS, WeCom, DingTalk, webhook) and the configuration it comes from. */
export interface QueuedMessage {
  sendConfigId: string | null;
  templateId: string | null;
  message: OutgoingMessage;
}

/** A job's payload: the message and its id, which is also its send-log row's. */
interface MessageJob {
  logId: string;
  message: OutgoingMessage;
}

/** The send log is read by administrators in Chinese, as the rest of the console. */
const logText = translator('zh-CN');

/**
 * The outbox of external messages (issue 41). `enqueue` writes each message's send-log row
 * (`pending`) and its job in the caller's transaction, so a message exists exactly when the change
 * that causes it committed and survives a crash after the commit. The job runner sends it outside
 * any transaction, retries a failure with back-off (`messageRetry`; our own refusals, such as a
 * recipient without an address, fail at once) and writes each try's result, reason and count into
 * the row. A message whose row is no longer pending is never sent again, and the message id is the
 * job's `ref_id` under a unique index: one job per message.
 */
export class MessageOutbox {
  constructor(
    private readonly db: Db,
    private readonly channels: ChannelRegistry,
    private readonly jobs: JobRunner,
  ) {
    jobs.registerEffect(
      messageJobType,
      {
        perform: (payload) => this.perform(payload as MessageJob),
        settle: (trx, payload, result) => MessageOutbox.settle(trx, payload as MessageJob, result),
        isPermanent: (error) => error instanceof ChannelError,
      },
      messageRetry,
    );
  }

  /** Puts messages in the outbox inside `trx`; answers their ids (their send-log rows). */
  static async enqueue(trx: Trx, queued: QueuedMessage[]): Promise<string[]> {
    if (!queued.length) return [];
    const rows = queued.map((q) => ({ ...q, logId: newId() }));
    await new SendConfigRepository(trx).log(
      rows.map(({ logId, sendConfigId, templateId, message }) => ({
        id: logId,
        sendConfigId,
        templateId,
        messageType: message.channel,
        toUserId: message.to.userId,
        title: message.title,
        content: message.content,
        status: 'pending',
        attempts: 0,
      })),
    );
    const now = new Date();
    await new JobRepository(trx).insert(
      rows.map(({ logId, message }) => ({
        id: newId(),
        type: messageJobType,
        payload: { logId, message } satisfies MessageJob,
        runAt: now,
        refId: logId,
      })),
    );
    return rows.map((r) => r.logId);
  }

  /** After the commit of a transaction that enqueued: this instance sends now rather than at its next poll. */
  wake() {
    this.jobs.wake();
  }

  private async perform({ logId, message }: MessageJob): Promise<SendOutcome | null> {
    // Settled already (by a runner that took over a stale claim, or a repeated job): never again.
    if ((await new SendConfigRepository(this.db).logStatus(logId)) !== 'pending') return null;
    return this.channels.get(message.channel).send({ ...message, id: logId });
  }

  private static async settle(trx: Trx, { logId, message }: MessageJob, result: EffectResult) {
    const repo = new SendConfigRepository(trx);
    if (result.ok) {
      const outcome = result.outcome as SendOutcome | null;
      if (!outcome) return;
      await repo.settleLog(logId, {
        status: outcome.status,
        recipient: outcome.recipient,
        error: null,
        attempts: result.attempt,
      });
      return;
    }
    await repo.settleLog(logId, {
      status: result.retryAt ? 'pending' : 'failed',
      error: failureReason(result.error, message.channel, logText),
      attempts: result.attempt,
    });
  }
}
