import type { MessageDetail } from '@platform/shared';

/** Message types (shell.md §3): 1 system, 2 flow, 3 notice, 4 schedule. */
export const MessageType = { system: 1, flow: 2, notice: 3, schedule: 4 } as const;
/** flowType 2 marks a flow-entrust message. */
export const entrustFlowType = 2;

export type MessageTarget =
  | { kind: 'detail' }
  | { kind: 'navigate'; to: string }
  | { kind: 'schedule'; id: string; groupId: string; type: number };

function parseBody(bodyText: string | null): Record<string, unknown> {
  if (!bodyText) return {};
  try {
    const value = JSON.parse(bodyText) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Base64 of UTF-8 text (the /workFlowDetail config parameter). */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Where clicking a message leads (shell.md §2.7): a flow message to /workFlowDetail with its body
 * as config, a flow-entrust message to /workFlow/entrust, a schedule message to the schedule
 * detail (its body carries type, id, groupId); anything else opens the detail dialog.
 */
export function messageTarget(message: Pick<MessageDetail, 'type' | 'flowType' | 'bodyText'>): MessageTarget {
  if (message.type === MessageType.flow) {
    const body = parseBody(message.bodyText);
    if (message.flowType === entrustFlowType) {
      return { kind: 'navigate', to: `/workFlow/entrust?config=${encodeURIComponent(String(body.type ?? ''))}` };
    }
    return {
      kind: 'navigate',
      to: `/workFlowDetail?config=${encodeURIComponent(base64Utf8(message.bodyText ?? '{}'))}`,
    };
  }
  if (message.type === MessageType.schedule) {
    const body = parseBody(message.bodyText);
    if (typeof body.id === 'string' && body.id) {
      return {
        kind: 'schedule',
        id: body.id,
        groupId: typeof body.groupId === 'string' ? body.groupId : '',
        type: Number(body.type) || 0,
      };
    }
  }
  return { kind: 'detail' };
}
