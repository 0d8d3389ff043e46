import type {
  Envelope,
  PageData,
  PrintData,
  PrintDevInput,
  PrintDevQuery,
  PrintDevRow,
  PrintDevSelectorNode,
  PrintField,
  PrintLogRow,
  VisualDevSelectorRow,
} from '@platform/shared';
import { crudApi, transferApi } from '../../shared/api/crud-api.ts';
import { http } from '../../shared/api/http.ts';

const base = '/api/system/printDev';

/** admin.md §7 "Print templates" and the print log (protocol-admin.md section 8). */
export const printDevApi = {
  ...crudApi<PrintDevRow, PrintDevInput, PrintDevQuery>(base),
  ...transferApi(base),
  copy: (id: string) => http.post<Envelope<null>>(`${base}/${id}/Actions/Copy`, undefined, { envelope: true }),
  /** Enabled templates grouped by category (the choice of a form's or a flow node's print button). */
  selector: () => http.get<{ list: PrintDevSelectorNode[] }>(`${base}/Selector`),
  /** The names of templates, in the order asked. */
  names: (ids: string[]) => http.post<{ id: string; fullName: string }[]>(`${base}/getListOptions`, { ids }),
  /** Released generated forms a template can print. */
  forms: () => http.get<{ list: VisualDevSelectorRow[] }>('/api/visualdev/Base/Selector'),
  /** A form's latest records, to preview a template with one (the caller's rights on the form apply). */
  records: (formId: string) =>
    http.post<PageData<{ id: string } & Record<string, unknown>>>(`/api/visualdev/OnlineDev/${formId}/List`, {
      currentPage: 1,
      pageSize: 50,
    }),
  fields: (formId: string) => http.post<PrintField[]>(`${base}/Fields`, { formId }),
  data: (id: string, recordId: string) => http.get<PrintData>(`${base}/Data`, { id, formId: recordId }),
  batchData: (id: string, recordIds: string[]) =>
    http.get<PrintData[]>(`${base}/BatchData`, { id, formId: recordIds.join(',') }),
  saveLog: (printId: string, printTitle: string, printNum: number) =>
    http.post<Envelope<null>>('/api/system/printLog/save', { printId, printTitle, printNum }, { envelope: true }),
  log: (id: string, query: { currentPage?: number; pageSize?: number; startTime?: number; endTime?: number }) =>
    http.get<PageData<PrintLogRow>>(`/api/system/printLog/${id}`, query),
};
