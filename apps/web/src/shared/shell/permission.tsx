import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import type { RouteMeta } from './menu-routes.ts';
import { type ModulePermission, useShell } from './shell-store.ts';

/**
 * The route meta of the page being rendered. Set by the kept-alive view around each page, so a
 * hidden tab keeps answering for its own module while another is shown.
 */
export const RouteMetaContext = createContext<RouteMeta | undefined>(undefined);

export function useRouteMeta(): RouteMeta | undefined {
  return useContext(RouteMetaContext);
}

/** shell.md §6: the default button codes of a page. */
export const defaultButtonCodes = ['btn_add', 'btn_edit', 'btn_remove'] as const;

type Group = 'button' | 'column' | 'form' | 'resource';

export function hasEntry(
  permissionList: readonly ModulePermission[],
  moduleId: string | undefined,
  group: Group,
  enCode: string,
): boolean {
  if (!moduleId) return false;
  const module = permissionList.find((p) => p.modelId === moduleId);
  return !!module?.[group]?.some((entry) => entry.enCode === enCode);
}

export interface Permission {
  moduleId: string | undefined;
  /** A button appears only if its entry exists for the current page's module (shell.md §6). */
  hasBtn: (enCode: string) => boolean;
  hasColumn: (enCode: string) => boolean;
  hasForm: (enCode: string) => boolean;
}

/**
 * Permission checks against the current route's module id. `moduleId` can be given for a page
 * that acts on another module's behalf.
 */
export function usePermission(moduleId?: string): Permission {
  const meta = useRouteMeta();
  const permissionList = useShell((state) => state.permissionList);
  const id = moduleId ?? meta?.moduleId;
  const check = useCallback(
    (group: Group, code: string) => hasEntry(permissionList, id, group, code),
    [permissionList, id],
  );
  return useMemo(
    () => ({
      moduleId: id,
      hasBtn: (code) => check('button', code),
      hasColumn: (code) => check('column', code),
      hasForm: (code) => check('form', code),
    }),
    [check, id],
  );
}

interface AuthProps {
  /** Button enCode, e.g. btn_add. */
  button?: string;
  column?: string;
  form?: string;
  /**
   * Whether permission checking is switched on for this group (a generated list's
   * useBtnPermission / useColumnPermission / useFormPermission). Off: always shown.
   */
  check?: boolean;
  moduleId?: string;
  fallback?: ReactNode;
  children: ReactNode;
}

/** `<Auth button="btn_add"><Button>新建</Button></Auth>`: renders its children only when granted. */
export function Auth({ button, column, form, check = true, moduleId, fallback = null, children }: AuthProps) {
  const permission = usePermission(moduleId);
  if (!check) return <>{children}</>;
  const granted =
    (button === undefined || permission.hasBtn(button)) &&
    (column === undefined || permission.hasColumn(column)) &&
    (form === undefined || permission.hasForm(form));
  return <>{granted ? children : fallback}</>;
}
