import type {
  DictionaryAllItem,
  EmailInfo,
  ListData,
  MessageDetail,
  MessageRow,
  PageData,
  ReadAllInput,
  UnreadCounts,
} from '@platform/shared';
import { http } from '../../shared/api/http.ts';

/** shell.md §9: the message list loads 20 at a time, newest first. */
export const messagePageSize = 20;

export interface MessageListQuery {
  currentPage: number;
  pageSize?: number;
  keyword?: string;
  /** '' all, else a msgSourceType code (1 system, 2 flow, 3 notice, 4 schedule). */
  type?: string;
  /** '' all, '0' unread only. */
  isRead?: string;
}

export interface DictionaryOption {
  enCode: string;
  fullName: string;
}

/** The only HTTP of the message centre (shell.md §7 "Messages"). */
export const messageApi = {
  /** GET /api/message: a failed list just stops its spinner (shell.md §8). */
  list: (query: MessageListQuery, signal?: AbortSignal) =>
    http.get<PageData<MessageRow>>(
      '/api/message',
      {
        currentPage: query.currentPage,
        pageSize: query.pageSize ?? messagePageSize,
        sort: 'desc',
        keyword: query.keyword?.trim() ?? '',
        type: query.type ?? '',
        isRead: query.isRead ?? '',
      },
      { silent: true, signal },
    ),
  /** GET /api/message/ReadInfo/{id}: the message, now read. */
  read: (id: string) => http.get<MessageDetail>(`/api/message/ReadInfo/${encodeURIComponent(id)}`),
  /** POST /api/message/Actions/ReadAll with the filters being looked at. */
  readAll: (filters: ReadAllInput) =>
    http.post<{ msg: string }>('/api/message/Actions/ReadAll', filters, { envelope: true }),
  /** DELETE /api/message/Record. */
  removeRecords: (ids: string[]) => http.delete<{ msg: string }>('/api/message/Record', { ids }, { envelope: true }),
  /** GET /api/extend/Email/{id}: one sent e-mail of the send log (the /emailDetail page). */
  email: (id: string) => http.get<EmailInfo>(`/api/extend/Email/${encodeURIComponent(id)}`),
  unreadCounts: () => http.get<UnreadCounts>('/api/message/getUnReadMsgNum', undefined, { silent: true }),
  /** The msgSourceType dictionary (the type filter); the caller falls back to built-in labels. */
  sourceTypes: async (): Promise<DictionaryOption[]> => {
    const all = await http.get<ListData<DictionaryAllItem>>('/api/system/DictionaryData/All', undefined, {
      silent: true,
    });
    const entry = all.list.find((d) => d.enCode === 'msgSourceType');
    return (entry?.dictionaryList ?? []).map(({ enCode, fullName }) => ({ enCode, fullName }));
  },
};
