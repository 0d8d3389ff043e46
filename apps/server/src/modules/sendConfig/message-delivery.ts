import { Channel, type SendChannelResult, type SendMessageResult } from '@platform/shared';
import type { Insertable } from 'kysely';
import type { EventBus } from '../../core/event-bus.ts';
import { type Translate, translator } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import { sanitizeRichText } from '../../core/sanitize.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { MessageSendLogTable } from '../../db/schema.ts';
import { MessageService, MessageType } from '../message/message.service.ts';
import { MessageTemplateService, renderTemplate } from '../msgTemplate/msg-template.service.ts';
import { type ChannelRegistry, failureReason, htmlChannels, type OutgoingMessage } from './channels.ts';
import { MessageOutbox } from './message-outbox.ts';
import { SendConfigRepository } from './send-config.repository.ts';

/** One channel's send: a template through a channel to users, with the template's parameters. */
export interface DeliveryEntry {
  sendConfigId: string | null;
  templateId: string;
  messageType: string;
  toUserIds: string[];
  params: Record<string, string>;
}

type Recipient = Awaited<ReturnType<SendConfigRepository['recipients']>>[number];

/** An entry with its template filled in and its recipients found; `template` null: missing or disabled. */
interface Rendered {
  entry: DeliveryEntry;
  template: { templateCode: string | null } | null;
  title: string;
  content: string;
  recipients: Recipient[];
}

/** The send log is read by administrators in Chinese, as the rest of the console. */
const logText = translator('zh-CN');

/** Fills each entry's template with its parameters and finds its (enabled) recipients, in `db`. */
async function render(db: Db | Trx, entries: DeliveryEntry[]): Promise<Rendered[]> {
  const templates = new Map(
    (
      await MessageTemplateService.findIn(
        db,
        entries.map((e) => e.templateId),
      )
    ).map((e) => [e.id, e]),
  );
  const everyone = await new SendConfigRepository(db).recipients([...new Set(entries.flatMap((e) => e.toUserIds))]);
  return entries.map((entry) => {
    const template = templates.get(entry.templateId);
    const wanted = new Set(entry.toUserIds);
    const recipients = everyone.filter((r) => wanted.has(r.id));
    if (template?.enabledMark !== 1) return { entry, template: null, title: '', content: '', recipients };
    const rendered = renderTemplate(template.content, entry.params);
    // Parameters are put into the template as given: the body is cleaned after they are in.
    const content = htmlChannels.has(entry.messageType) ? (sanitizeRichText(rendered) ?? '') : rendered;
    return { entry, template, title: renderTemplate(template.title, entry.params), content, recipients };
  });
}

const outgoing = (item: Rendered, r: Recipient): OutgoingMessage => ({
  channel: item.entry.messageType,
  to: { userId: r.id, email: r.email, mobilePhone: r.mobilePhone, account: r.account },
  title: item.title,
  content: item.content,
  templateCode: item.template?.templateCode ?? null,
});

const baseOf = (entry: DeliveryEntry) => ({
  sendConfigId: entry.sendConfigId,
  templateId: entry.templateId,
  messageType: entry.messageType,
});

const missingTemplate = (entry: DeliveryEntry): Insertable<MessageSendLogTable> => ({
  ...baseOf(entry),
  id: newId(),
  status: 'failed',
  attempts: 0,
  error: logText('sendConfig.templateMissing', { id: entry.templateId }),
});

/**
 * Puts the external messages of `entries` (every channel but in-app) in the outbox inside `trx`:
 * one per recipient, sent by the job runner after the commit. A missing template is logged as
 * failed. Flow messages come here from inside their action's transaction.
 */
export async function queueExternal(trx: Trx, entries: DeliveryEntry[]): Promise<void> {
  const external = await render(
    trx,
    entries.filter((e) => e.messageType !== Channel.inApp),
  );
  await new SendConfigRepository(trx).log(external.filter((i) => !i.template).map((i) => missingTemplate(i.entry)));
  await MessageOutbox.enqueue(
    trx,
    external
      .filter((i) => i.template)
      .flatMap((i) => i.recipients.map((r) => ({ ...baseOf(i.entry), message: outgoing(i, r) }))),
  );
}

const emptyResult = (entry: DeliveryEntry): SendChannelResult => ({
  messageType: entry.messageType,
  templateId: entry.templateId,
  isSuccess: true,
  sent: 0,
  recorded: 0,
  failed: 0,
  queued: 0,
  result: null,
});

/**
 * Sends entries through their channels: in-app messages are stored and pushed; the others either go
 * in the outbox in the same transaction (`outbox`, a real send: durable, retried) or out at once
 * after it (`now`, a test send whose answer is the channel's own). Every message has its send-log
 * row; the answer counts them per channel, a failure's reason in the caller's language `t`.
 */
export class MessageDelivery {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly channels: ChannelRegistry,
    private readonly outbox: MessageOutbox,
  ) {}

  async deliver(
    entries: DeliveryEntry[],
    senderId: string | null,
    t: Translate,
    how: 'outbox' | 'now',
  ): Promise<SendMessageResult> {
    const results = entries.map(emptyResult);
    const fail = (channel: SendChannelResult, reason: string) => {
      channel.isSuccess = false;
      channel.failed += 1;
      channel.result ??= reason;
    };
    const { rendered, announcements } = await this.db.transaction().execute(async (trx) => {
      const rendered = await render(trx, entries);
      const log: Insertable<MessageSendLogTable>[] = [];
      const announcements: Parameters<typeof MessageService.announce>[1][] = [];
      for (const [index, item] of rendered.entries()) {
        const channel = results[index] as SendChannelResult;
        if (!item.template) {
          log.push(missingTemplate(item.entry));
          fail(channel, t('sendConfig.templateMissing', { id: item.entry.templateId }));
        } else if (item.entry.messageType === Channel.inApp) {
          announcements.push(await this.storeInApp(trx, item, senderId, log));
          channel.sent = item.recipients.length;
        } else if (how === 'outbox') {
          const queued = item.recipients.map((r) => ({ ...baseOf(item.entry), message: outgoing(item, r) }));
          channel.queued = (await MessageOutbox.enqueue(trx, queued)).length;
        }
      }
      await new SendConfigRepository(trx).log(log);
      return { rendered, announcements };
    });
    for (const announcement of announcements) await MessageService.announce(this.bus, announcement);
    if (how === 'outbox') this.outbox.wake();
    else await this.sendNow(rendered, results, t, fail);
    const total = (key: 'sent' | 'recorded' | 'failed' | 'queued') => results.reduce((n, r) => n + r[key], 0);
    return {
      sent: total('sent'),
      recorded: total('recorded'),
      failed: total('failed'),
      queued: total('queued'),
      channels: results,
    };
  }

  private async storeInApp(trx: Trx, item: Rendered, senderId: string | null, log: Insertable<MessageSendLogTable>[]) {
    const delivered = await MessageService.deliver(
      trx,
      {
        type: MessageType.system,
        title: item.title,
        bodyText: item.content,
        excerpt: null,
        files: null,
        sourceId: item.entry.sendConfigId,
        releaseUserId: senderId,
      },
      item.recipients.map((r) => r.id),
    );
    for (const r of item.recipients) {
      const row = { ...baseOf(item.entry), id: newId(), toUserId: r.id, recipient: r.account };
      log.push({ ...row, title: item.title, content: item.content, status: 'sent' });
    }
    return { userIds: delivered.recipients, title: item.title, fromUserId: senderId, messageType: MessageType.system };
  }

  /** A test send: each external message through its channel now, its outcome logged and answered. */
  private async sendNow(
    rendered: Rendered[],
    results: SendChannelResult[],
    t: Translate,
    fail: (channel: SendChannelResult, reason: string) => void,
  ) {
    const log: Insertable<MessageSendLogTable>[] = [];
    for (const [index, item] of rendered.entries()) {
      if (!item.template || item.entry.messageType === Channel.inApp) continue;
      const channel = results[index] as SendChannelResult;
      const sender = this.channels.get(item.entry.messageType);
      for (const r of item.recipients) {
        const row = { ...baseOf(item.entry), id: newId(), toUserId: r.id, title: item.title, content: item.content };
        try {
          const outcome = await sender.send({ ...outgoing(item, r), id: row.id });
          log.push({ ...row, recipient: outcome.recipient, status: outcome.status });
          channel[outcome.status] += 1;
        } catch (error) {
          log.push({
            ...row,
            recipient: null,
            status: 'failed',
            error: failureReason(error, item.entry.messageType, logText),
          });
          fail(channel, failureReason(error, item.entry.messageType, t));
        }
      }
    }
    await new SendConfigRepository(this.db).log(log);
  }
}
