import {
  Channel,
  type FlowMsgConfig,
  type FlowMsgEvent,
  FlowMsgOn,
  type FlowMsgSystemField,
  type FlowNode,
  flowNodeName,
} from '@platform/shared';
import { translator } from '../../core/i18n.ts';
import type { Trx } from '../../db/database.ts';
import { MessageService, MessageType } from '../message/message.service.ts';
import { MessageTemplateService, renderTemplate } from '../msgTemplate/msg-template.service.ts';
import { queueExternal } from '../sendConfig/message-delivery.ts';
import { SendConfigService } from '../sendConfig/send-config.service.ts';
import { MemberRepository } from './member.repository.ts';

/** What a delivered flow message announces after its transaction commits (sockets push it). */
export interface FlowAnnouncement {
  userIds: string[];
  title: string;
  fromUserId: string | null;
}

/**
 * What a run leaves for after its transaction commits: socket pushes of the in-app messages it
 * stored, and whether it put messages of other channels (e-mail, SMS, ...) in the message outbox
 * (their jobs are in the transaction; the runner is woken to send them). A rollback drops it.
 */
export interface FlowOutbox {
  announcements: FlowAnnouncement[];
  queued: boolean;
}

export const emptyOutbox = (): FlowOutbox => ({ announcements: [], queued: false });

/** `/workFlowDetail?config=` of shell.md: type 1 mine, 2 to-do, 3 copied to me. */
export interface FlowDetailConfig {
  type: 1 | 2 | 3;
  processId: string;
  flowId: string;
  taskNodeId: string;
  taskOperatorId: string;
}

export interface FlowRecipient {
  userId: string;
  config: FlowDetailConfig;
}

/** The task a message is about, and who caused it (null: the engine itself, e.g. a time limit). */
export interface FlowMessageContext {
  task: { id: string; flowId: string; fullName: string; creatorUserId: string };
  values: Record<string, unknown>;
  operatorUserId: string | null;
}

/** Stored messages are read by everyone in the console's language, as the send log is. */
const text = translator('zh-CN');

const asText = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * The message a node event sends (`xxxMsgConfig`): the node's own, or the start node's when the
 * node follows it (`on` 2, or no setting on an approver). `fallback` is what an event without any
 * setting sends: time-limit notices go in-app unless switched off, other events send nothing.
 */
export function msgConfigOf(
  event: FlowMsgEvent,
  node: FlowNode,
  root: FlowNode,
  fallback: number = FlowMsgOn.off,
): FlowMsgConfig {
  const own = node.properties[event];
  const followsStart = node !== root && (own === undefined || own.on === FlowMsgOn.followStart);
  const config = followsStart ? root.properties[event] : own;
  if (!config || config.on === undefined || config.on === FlowMsgOn.followStart) return { on: fallback };
  return config;
}

/**
 * Sends flow messages (type 2) inside the caller's transaction, so a message exists exactly when the
 * action that caused it committed. Default (`on` 3): one in-app message per recipient titled by the
 * event. A send configuration (`on` 1): each of its templates, its parameters filled from the form
 * or the task (`@flowFullName`, `@launchUserName`, ...): in-app ones are stored here (with their
 * send log rows), the other channels go in the message outbox (the job table) and out after the commit. Every in-app
 * message's body opens the task in /workFlowDetail.
 */
export class FlowNotifier {
  constructor(
    private readonly trx: Trx,
    private readonly outbox: FlowOutbox,
  ) {}

  async send(
    event: FlowMsgEvent,
    config: FlowMsgConfig,
    node: FlowNode,
    recipients: FlowRecipient[],
    context: FlowMessageContext,
  ) {
    if (!recipients.length || config.on === FlowMsgOn.off) return;
    if (config.on === FlowMsgOn.custom && config.msgId) {
      await this.sendConfigured(config, node, recipients, context);
      return;
    }
    if (config.on !== FlowMsgOn.inApp) return;
    const title = text(`workflow.msg.${event}`, { title: context.task.fullName, node: flowNodeName(node) });
    await this.deliver(title, null, recipients, context);
  }

  private async sendConfigured(
    config: FlowMsgConfig,
    node: FlowNode,
    recipients: FlowRecipient[],
    context: FlowMessageContext,
  ) {
    const sendConfigId = config.msgId as string;
    const items = await SendConfigService.channelsOf(this.trx, sendConfigId);
    const templates = await MessageTemplateService.findIn(
      this.trx,
      items.map((i) => i.templateId),
    );
    const system = await this.systemValues(node, context);
    for (const item of items) {
      const template = templates.find((t) => t.id === item.templateId);
      if (template?.enabledMark !== 1) continue;
      const mapping = config.templateJson?.find((t) => t.templateId === item.templateId)?.paramJson ?? [];
      const params: Record<string, string> = {};
      for (const { field, relationField } of mapping) {
        if (!relationField) continue;
        params[field] = relationField.startsWith('@')
          ? (system[relationField as FlowMsgSystemField] ?? '')
          : asText(context.values[relationField]);
      }
      if (item.messageType !== Channel.inApp) {
        // In the outbox with the action: sent by the job runner after the commit (a slow gateway
        // never holds the task's locks), never when it rolls back, still after a crash.
        await queueExternal(this.trx, [
          {
            sendConfigId,
            templateId: item.templateId,
            messageType: item.messageType,
            toUserIds: [...new Set(recipients.map((r) => r.userId))],
            params,
          },
        ]);
        this.outbox.queued = true;
        continue;
      }
      const title = renderTemplate(template.title, params) || context.task.fullName;
      const content = renderTemplate(template.content, params);
      const delivered = await this.deliver(title, content || null, recipients, context);
      await SendConfigService.logInApp(
        this.trx,
        { sendConfigId, templateId: item.templateId, title, content },
        delivered,
      );
    }
  }

  /** The system values (`@flowId`, `@launchUserId`...) a message or an approver interface's parameter may name. */
  async systemValues(node: FlowNode, context: FlowMessageContext): Promise<Record<FlowMsgSystemField, string>> {
    const ids = [context.task.creatorUserId, context.operatorUserId].filter((id): id is string => !!id);
    const names = await new MemberRepository(this.trx).names(ids);
    const nameOf = (id: string | null) => (id ? (names.get(id) ?? '') : '');
    return {
      '@flowId': context.task.flowId,
      '@taskId': context.task.id,
      '@flowFullName': context.task.fullName,
      '@taskFullName': context.task.fullName,
      '@nodeName': flowNodeName(node),
      '@launchUserId': context.task.creatorUserId,
      '@launchUserName': nameOf(context.task.creatorUserId),
      '@flowOperatorUserId': context.operatorUserId ?? '',
      '@flowOperatorUserName': nameOf(context.operatorUserId),
    };
  }

  private async deliver(
    title: string,
    excerpt: string | null,
    recipients: FlowRecipient[],
    context: FlowMessageContext,
  ): Promise<string[]> {
    const all: string[] = [];
    for (const recipient of recipients) {
      const { recipients: delivered } = await MessageService.deliver(
        this.trx,
        {
          type: MessageType.flow,
          flowType: 1,
          title,
          bodyText: JSON.stringify(recipient.config),
          excerpt,
          files: null,
          sourceId: context.task.id,
          releaseUserId: context.operatorUserId,
        },
        [recipient.userId],
      );
      if (delivered.length)
        this.outbox.announcements.push({ userIds: delivered, title, fromUserId: context.operatorUserId });
      all.push(...delivered);
    }
    return all;
  }
}
