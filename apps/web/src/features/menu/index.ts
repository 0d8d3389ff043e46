/** What other features use of menus: the menu calls (a generated form publishes itself under a parent menu). */
export { menuApi } from './api.ts';
