/**
 * The names a generated area may not take (issue 40): the areas of this repository, on either
 * side (`apps/server/src/modules/<name>`, `apps/web/src/features/<name>`), whose files it would
 * overwrite, and the first segments of our routes (`/api/<name>/…`), which its routes would share.
 * A test keeps the list in step with the folders.
 */
export const takenAreaNames: readonly string[] = [
  // the areas (either side)
  'area',
  'authorize',
  'billRule',
  'chat',
  'dataInterface',
  'dictionary',
  'file',
  'generater',
  'group',
  'health',
  'home',
  'location',
  'lockScreen',
  'log',
  'login',
  'menu',
  'message',
  'msgTemplate',
  'notice',
  'oauth',
  'organize',
  'organizeAdministrator',
  'password',
  'permissionGroup',
  'portal',
  'position',
  'previewModel',
  'printDev',
  'profile',
  'report',
  'role',
  'schedule',
  'sendConfig',
  'shell',
  'signature',
  'sysConfig',
  'system',
  'user',
  'userOnline',
  'visualdev',
  'workflow',
  // route segments that are not areas
  'docs',
  'extend',
  'flowForm',
  'permission',
  'ReportServer',
];

/** Whether a generated area may be called `name` (compared without case: file systems may ignore it). */
export function isAreaNameFree(name: string): boolean {
  const lower = name.toLowerCase();
  return !takenAreaNames.some((taken) => taken.toLowerCase() === lower);
}
