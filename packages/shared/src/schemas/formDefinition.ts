/**
 * A generated form's definition (protocol.md "Generated forms"): the JNPF `formData` shape that
 * existing 3.6 definitions use. Only the keys the form engine reads are named; a definition carries
 * many more (designer state, print settings), which pass through untouched, hence the index
 * signatures. Types only: definitions are authored by the designer and stored as JSON text.
 */

/** A regex rule of a field: `pattern` as stored text ('/^\\d+$/' or '^\\d+$'), `message` shown when it fails. */
export interface FormRegRule {
  pattern: string;
  message: string;
}

/** A cell of a table grid (tableGrid rows hold `__config__.children` of these). */
export interface FormFieldConfig {
  /** The field kind: widgets.md §1 names ('input', 'inputNumber', 'table', 'row', ...). */
  jnpfKey: string;
  label?: string;
  labelWidth?: number | null;
  showLabel?: boolean;
  tipLabel?: string;
  tag?: string;
  defaultValue?: unknown;
  required?: boolean;
  layout?: 'colFormItem' | 'rowFormItem' | string;
  span?: number;
  regList?: FormRegRule[];
  tableAlign?: 'left' | 'center' | 'right' | string;
  tableFixed?: 'left' | 'right' | 'none' | string;
  /** 'pc' and/or 'app'; a field without 'pc' is not rendered on the web. */
  visibility?: string[];
  noShow?: boolean;
  children?: FormField[];
  tableName?: string;
  /** Options source of choice fields: 'static' (the field's options), 'dictionary' or 'dynamic'. */
  dataType?: 'static' | 'dictionary' | 'dynamic' | string;
  /** The dictionary (its id or enCode) of dictionary options. */
  dictionaryType?: string;
  /** Table-grid cell: how many columns / rows it spans, whether another cell swallowed it, its colour. */
  colspan?: number;
  rowspan?: number;
  merged?: boolean;
  backgroundColor?: string;
  /** Card, collapse and tab: the active panel(s), the title. */
  active?: string | number | (string | number)[];
  title?: string;
  /** Sub-table: summary row and the columns summed. */
  showTitle?: boolean;
  /**
   * The code of the menu's column and form permission entries for this field (list-permissions.ts
   * `permissionKeyOf`); unset or blank: the field's name. The designer's 权限标识.
   */
  permissionKey?: string;
  /** A data-bound choice field's interface parameters (dataType 'dynamic'), as a popup select's `templateJson`. */
  templateJson?: unknown[];
  [key: string]: unknown;
}

/** An event a definition carries as data: what to do, never code. */
export interface FormFieldEvent {
  /** 'setValue': copy `value` (or the value of field `from`) into field `target`. 'clear': empty `target`. */
  action: 'setValue' | 'clear' | 'toggleHidden' | 'toggleDisabled';
  target: string;
  value?: unknown;
  from?: string;
  /** Only when the changed value equals this (strict, or member of an array value). */
  when?: unknown;
}

export interface FormField {
  /** The field's name in the record; containers have none. */
  __vModel__?: string;
  __config__: FormFieldConfig;
  __slot__?: { options?: FormOption[]; prepend?: string; append?: string; [key: string]: unknown };
  placeholder?: string;
  clearable?: boolean;
  disabled?: boolean;
  readonly?: boolean;
  options?: FormOption[];
  props?: { label?: string; value?: string; children?: string; [key: string]: unknown };
  /** Events as data (see FormFieldEvent); a stored function text is ignored. */
  on?: Record<string, FormFieldEvent[] | string | unknown>;
  [key: string]: unknown;
}

/** An option item (widgets.md §3): id (value), fullName (label), children, disabled. */
export interface FormOption {
  id?: string | number;
  fullName?: string;
  children?: FormOption[];
  disabled?: boolean;
  [key: string]: unknown;
}

export interface FormDefinition {
  formRef?: string;
  formModel?: string;
  size?: string;
  labelPosition?: 'left' | 'right' | 'top' | string;
  labelWidth?: number;
  popupType?: 'general' | 'fullScreen' | 'drawer' | string;
  generalWidth?: string;
  gutter?: number;
  disabled?: boolean;
  hasConfirmBtn?: boolean;
  hasCancelBtn?: boolean;
  /** admin.md 2.9: the detail's print button, its label (default 打 印) and its template(s). */
  hasPrintBtn?: boolean;
  printButtonText?: string;
  printId?: string | string[];
  fields: FormField[];
  [key: string]: unknown;
}

/** A record's field values. */
export type FormValues = Record<string, unknown>;
