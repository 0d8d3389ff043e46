import type { MessageDetail } from '@platform/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { messageApi } from '../api.ts';
import { messageTarget } from '../message-route.ts';
import { useMessageUnread } from '../unread-store.ts';
import { MessageDetailDialog } from './MessageDetailDialog.tsx';

const ScheduleDetailDialog = lazy(() =>
  import('../../schedule/index.ts').then((m) => ({ default: m.ScheduleDetailDialog })),
);

/** Refreshes the bell from the server after something was read. */
export function refreshUnread(): void {
  messageApi.unreadCounts().then(
    (counts) => useMessageUnread.getState().set(counts.unReadNum),
    () => undefined,
  );
}

/**
 * Opening a message (drawer and message centre alike): ReadInfo marks it read, then the message
 * routes by type (shell.md §2.7). Returns the opener and the dialogs it needs on the page.
 */
export function useMessageOpener(onNavigate?: () => void): { open: (id: string) => Promise<void>; dialogs: ReactNode } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [detail, setDetail] = useState<MessageDetail | null>(null);
  const [schedule, setSchedule] = useState<{ id: string; groupId: string; type: number } | null>(null);

  const open = useCallback(
    async (id: string) => {
      const message = await messageApi.read(id);
      void queryClient.invalidateQueries({ queryKey: ['message'] });
      refreshUnread();
      const target = messageTarget(message);
      if (target.kind === 'navigate') {
        onNavigate?.();
        navigate(target.to);
      } else if (target.kind === 'schedule') {
        setSchedule({ id: target.id, groupId: target.groupId, type: target.type });
      } else {
        setDetail(message);
      }
    },
    [navigate, queryClient, onNavigate],
  );

  const dialogs = (
    <>
      <MessageDetailDialog message={detail} onClose={() => setDetail(null)} />
      {schedule && (
        <Suspense fallback={null}>
          <ScheduleDetailDialog
            open
            id={schedule.id}
            groupId={schedule.groupId}
            type={schedule.type}
            onClose={() => setSchedule(null)}
          />
        </Suspense>
      )}
    </>
  );
  return { open, dialogs };
}
