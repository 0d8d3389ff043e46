import type { preHandlerAsyncHookHandler } from 'fastify';
import { ForbiddenError } from './errors.ts';

/**
 * The permission a route needs, named by the menu's enCode and the button code the browser uses
 * to show the same action (btn_add, btn_edit, btn_remove, ...). Administrators hold every
 * permission; grants to roles, positions, users and groups are checked here once the
 * authorisation area stores them, so routes never change when it does.
 */
export function permit(menuCode: string, buttonCode: string): preHandlerAsyncHookHandler {
  const required = `${menuCode}:${buttonCode}`;
  return async function checkPermission(request) {
    const session = request.session;
    if (!session) throw new ForbiddenError();
    if (session.isAdministrator) return;
    request.log.debug({ required, userId: session.userId }, 'permission refused');
    throw new ForbiddenError();
  };
}

/**
 * A read route (a page's list and details): needs the menu itself, no button. Administrators pass;
 * grants are checked here once the authorisation area stores them.
 */
export function permitMenu(menuCode: string): preHandlerAsyncHookHandler {
  return async function checkMenu(request) {
    const session = request.session;
    if (!session) throw new ForbiddenError();
    if (session.isAdministrator) return;
    request.log.debug({ required: menuCode, userId: session.userId }, 'permission refused');
    throw new ForbiddenError();
  };
}
