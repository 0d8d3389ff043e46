import type { ImContact, ImConversation, ImUploadResult, ListData, PageData } from '@platform/shared';
import type { Static } from 'typebox';
import { http } from '../../shared/api/http.ts';
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
  /** POST /api/file/Uploader/IM (shell.md §7 "Image upload"): the stored image's name comes back. */
  uploadImage: (file: Blob, name: string) => http.postFile<UploadResult>('/api/file/Uploader/IM', file, name),
};
