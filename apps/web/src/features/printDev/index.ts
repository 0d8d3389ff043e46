/** What other features use of printing: the preview and the template picker. */
export { PreviewPrintButton } from './components/PreviewPrintButton.tsx';
export { PrintPreview, type PrintTarget } from './components/PrintPreview.tsx';
export { PrintTemplatePicker } from './components/PrintTemplatePicker.tsx';
