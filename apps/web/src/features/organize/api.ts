import type { Envelope, ListData, OrganizeInfo, OrganizeInput, OrganizeNode } from '@platform/shared';
import { http } from '../../shared/api/http.ts';

const base = '/api/permission/Organize';

/** A row of the organisation tree (companies and departments). */
export type { OrganizeNode };

export interface SelectorNode {
  id: string;
  fullName: string;
  children?: SelectorNode[];
}

export type OrganizeKind = 'company' | 'department';

const path = (kind: OrganizeKind) => (kind === 'company' ? base : `${base}/Department`);

/** admin.md §7 "Organisations and departments". */
export const organizeApi = {
  tree: (keyword?: string) => http.get<ListData<OrganizeNode>>(base, { keyword }).then((d) => d.list),
  /** Parents a company may have: companies, without {id} and below ("0": none). */
  companySelector: (id = '0') => http.get<ListData<SelectorNode>>(`${base}/Selector/${id}`).then((d) => d.list),
  /** Parents a department may have: companies and departments, without {id} and below. */
  departmentSelector: (id = '0') =>
    http.get<ListData<SelectorNode>>(`${base}/Department/Selector/${id}`).then((d) => d.list),
  info: (kind: OrganizeKind, id: string) => http.get<OrganizeInfo>(`${path(kind)}/${id}`),
  create: (kind: OrganizeKind, input: OrganizeInput) =>
    http.post<Envelope<{ id: string }>>(path(kind), input, { envelope: true }),
  update: (kind: OrganizeKind, id: string, input: OrganizeInput) =>
    http.put<Envelope<null>>(`${path(kind)}/${id}`, { ...input, id }, { envelope: true }),
  remove: (id: string) => http.delete<Envelope<null>>(`${base}/${id}`, undefined, { envelope: true }),
};
