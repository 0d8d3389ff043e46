import type {
  Envelope,
  ListData,
  MenuImportInput,
  MenuImportResult,
  MenuInfo,
  MenuInput,
  MenuQuery,
  ModulePermissionInfo,
  ModulePermissionInput,
  PermissionKind,
  PortalSelectorNode,
  ReportSelectorNode,
  SystemInfo,
  VisualDevSelectorRow,
} from '@platform/shared';
import { http } from '../../shared/api/http.ts';
import { getToken } from '../../shared/session/store.ts';

const base = '/api/system/Menu';

/** A menu of `ModuleBySystem` and `GET /api/system/Menu/{id}`; a definition of a menu's buttons, columns, forms, data scopes. */
export type { MenuInfo, ModulePermissionInfo as PermissionDefinition };

/** The paths of each family of permission definitions. */
export const familyPaths: Record<PermissionKind, string> = {
  button: '/api/system/ModuleButton',
  column: '/api/system/ModuleColumn',
  form: '/api/system/ModuleForm',
  resource: '/api/system/ModuleDataAuthorizeScheme',
};

/** One thing a menu can open, or a category of them (not selectable), for the 关联功能 picker. */
export interface ModuleChoice {
  value: string;
  title: string;
  selectable?: boolean;
  children?: ModuleChoice[];
}

/** Reports and portals come grouped by category; a category is only a heading. */
const byCategory = (nodes: (ReportSelectorNode | PortalSelectorNode)[]): ModuleChoice[] =>
  nodes.map((category) => ({
    value: `category:${category.id}`,
    title: category.fullName,
    selectable: false,
    children: category.children.map((item) => ({ value: item.id, title: item.fullName })),
  }));

/** admin.md §7 "Menus". */
export const menuApi = {
  /**
   * What a menu of `type` can open: released forms (3 form page, 4 dictionary page), enabled reports
   * (5) or portals (8), so the 关联功能 field shows names rather than ids.
   */
  moduleChoices: async (type: number): Promise<ModuleChoice[]> => {
    if (type === 5)
      return byCategory((await http.get<ListData<ReportSelectorNode>>('/api/ReportServer/Data/Selector')).list);
    if (type === 8)
      return byCategory((await http.get<ListData<PortalSelectorNode>>('/api/visualdev/Portal/Selector')).list);
    const forms = await http.get<ListData<VisualDevSelectorRow>>('/api/visualdev/Base/Selector');
    return forms.list.map((form) => ({ value: form.id, title: `${form.fullName} (${form.enCode})` }));
  },
  systems: () => http.get<ListData<SystemInfo>>('/api/system/System/Selector').then((d) => d.list),
  tree: (systemId: string, query: MenuQuery) =>
    http.get<ListData<MenuInfo>>(`${base}/ModuleBySystem/${systemId}`, query).then((d) => d.list),
  /** Directories and categories a menu may hang under ("0": none). */
  parents: (id: string, systemId: string) =>
    http.get<ListData<MenuInfo>>(`${base}/Selector/${id}/${systemId}`).then((d) => d.list),
  info: (id: string) => http.get<MenuInfo>(`${base}/${id}`),
  create: (input: MenuInput) => http.post<Envelope<string>>(base, input, { envelope: true }),
  update: (id: string, input: MenuInput) => http.put<Envelope<null>>(`${base}/${id}`, input, { envelope: true }),
  toggleState: (id: string) => http.put<Envelope<null>>(`${base}/${id}/Actions/State`, undefined, { envelope: true }),
  remove: (id: string) => http.delete<Envelope<null>>(`${base}/${id}`, undefined, { envelope: true }),
  importMenu: (input: MenuImportInput) =>
    http.post<Envelope<MenuImportResult>>(`${base}/Actions/Import`, input, { envelope: true }),
  /**
   * `GET /api/system/Menu/{id}/Actions/Export` answers the JSON file itself, not an envelope, so
   * the request layer (which unwraps envelopes) cannot carry it; this fetch sends the same headers.
   */
  exportMenu: async (id: string): Promise<void> => {
    const token = getToken();
    const response = await fetch(`${base}/${id}/Actions/Export?n=${Date.now()}`, {
      headers: { 'jnpf-origin': 'pc', ...(token ? { Authorization: token } : {}) },
    });
    if (!response.ok) throw new Error(String(response.status));
    const disposition = response.headers.get('content-disposition') ?? '';
    const name = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
    const url = URL.createObjectURL(await response.blob());
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = name ? decodeURIComponent(name) : 'menu.json';
    anchor.click();
    URL.revokeObjectURL(url);
  },
  definitions: (kind: PermissionKind, moduleId: string, keyword?: string) =>
    http.get<ListData<ModulePermissionInfo>>(`${familyPaths[kind]}/${moduleId}/List`, { keyword }).then((d) => d.list),
  definition: (kind: PermissionKind, id: string) => http.get<ModulePermissionInfo>(`${familyPaths[kind]}/${id}`),
  createDefinition: (kind: PermissionKind, input: ModulePermissionInput) =>
    http.post<Envelope<string>>(familyPaths[kind], input, { envelope: true }),
  updateDefinition: (kind: PermissionKind, id: string, input: ModulePermissionInput) =>
    http.put<Envelope<null>>(`${familyPaths[kind]}/${id}`, input, { envelope: true }),
  toggleDefinition: (kind: PermissionKind, id: string) =>
    http.put<Envelope<null>>(`${familyPaths[kind]}/${id}/Actions/State`, undefined, { envelope: true }),
  removeDefinition: (kind: PermissionKind, id: string) =>
    http.delete<Envelope<null>>(`${familyPaths[kind]}/${id}`, undefined, { envelope: true }),
};
