/** What other features use of code generation: the dialog the form definitions' lists open. */
export { GenerateCodeDialog, type GeneratedForm } from './components/GenerateCodeDialog.tsx';
