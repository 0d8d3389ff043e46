export { CategoryCrudPage, useCategoryCrud } from './CategoryCrudPage.tsx';
export {
  applyColumnSettings,
  ColumnSettingsDrawer,
  ColumnSettingsTool,
  useColumnSettings,
} from './ColumnSettingsDrawer.tsx';
export {
  CodeEditor,
  type CodeEditorProps,
  type CodeLanguage,
  useJsonSyntaxMessage,
} from './code-editor/CodeEditor.tsx';
export { type Confirm, type ConfirmKind, useConfirm } from './confirm.tsx';
export {
  AddButton,
  type Call,
  type ColumnSettingsState,
  type Crud,
  CrudPage,
  fieldColumn,
  type Question,
  type RowAction,
  type RowActionList,
  RowActions,
  type RowMore,
  tagColumn,
  useCrudList,
  useCrudQuery,
} from './crud.tsx';
export { DictionaryFilter, useDictionaryCategory } from './DictionaryFilter.tsx';
export { AddAndImportButtons, EntityImportDialog, ImportButton } from './EntityImportDialog.tsx';
export { type ExportedFile, useExportTask } from './export-task.ts';
export { FormDialog, StateTag, successSeconds, useFormSubmit, useSuccessToast } from './FormDialog.tsx';
export { InterfaceSelect } from './InterfaceSelect.tsx';
export { useComponentsTranslation } from './i18n.ts';
export { ListPage, ListPager, ListTable, RefreshButton, SearchBar } from './ListPage.tsx';
export {
  type ListController,
  type ListParams,
  listPageSizes,
  pruneEmptyChildren,
  useListQuery,
  useUnpagedListQuery,
} from './list.ts';
export { OrganizeSide, TreeSide } from './OrganizeSide.tsx';
export { filterTree, type PickerKind, type PickerMode, type PickerNode, pickerSources } from './pickers/api.ts';
export { PickedNames, PickerField } from './pickers/PickerField.tsx';
export { type PickedItem, SelectorDialog, usePickerTree } from './pickers/SelectorDialog.tsx';
export { type LogPaging, RecordLogDialog } from './RecordLogDialog.tsx';
export {
  type CrudFormProps,
  RecordFields,
  RecordFormDialog,
  type RecordInput,
  type RecordValues,
  recordDefaults,
  recordInput,
  recordValues,
  type TreeOption,
  treeOptions,
  useRecordForm,
} from './record-form.tsx';
export { nameMax, sortMax, useAdminRules } from './rules.ts';
export { isSignatureEmpty, padHeight, padWidth, SignaturePad, type SignaturePadProps } from './SignaturePad.tsx';
