import type { MessageTemplateRow } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { sendConfigApi } from '../api.ts';

/** The message templates by id, for the channels' pickers and names; fetched when `enabled`. */
export function useTemplates(enabled = true) {
  const query = useQuery({
    queryKey: ['sendConfig', 'templates'],
    queryFn: sendConfigApi.templates,
    enabled,
    staleTime: 10_000,
  });
  const byId = useMemo(
    () => new Map<string, MessageTemplateRow>((query.data?.list ?? []).map((row) => [row.id, row])),
    [query.data],
  );
  return { rows: query.data?.list ?? [], byId, loading: query.isLoading };
}
