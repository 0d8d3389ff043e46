import type { NoticeInfo, NoticeInput, NoticeRow, PageData } from '@platform/shared';
import type { Static } from 'typebox';
import { http } from '../../shared/api/http.ts';

export type NoticeListRow = Static<typeof NoticeRow>;
export type NoticeDetail = Static<typeof NoticeInfo>;

export interface NoticeListQuery {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  enabledMark?: string;
}

/** The only HTTP of notice administration (shell.md §7 "Messages", admin.md §6). */
export const noticeApi = {
  list: (query: NoticeListQuery) => {
    const { enabledMark, ...rest } = query;
    return http.post<PageData<NoticeListRow>>(
      '/api/message/Notice/List',
      { ...rest, ...(enabledMark === undefined || enabledMark === '' ? {} : { enabledMark: Number(enabledMark) }) },
      { silent: true },
    );
  },
  info: (id: string) => http.get<NoticeDetail>(`/api/message/Notice/${encodeURIComponent(id)}`),
  create: (input: NoticeInput) => http.post<{ msg: string }>('/api/message/Notice', input, { envelope: true }),
  update: (id: string, input: NoticeInput) =>
    http.put<{ msg: string }>(`/api/message/Notice/${encodeURIComponent(id)}`, input, { envelope: true }),
  remove: (id: string) =>
    http.delete<{ msg: string }>(`/api/message/Notice/${encodeURIComponent(id)}`, undefined, { envelope: true }),
  release: (id: string) =>
    http.put<{ msg: string }>(`/api/message/Notice/${encodeURIComponent(id)}/Actions/Release`, undefined, {
      envelope: true,
    }),
};
