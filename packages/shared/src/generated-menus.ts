/**
 * The pages of areas made by code generation (issue 40): a generated area's README adds its line
 * here. The server seeds each as a page at the top of the main system's menu with the standard
 * buttons, as it does the standard pages; an administrator then grants it. Their names are the
 * designer's words, not translated by the shell.
 */
export const generatedMenus: readonly [enCode: string, fullName: string, urlAddress: string, icon: string][] = [];
