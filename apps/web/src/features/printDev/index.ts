/** What other features use of printing: the preview and the template picker. */
export { PrintPreview, type PrintTarget, usePrintRefusedInPreview } from './components/PrintPreview.tsx';
export { PrintTemplatePicker } from './components/PrintTemplatePicker.tsx';
