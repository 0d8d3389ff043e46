/** What other features use of authorisation: the grant steps (menus, buttons, columns, forms, data) and their save. */
export { type Checked, GrantSteps, useGrantSave } from './components/GrantSteps.tsx';
