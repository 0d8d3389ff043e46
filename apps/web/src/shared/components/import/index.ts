export { ImportWizard } from './ImportWizard.tsx';
export { type SheetImportApi, sheetImportApi } from './sheet-import-api.ts';
