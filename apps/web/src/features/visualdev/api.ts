import type {
  Envelope,
  PageData,
  RecordInfo,
  RecordListBody,
  RecordPageConfig,
  ShortLinkConfig,
  ShortLinkInfo,
  ShortLinkInput,
  ShortLinkKind,
  VisualDevInfo,
  VisualDevInput,
  VisualDevMenuAnswer,
  VisualDevMenuInput,
  VisualDevQuery,
  VisualDevRow,
} from '@platform/shared';
import { crudApi } from '../../shared/api/crud-api.ts';
import { http } from '../../shared/api/http.ts';

/** The records' base path; the import wizard's calls hang under `${recordsBase}/{modelId}`. */
export const recordsBase = '/api/visualdev/OnlineDev';
const records = recordsBase;
const base = '/api/visualdev/Base';

/** The definitions (功能设计): the list, one draft, its changes and its release. */
export const designApi = {
  ...crudApi<VisualDevRow, VisualDevInput, VisualDevQuery>(base),
  info: (id: string) => http.get<VisualDevInfo>(`${base}/${id}`),
  release: (id: string) => http.post<Envelope<null>>(`${base}/${id}/Actions/Release`, undefined, { envelope: true }),
  /** 发布 to a new menu: the draft released and opened by a form page with its permission entries. */
  releaseMenu: (id: string, input: VisualDevMenuInput) =>
    http.post<Envelope<VisualDevMenuAnswer>>(`${base}/${id}/Actions/ReleaseMenu`, input, { envelope: true }),
  copy: (id: string) => http.post<Envelope<null>>(`${base}/${id}/Actions/Copy`, undefined, { envelope: true }),
};

export type RecordRow = Record<string, unknown> & { id: string };

/** admin.md §7 "Online development family": a generated form's records. */
export const visualdevApi = {
  /** The released form and list; `silent`: the caller shows a refusal in place (a report's drill dialog). */
  config: (modelId: string, menuId: string, silent = false) =>
    http.get<RecordPageConfig>(`${records}/${modelId}/Config`, { menuId }, { silent }),
  list: (modelId: string, body: RecordListBody, signal?: AbortSignal) =>
    http.post<PageData<RecordRow>>(`${records}/${modelId}/List`, body, signal ? { signal } : {}),
  info: (modelId: string, id: string, menuId: string) =>
    http.get<RecordInfo>(`${records}/${modelId}/${id}`, { menuId }),
  detail: (modelId: string, id: string, menuId: string) =>
    http.get<RecordInfo>(`${records}/${modelId}/${id}/DataChange`, { menuId }),
  create: (modelId: string, data: Record<string, unknown>, menuId: string) =>
    http.post<Envelope<unknown>>(`${records}/${modelId}`, { data: JSON.stringify(data), menuId }, { envelope: true }),
  update: (modelId: string, id: string, data: Record<string, unknown>, menuId: string) =>
    http.put<Envelope<unknown>>(
      `${records}/${modelId}/${id}`,
      { id, data: JSON.stringify(data), menuId },
      { envelope: true },
    ),
  remove: (modelId: string, ids: string[], menuId: string) =>
    http.post<Envelope<unknown>>(`${records}/batchDelete/${modelId}`, { ids, menuId }, { envelope: true }),
  exportData: (
    modelId: string,
    body: RecordListBody & { dataType: number; selectKey?: string[]; selectIds?: string[] },
  ) => http.post<{ name: string; url: string }>(`${records}/${modelId}/Actions/ExportData`, body),
};

const links = '/api/visualdev/ShortLink';

/** The short link's public pages (/formShortLink): no session, the link's password when it has one. */
export const shortLinkApi = {
  /** The settings of a definition's link (the form-design page's). */
  info: (modelId: string) => http.get<ShortLinkInfo>(`${links}/${modelId}`),
  save: (modelId: string, input: ShortLinkInput) =>
    http.put<Envelope<null>>(`${links}/${modelId}`, input, { envelope: true }),
  config: (modelId: string, type: ShortLinkKind, password?: string) =>
    http.get<ShortLinkConfig>(`${links}/${modelId}/Config`, { type, password }),
  check: (modelId: string, type: ShortLinkKind, password: string) =>
    http.post<null>(`${links}/${modelId}/checkPwd`, { type, password }),
  /** A filled form with the link's password (when it has one) and the image captcha the visitor read. */
  submit: (
    modelId: string,
    data: Record<string, unknown>,
    answer: { password?: string | undefined; code: string; timestamp: string },
  ) =>
    http.post<Envelope<unknown>>(`${links}/${modelId}`, { data: JSON.stringify(data), ...answer }, { envelope: true }),
  list: (modelId: string, body: { currentPage: number; pageSize: number; password?: string }) =>
    http.post<PageData<RecordRow>>(`${links}/${modelId}/ListLink`, body),
};
