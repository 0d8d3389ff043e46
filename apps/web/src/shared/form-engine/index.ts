export type { RenderMode } from './context.ts';
export { defaultValueOf, initialValues, isShown, kindOf, valueFields } from './definition.ts';
export { FormRenderer, type FormRendererProps } from './FormRenderer.tsx';
export { useFormEngineTranslation } from './i18n.ts';
export { displayKinds, kinds, registerKind } from './kinds.tsx';
export { type FileService, type RichTextSlot, setFileService, setRichText, type UploadedFile } from './slots.ts';
export { FormStore, useFieldValue } from './store.ts';
export { validateField, validateRows } from './validate.ts';
export type { FieldKind, ViewProps, WidgetProps } from './widgets/types.ts';
