import type { PageModules } from '../../shared/shell/page-modules.ts';

/** Menus of type 3 and 4 (generated forms) all open this page; the menu's moduleId names the form. */
export const formModelPage = 'visualdev/formModel';

export default {
  [formModelPage]: () => import('./pages/FormModelPage.tsx'),
  // 功能设计: the definitions, each opening the form designer (its own lazy chunk).
  'onlineDev/webDesign': () => import('./pages/WebDesignPage.tsx'),
  // 表单设计 (the 3.6 client's flow forms): a custom flow form is a generated form, designed here too.
  'workFlow/formDesign': () => import('./pages/WebDesignPage.tsx'),
} satisfies PageModules;
