export type { RenderMode } from './context.ts';
export { defaultValueOf, initialValues, isShown, kindOf, valueFields } from './definition.ts';
export { FieldControl, type FieldControlProps } from './FieldControl.tsx';
export { FieldValue } from './FieldValue.tsx';
export {
  FormCol,
  FormLayout,
  type FormLayoutProps,
  FormPart,
  type FormPartProps,
  FormRenderer,
  type FormRendererProps,
  FormRow,
} from './FormRenderer.tsx';
export { useFormEngineTranslation } from './i18n.ts';
export {
  isNone,
  type KindSection,
  type NoFacet,
  type PaletteEntry,
  type PaletteGroupKey,
  WEB_KINDS,
  type WebKind,
  webKind,
} from './kind-registry.tsx';
export { displayKinds, kinds } from './kinds.tsx';
export { useFieldOptions } from './options.ts';
export {
  type FileService,
  type FormEnginePlugins,
  FormEngineProvider,
  type RichTextSlot,
  type UploadedFile,
  useFormEnginePlugins,
} from './plugins.tsx';
export { FormStore, useFieldValue } from './store.ts';
export { validateField, validateRows } from './validate.ts';
export type { FieldKind, ViewProps, WidgetProps } from './widgets/types.ts';
