import type {
  Envelope,
  FormDataField,
  ListData,
  ReportDraftInput,
  ReportDraftPreview,
  ReportFromFormInput,
  ReportImportResult,
  ReportInfo,
  ReportInput,
  ReportPreview,
  ReportQuery,
  ReportRow,
  ReportRunInput,
  ReportSelectorNode,
  VisualDevSelectorRow,
} from '@platform/shared';
import { crudApi, transferApi } from '../../shared/api/crud-api.ts';
import { http } from '../../shared/api/http.ts';

/** The report server's base, as the 3.6 client's report menus call it. */
const base = '/api/ReportServer/Data';

/** The viewer shows a refusal (无权查看该报表, 报表已停用, 年份不能为空) in the page itself, not as a toast too. */
const inPage = { silent: true };

/** Report definitions (报表设计, issue 39): the list, one definition, copy, the state switch and the .json files. */
export const reportApi = {
  ...crudApi<ReportRow, ReportInput, ReportQuery, ReportInfo>(base),
  ...transferApi<ReportImportResult>(base),
  copy: (id: string) => http.post<Envelope<null>>(`${base}/${id}/Actions/Copy`, undefined, { envelope: true }),
  /** The definition as the viewer (a type-5 menu) opens it: its parameters make the search form. */
  viewInfo: (id: string) => http.get<ReportInfo>(`${base}/${id}`, undefined, inPage),
  /** One page of the filled sheet, and the charts. */
  preview: (id: string, input: ReportRunInput) =>
    http.post<ReportPreview>(`${base}/${id}/Actions/Preview`, input, inPage),
  /** The whole filled report as an .xlsx; answers where to download it (a failure is toasted: it is a button's). */
  exportExcel: (id: string, input: ReportRunInput) =>
    http.post<{ name: string; url: string }>(`${base}/${id}/Actions/ExportExcel`, input),
  /** The designer's live view: the unsaved draft's first page, its datasets' fields and its sheet problems. */
  previewDraft: (input: ReportDraftInput, signal?: AbortSignal) =>
    http.post<ReportDraftPreview>(`${base}/Actions/PreviewDraft`, input, { ...inPage, signal }),
  /** Generated forms, for 从表单生成 (one not yet released is refused with the server's reason). */
  forms: () => http.get<ListData<VisualDevSelectorRow>>('/api/visualdev/Base/Selector').then((d) => d.list),
  /** A released form's value fields, sub-tables left out (`filterType=1`). */
  formFields: (formId: string) =>
    http
      .get<ListData<FormDataField>>(`/api/visualdev/Base/${formId}/FormDataFields`, { filterType: 1 })
      .then((d) => d.list),
  /** 从表单生成: makes the report (and the data interface it reads); answers its id. */
  fromForm: (input: ReportFromFormInput) => http.post<{ id: string }>(`${base}/Actions/FromForm`, input),
  /** The enabled reports by category: a drill-through's target. */
  selector: () => http.get<{ list: ReportSelectorNode[] }>(`${base}/Selector`),
};
