import type {
  Envelope,
  MessageTemplateInfo,
  MessageTemplateRow,
  PageData,
  SendMessageConfigInfo,
  SendMessageConfigInput,
  SendMessageConfigQuery,
  SendMessageInput,
  SendMessageResult,
} from '@platform/shared';
import { crudApi } from '../../shared/api/crud-api.ts';
import { http } from '../../shared/api/http.ts';

const base = '/api/message/SendMessageConfig';
const templates = '/api/message/MessageTemplateConfig';

/** protocol-admin.md §10 "SendMessageConfig": the list kit's calls, Copy, the send itself and the templates it uses. */
export const sendConfigApi = {
  ...crudApi<SendMessageConfigInfo, SendMessageConfigInput, SendMessageConfigQuery>(base),
  copy: (id: string) => http.post<Envelope<null>>(`${base}/${id}/Actions/Copy`, undefined, { envelope: true }),
  /** Sends now through every enabled channel; answers how each channel went. */
  send: (id: string, input: SendMessageInput) =>
    http.post<Envelope<SendMessageResult>>(`${base}/${id}/Actions/Send`, input, { envelope: true }),
  /** Every template a channel can pick (the server's largest page: a configuration picks among all). */
  templates: () => http.get<PageData<MessageTemplateRow>>(templates, { currentPage: 1, pageSize: 500 }),
  /** One template with its parameters, for the test send. */
  template: (id: string) => http.get<MessageTemplateInfo>(`${templates}/${id}`),
};
