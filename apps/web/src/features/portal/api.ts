import type {
  DashboardNotice,
  DataInterfaceNode,
  Envelope,
  ListData,
  PageData,
  PortalAuth,
  PortalInfo,
  PortalInput,
  PortalQuery,
  PortalRow,
  PortalSelectorNode,
} from '@platform/shared';
import { crudApi, transferApi } from '../../shared/api/crud-api.ts';
import { http } from '../../shared/api/http.ts';

const base = '/api/visualdev/Portal';
const quiet = { silent: true } as const;

/** A row a data interface answers. */
export type CardRow = Record<string, unknown>;

/** The flow counts of the to-do card (protocol-workflow.md section 5). */
export interface FlowTodoCount {
  toBeReviewed: number;
  flowDone: number;
  flowCirculate: number;
}

/** Portals (protocol-workflow.md section 5): the designer's calls and what the home page reads. */
export const portalApi = {
  ...crudApi<PortalRow, PortalInput, PortalQuery, PortalInfo, string>(base),
  /** The designer's save: only the cards; every other field stays. */
  saveDesign: (id: string, formData: string) =>
    http.put<Envelope<null>>(`${base}/${id}`, { id, formData }, { envelope: true }),
  copy: (id: string) => http.post<Envelope<null>>(`${base}/${id}/Actions/Copy`, undefined, { envelope: true }),
  ...transferApi(base),
  roleDefaults: (id: string) => http.get<{ roleIds: string[] }>(`${base}/${id}/Actions/RoleDefault`),
  setRoleDefaults: (id: string, roleIds: string[]) =>
    http.put<Envelope<null>>(`${base}/${id}/Actions/RoleDefault`, { roleIds }, { envelope: true }),
  roles: () =>
    http.get<PageData<{ id: string; fullName: string }>>('/api/permission/Role', { currentPage: 1, pageSize: 500 }),

  // The home page.
  selector: () => http.get<ListData<PortalSelectorNode>>(`${base}/Selector`, { platform: 'Web', type: 1 }, quiet),
  auth: (id: string) => http.get<PortalAuth>(`${base}/${id}/auth`, { platform: 'Web' }, quiet),
  saveCustom: (id: string, formData: string) => http.put<null>(`${base}/Custom/Save/${id}`, { formData }, quiet),
  setDefault: (id: string) =>
    http.put<Envelope<null>>(`${base}/${id}/Actions/SetDefault`, undefined, { envelope: true }),

  // What the cards read; each fails quietly into the card's own empty state.
  interfaces: () => http.get<DataInterfaceNode[]>('/api/system/DataInterface/Selector'),
  /** A data interface's rows with the viewer's own session variables (Actions/Options serves whoever may open a portal using the interface). */
  interfaceRows: (id: string, signal?: AbortSignal) =>
    http.get<CardRow[]>(
      `/api/system/DataInterface/${encodeURIComponent(id)}/Actions/Options`,
      {},
      { ...quiet, signal },
    ),
  /** Released notices the viewer received, newest first (their ids are the viewer's messages). */
  notices: (signal?: AbortSignal) =>
    http.post<ListData<DashboardNotice>>('/api/visualdev/Dashboard/Notice', {}, { ...quiet, signal }),
  flowTodoCount: (signal?: AbortSignal) =>
    http.post<FlowTodoCount>('/api/visualdev/Dashboard/FlowTodoCount', {}, { ...quiet, signal }),
  flowTodo: (signal?: AbortSignal) =>
    http.get<ListData<CardRow>>('/api/visualdev/Dashboard/FlowTodo', {}, { ...quiet, signal }),
  schedules: (startTime: number, endTime: number, signal?: AbortSignal) =>
    http.get<ListData<{ id: string; title: string; startDay: number; allDay: boolean }>>(
      '/api/system/Schedule',
      { startTime, endTime },
      { ...quiet, signal },
    ),
};
