import type { Envelope, ImContact, ImConversation, ImUploadResult, ListData, PageData } from '@platform/shared';
import type { Static } from 'typebox';
import { buildUrl, HttpError, http, httpSettings } from '../../shared/api/http.ts';
import { i18n } from '../../shared/i18n/index.ts';
import { getToken } from '../../shared/session/store.ts';
import { contactPageSize } from './chat-rules.ts';

export type Contact = Static<typeof ImContact>;
export type UploadResult = Static<typeof ImUploadResult>;

/** The only HTTP of the chat (shell.md §7 "Messages", "Image upload"). */
export const chatApi = {
  /** GET /api/message/imreply: recent conversations. */
  conversations: () => http.get<ListData<ImConversation>>('/api/message/imreply', undefined, { silent: true }),
  /** Contacts: keyword, currentPage, pageSize 20. */
  contacts: (keyword: string, currentPage: number, signal?: AbortSignal) =>
    http.get<PageData<Contact>>(
      '/api/message/imreply/contacts',
      { keyword, currentPage, pageSize: contactPageSize },
      { silent: true, signal },
    ),
  /** DELETE /api/message/imreply/relocation/{id}: remove the conversation from my list. */
  removeConversation: (userId: string) =>
    http.delete<{ msg: string }>(`/api/message/imreply/relocation/${encodeURIComponent(userId)}`, undefined, {
      envelope: true,
    }),
  /** DELETE /api/message/imreply/deleteChatRecord/{id}: clear my side of the history. */
  deleteHistory: (userId: string) =>
    http.delete<{ msg: string }>(`/api/message/imreply/deleteChatRecord/${encodeURIComponent(userId)}`, undefined, {
      envelope: true,
    }),
  /**
   * POST /api/file/Uploader/IM, multipart with the token (shell.md §7 "Image upload"): success is
   * code 200 and data.name. The request layer sends JSON only, so this one call builds its own.
   */
  uploadImage: async (file: Blob, name: string): Promise<UploadResult> => {
    const body = new FormData();
    body.append('file', file, name);
    const headers: Record<string, string> = { 'jnpf-origin': 'pc' };
    const token = getToken();
    if (token) headers.Authorization = token;
    let answer: Envelope<UploadResult> | undefined;
    try {
      const response = await fetch(buildUrl('/api/file/Uploader/IM'), { method: 'POST', headers, body });
      answer = (await response.json().catch(() => undefined)) as Envelope<UploadResult> | undefined;
    } catch {
      answer = undefined;
    }
    if (answer?.code === 200 && answer.data) return answer.data;
    const text = answer?.msg || i18n.t('common:requestError');
    httpSettings.toastError(text, 1.5);
    throw new HttpError(text, answer?.code ?? -1, answer);
  },
};
