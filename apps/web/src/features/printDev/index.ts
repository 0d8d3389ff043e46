/** What other features use of printing: one dialog for every place that prints, and the template choice. */
export { PreviewPrintButton } from './components/PreviewPrintButton.tsx';
export { printTemplateIds, usePrintDialog } from './components/PrintDialog.tsx';
export { PrintTemplateSelect } from './components/PrintTemplateSelect.tsx';
