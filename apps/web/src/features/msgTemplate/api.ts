import type {
  Envelope,
  MessageTemplateInfo,
  MessageTemplateInput,
  MessageTemplateQuery,
  MessageTemplateRow,
} from '@platform/shared';
import { crudApi } from '../../shared/api/crud-api.ts';
import { http } from '../../shared/api/http.ts';

const base = '/api/message/MessageTemplateConfig';

/** protocol-admin.md §10 "MessageTemplateConfig": the list kit's calls, one template with its lists, and Copy. */
export const msgTemplateApi = {
  ...crudApi<MessageTemplateRow, MessageTemplateInput, MessageTemplateQuery>(base),
  info: (id: string) => http.get<MessageTemplateInfo>(`${base}/${id}`),
  copy: (id: string) => http.post<Envelope<null>>(`${base}/${id}/Actions/Copy`, undefined, { envelope: true }),
};
