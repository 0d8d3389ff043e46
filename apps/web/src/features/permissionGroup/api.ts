import type {
  Envelope,
  OrganizeAdministratorInput,
  OrganizeAdministratorQuery,
  OrganizeAdministratorRow,
  PageData,
  PermissionGroupInput,
  PermissionGroupQuery,
  PermissionGroupRow,
  PermissionGroupsOfObject,
  PermissionMembers,
  PermissionTree,
} from '@platform/shared';
import { http } from '../../shared/api/http.ts';

const base = '/api/permission/PermissionGroup';
const administrators = '/api/permission/organizeAdminIsTrator';

/** Objects a "permissions" view asks about (the server takes any case). */
export type PermissionObjectType = 'user' | 'role' | 'position' | 'organize' | 'group' | 'module';

/** Issue 25: permission groups (the 3.6 client's permission/authorize page) and tiered administrators. */
export const permissionGroupApi = {
  list: (query: PermissionGroupQuery, signal?: AbortSignal) =>
    http.get<PageData<PermissionGroupRow>>(base, query, { signal }),
  info: (id: string) => http.get<PermissionGroupRow>(`${base}/${id}`),
  create: (input: PermissionGroupInput) => http.post<Envelope<{ id: string }>>(base, input, { envelope: true }),
  update: (id: string, input: PermissionGroupInput) =>
    http.put<Envelope<null>>(`${base}/${id}`, { ...input, id }, { envelope: true }),
  remove: (id: string) => http.delete<Envelope<null>>(`${base}/${id}`, undefined, { envelope: true }),
  copy: (id: string) =>
    http.post<Envelope<{ id: string }>>(`${base}/${id}/Actions/Copy`, undefined, { envelope: true }),
  members: (id: string) => http.get<PermissionMembers>(`${base}/PermissionMember/${id}`),
  /** Replaces the members: ids as `<id>--user|role|position|company|department|organize|group`. */
  saveMembers: (id: string, ids: string[]) =>
    http.post<Envelope<null>>(`${base}/PermissionMember/${id}`, { ids }, { envelope: true }),
  /** Which enabled groups reach the object; `type` 0: its permissions are not switched on. */
  groupsOf: (id: string, objectType: PermissionObjectType) =>
    http.get<PermissionGroupsOfObject>(`${base}/getPermissionGroup`, { id, objectType }),
  /** What one of those groups grants, as a tree. */
  permissionOf: (id: string, objectType: PermissionObjectType, permissionId: string) =>
    http.get<PermissionTree>(`${base}/getPermission`, { id, objectType, permissionId }),
};

export const organizeAdministratorApi = {
  list: (query: OrganizeAdministratorQuery, signal?: AbortSignal) =>
    http.get<PageData<OrganizeAdministratorRow>>(administrators, query, { signal }),
  ofUser: (userId: string) => http.get<{ list: OrganizeAdministratorRow[] }>(`${administrators}/Selector`, { userId }),
  save: (input: OrganizeAdministratorInput) => http.post<Envelope<null>>(administrators, input, { envelope: true }),
  remove: (id: string) => http.delete<Envelope<null>>(`${administrators}/${id}`, undefined, { envelope: true }),
};
