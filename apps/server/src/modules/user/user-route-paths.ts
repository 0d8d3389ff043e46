import { Id } from '@platform/shared';
import { Type } from 'typebox';

// Shared by the user area's route files (user.routes.ts registers them all, once).
export const tags = ['user'];
/** The user page's menu: its buttons guard the administration routes, its data scope the lists. */
export const menu = 'permission.user';
export const base = '/api/permission/Users';
export const IdParams = Type.Object({ id: Id });
