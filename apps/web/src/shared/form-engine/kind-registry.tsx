import type { KindKey } from '@platform/shared';
import { type ComponentType, lazy } from 'react';
import type { PaletteIconName } from './palette-icons.ts';
import {
  choice,
  containerField,
  displayField,
  panesField,
  subTableField,
  type Template,
  tableGridField,
  valueField,
} from './palette-templates.ts';
import {
  CascaderView,
  CascaderWidget,
  CheckboxWidget,
  OptionsView,
  RadioWidget,
  SelectWidget,
  SwitchView,
  SwitchWidget,
  TreeSelectWidget,
} from './widgets/choices.tsx';
import { AutoCompleteWidget, popupAttrKind, popupSelectKind, popupTableSelectKind } from './widgets/data-select.tsx';
import {
  DateRangeView,
  DateRangeWidget,
  DateView,
  DateWidget,
  RangeTextView,
  TimeRangeWidget,
  TimeWidget,
} from './widgets/dates.tsx';
import {
  AlertWidget,
  AutoView,
  AutoWidget,
  BarcodeWidget,
  ButtonWidget,
  DividerWidget,
  EditorView,
  EditorWidget,
  GroupTitleWidget,
  IframeWidget,
  LinkWidget,
  QrcodeWidget,
  SignatureView,
  TextWidget,
} from './widgets/display.tsx';
import { InputView, InputWidget, PsdInputView, PsdInputWidget, TextareaWidget, TextView } from './widgets/inputs.tsx';
import {
  CalculateView,
  CalculateWidget,
  InputNumberView,
  InputNumberWidget,
  NumRangeView,
  NumRangeWidget,
  RateView,
  RateWidget,
  SliderView,
  SliderWidget,
} from './widgets/numbers.tsx';
import { areaKind, locationKind, peoplePickerKind } from './widgets/pickers.tsx';
import { relationFormAttrKind, relationFormKind } from './widgets/relation-form.tsx';
import type { FieldKind, ViewProps, WidgetProps } from './widgets/types.ts';
import { UploadView, UploadWidget } from './widgets/upload.tsx';

/**
 * The web's side of each field kind, one descriptor per kind of the shared table (`FIELD_KINDS` of
 * packages/shared, which says what a kind means: its value, storage, search, sheet and layout
 * facets). Here: how a form draws it (editor and viewer), the palette entry that adds it and the
 * property sections only it has. The form engine's `kinds`, the designer's palette and property
 * panel are read from this table; typed by the shared table's keys, a kind added there does not
 * compile until it has its entry here. A facet a kind lacks is an explicit `none` with the reason.
 */

/** A facet a kind does not have, and why (`kind-registry.test.ts` allows no silent gap). */
export interface NoFacet {
  readonly none: string;
}
const none = (reason: string): NoFacet => ({ none: reason });
export const isNone = (facet: unknown): facet is NoFacet =>
  typeof facet === 'object' && facet !== null && 'none' in facet;

export type PaletteGroupKey = 'basic' | 'advanced' | 'system' | 'layout';

export interface PaletteEntry {
  group: PaletteGroupKey;
  /**
   * The key the added field gets, and its name's locale key (visualdev `designer.kinds.<key>`).
   * The 3.6 designer's keys are kept where it had them (datePicker, timePicker, currDept).
   */
  key: string;
  /** Its icon's name in `paletteIcons` (loaded by the designer alone). */
  icon: PaletteIconName;
  /** The field a drop adds, before it gets its name and formId. */
  template: Template;
}

/**
 * The property sections a kind has beyond those every field has (identity, layout, visibility, and
 * for a value its default and validation): the hint of a typed value, where a choice's options
 * come from, the data interface of a popup, the numbering rule, the expression, the input mask.
 */
export type KindSection = 'placeholder' | 'optionSource' | 'popup' | 'billRule' | 'calculate' | 'mask';

export interface WebKind {
  /** The control of a form being filled in; for a display kind none (its viewer shows it in every mode). */
  editor: ComponentType<WidgetProps> | NoFacet;
  /** The read-only rendering of a detail, a sub-table's read-only cell and a workflow's read-only field. */
  viewer: ComponentType<ViewProps> | NoFacet;
  /** Where the designer's palette offers it, in the order of this table within a group. */
  palette: readonly PaletteEntry[] | NoFacet;
  sections: readonly KindSection[];
}

// ---- the reasons a facet is none ----------------------------------------------------------------

const shownByViewer = none('a display kind holds no value: its viewer draws it in a form and a detail alike');
const drawnByRenderer = none('a layout kind: FormRenderer draws it and the fields it holds');
const drawnBySubTable = none('the sub-table: FormRenderer draws it as SubTable, its columns by their own kinds');
const drawnByParent = none('a part of a layout kind: added and removed with its parent, never placed alone');
const onlyFrom36 = none('not offered by the palette: forms of the 3.6 designer bring it, and the engine draws it');

// ---- helpers ------------------------------------------------------------------------------------

const entry = (group: PaletteGroupKey, key: string, icon: PaletteIconName, template: Template): PaletteEntry[] => [
  { group, key, icon, template },
];
/** A value kind's editor and viewer as the engine's widgets give them. */
const drawn = ({ edit, view }: FieldKind): Pick<WebKind, 'editor' | 'viewer'> => ({
  editor: edit,
  viewer: view ?? none('the stored value as text'),
});
const shows = (Component: ComponentType<ViewProps>): Pick<WebKind, 'editor' | 'viewer'> => ({
  editor: shownByViewer,
  viewer: Component,
});
const auto: Pick<WebKind, 'editor' | 'viewer' | 'sections'> = {
  editor: AutoWidget,
  viewer: AutoView,
  sections: ['placeholder'],
};
const people = (key: KindKey, palette: WebKind['palette']): WebKind => ({
  ...drawn(peoplePickerKind(key)),
  palette,
  sections: ['placeholder'],
});
const picked = (key: string, rest: Record<string, unknown> = {}) =>
  valueField(key, { placeholder: '', ...rest, multiple: false });
const system = (key: string, icon: PaletteIconName) => entry('system', key, icon, valueField(key, { readonly: true }));
const upload = { limit: 9, fileSize: 10, sizeUnit: 'MB' };

// Heavy widgets load on first use.
const ColorField = lazy(() => import('./widgets/ColorField.tsx'));
const SignatureField = lazy(() => import('./widgets/SignatureField.tsx'));
const SignField = lazy(() => import('./widgets/SignField.tsx'));

function ColorView({ value }: ViewProps) {
  if (typeof value !== 'string' || !value) return null;
  return (
    <span className="fe-color">
      <span className="fe-color-swatch" style={{ background: value }} />
      {value}
    </span>
  );
}

/** Every kind of the shared table, palette kinds first in the palette's order. */
export const WEB_KINDS = {
  // ---- basic
  input: {
    editor: InputWidget,
    viewer: InputView,
    palette: entry(
      'basic',
      'input',
      'edit',
      valueField('input', { placeholder: '', clearable: true, maxlength: null }),
    ),
    sections: ['placeholder', 'mask'],
  },
  textarea: {
    editor: TextareaWidget,
    viewer: TextView,
    palette: entry(
      'basic',
      'textarea',
      'fileText',
      valueField('textarea', { placeholder: '', autoSize: { minRows: 4, maxRows: 4 } }),
    ),
    sections: ['placeholder'],
  },
  inputNumber: {
    editor: InputNumberWidget,
    viewer: InputNumberView,
    palette: entry('basic', 'inputNumber', 'number', valueField('inputNumber', { placeholder: '', step: 1 })),
    sections: ['placeholder'],
  },
  PsdInput: {
    editor: PsdInputWidget,
    viewer: PsdInputView,
    palette: entry('basic', 'PsdInput', 'lock', valueField('PsdInput', { placeholder: '' })),
    sections: ['placeholder'],
  },
  radio: {
    editor: RadioWidget,
    viewer: OptionsView,
    palette: entry('basic', 'radio', 'checkCircle', choice('radio')),
    sections: ['optionSource'],
  },
  checkbox: {
    editor: CheckboxWidget,
    viewer: OptionsView,
    palette: entry('basic', 'checkbox', 'checkSquare', choice('checkbox')),
    sections: ['optionSource'],
  },
  select: {
    editor: SelectWidget,
    viewer: OptionsView,
    palette: entry(
      'basic',
      'select',
      'downSquare',
      choice('select', { placeholder: '', clearable: true, multiple: false, filterable: false }),
    ),
    sections: ['placeholder', 'optionSource'],
  },
  switch: {
    editor: SwitchWidget,
    viewer: SwitchView,
    palette: entry(
      'basic',
      'switch',
      'swap',
      valueField('switch', { activeValue: 1, inactiveValue: 0 }, { defaultValue: 0 }),
    ),
    sections: [],
  },
  date: {
    editor: DateWidget,
    viewer: DateView,
    palette: entry(
      'basic',
      'datePicker',
      'calendar',
      valueField('datePicker', { placeholder: '', format: 'yyyy-MM-dd', type: 'date' }),
    ),
    sections: ['placeholder'],
  },
  time: {
    editor: TimeWidget,
    viewer: TextView,
    palette: entry(
      'basic',
      'timePicker',
      'clockCircle',
      valueField('timePicker', { placeholder: '', format: 'HH:mm:ss' }),
    ),
    sections: ['placeholder'],
  },
  dateRange: {
    editor: DateRangeWidget,
    viewer: DateRangeView,
    palette: entry(
      'basic',
      'dateRange',
      'schedule',
      valueField('dateRange', { format: 'yyyy-MM-dd', type: 'daterange' }),
    ),
    sections: ['placeholder'],
  },
  timeRange: {
    editor: TimeRangeWidget,
    viewer: RangeTextView,
    palette: entry('basic', 'timeRange', 'fieldTime', valueField('timeRange', { format: 'HH:mm:ss' })),
    sections: ['placeholder'],
  },
  rate: {
    editor: RateWidget,
    viewer: RateView,
    palette: entry('basic', 'rate', 'star', valueField('rate', { count: 5 })),
    sections: [],
  },
  slider: {
    editor: SliderWidget,
    viewer: SliderView,
    palette: entry('basic', 'slider', 'sliders', valueField('slider', { min: 0, max: 100, step: 1 })),
    sections: [],
  },
  colorPicker: {
    editor: ColorField,
    viewer: ColorView,
    palette: entry('basic', 'colorPicker', 'bgColors', valueField('colorPicker', {})),
    sections: [],
  },
  uploadFile: {
    editor: UploadWidget,
    viewer: UploadView,
    palette: entry('basic', 'uploadFile', 'upload', valueField('uploadFile', { ...upload, accept: '' })),
    sections: [],
  },
  uploadImg: {
    editor: UploadWidget,
    viewer: UploadView,
    palette: entry('basic', 'uploadImg', 'picture', valueField('uploadImg', upload)),
    sections: [],
  },
  editor: {
    editor: EditorWidget,
    viewer: EditorView,
    palette: entry('basic', 'editor', 'form', valueField('editor', { placeholder: '' })),
    sections: ['placeholder'],
  },
  // ---- advanced
  organizeSelect: people('organizeSelect', entry('advanced', 'organizeSelect', 'apartment', picked('organizeSelect'))),
  depSelect: people('depSelect', entry('advanced', 'depSelect', 'cluster', picked('depSelect'))),
  posSelect: people('posSelect', entry('advanced', 'posSelect', 'idcard', picked('posSelect'))),
  userSelect: people('userSelect', entry('advanced', 'userSelect', 'user', picked('userSelect'))),
  roleSelect: people('roleSelect', entry('advanced', 'roleSelect', 'team', picked('roleSelect'))),
  areaSelect: {
    ...drawn(areaKind),
    palette: entry('advanced', 'areaSelect', 'environment', picked('areaSelect', { level: 2 })),
    sections: ['placeholder'],
  },
  popupSelect: {
    ...drawn(popupSelectKind),
    palette: entry(
      'advanced',
      'popupSelect',
      'select',
      valueField('popupSelect', {
        placeholder: '',
        clearable: true,
        interfaceId: '',
        propsValue: 'id',
        relationField: 'fullName',
        columnOptions: [],
        templateJson: [],
        hasPage: false,
        pageSize: 20,
        popupTitle: '',
        popupWidth: '800px',
      }),
    ),
    sections: ['placeholder', 'popup'],
  },
  calculate: {
    editor: CalculateWidget,
    viewer: CalculateView,
    palette: entry(
      'advanced',
      'calculate',
      'calculator',
      valueField('calculate', { expression: [], precision: 2, thousands: false }),
    ),
    sections: ['calculate'],
  },
  signature: {
    editor: SignatureField,
    viewer: SignatureView,
    palette: entry('advanced', 'signature', 'signature', valueField('signature', {})),
    sections: [],
  },
  barcode: {
    ...shows(BarcodeWidget),
    palette: entry(
      'advanced',
      'barcode',
      'barcode',
      displayField('barcode', () => ({ dataType: 'static', staticText: '' }), { showLabel: true }),
    ),
    sections: [],
  },
  qrcode: {
    ...shows(QrcodeWidget),
    palette: entry(
      'advanced',
      'qrcode',
      'qrcode',
      displayField('qrcode', () => ({ dataType: 'static', staticText: '' }), { showLabel: true }),
    ),
    sections: [],
  },
  // ---- system
  createUser: { ...auto, palette: system('createUser', 'userAdd') },
  createTime: { ...auto, palette: system('createTime', 'fieldTime') },
  modifyUser: { ...auto, palette: system('modifyUser', 'userSwitch') },
  modifyTime: { ...auto, palette: system('modifyTime', 'history') },
  // The 3.6 designer offered the own department apart; the shared table makes it an alias.
  currOrganize: {
    ...auto,
    palette: [...system('currOrganize', 'bank'), ...system('currDept', 'cluster')],
  },
  currPosition: { ...auto, palette: system('currPosition', 'idcard') },
  billRule: { ...auto, palette: system('billRule', 'orderedList'), sections: ['placeholder', 'billRule'] },
  // ---- layout
  row: {
    editor: drawnByRenderer,
    viewer: drawnByRenderer,
    palette: entry('layout', 'row', 'columnWidth', containerField('row')),
    sections: [],
  },
  card: {
    editor: drawnByRenderer,
    viewer: drawnByRenderer,
    palette: entry(
      'layout',
      'card',
      'creditCard',
      containerField('card', (label) => ({ header: label, shadow: 'always' })),
    ),
    sections: [],
  },
  tab: {
    editor: drawnByRenderer,
    viewer: drawnByRenderer,
    palette: entry('layout', 'tab', 'folderOpen', panesField('tab', 'tabItem', { type: '', tabPosition: 'top' })),
    sections: [],
  },
  collapse: {
    editor: drawnByRenderer,
    viewer: drawnByRenderer,
    palette: entry('layout', 'collapse', 'unorderedList', panesField('collapse', 'collapseItem', { accordion: false })),
    sections: [],
  },
  tableGrid: {
    editor: drawnByRenderer,
    viewer: drawnByRenderer,
    palette: entry('layout', 'tableGrid', 'borderlessTable', tableGridField),
    sections: [],
  },
  table: {
    editor: drawnBySubTable,
    viewer: drawnBySubTable,
    palette: entry('layout', 'table', 'table', subTableField),
    sections: ['placeholder'],
  },
  groupTitle: {
    ...shows(GroupTitleWidget),
    palette: entry(
      'layout',
      'groupTitle',
      'fontSize',
      displayField('groupTitle', (label) => ({ content: label })),
    ),
    sections: [],
  },
  divider: {
    ...shows(DividerWidget),
    palette: entry(
      'layout',
      'divider',
      'line',
      displayField('divider', (label) => ({ content: label })),
    ),
    sections: [],
  },
  text: {
    ...shows(TextWidget),
    palette: entry(
      'layout',
      'text',
      'fontColors',
      displayField('text', (label) => ({ content: label })),
    ),
    sections: [],
  },
  alert: {
    ...shows(AlertWidget),
    palette: entry(
      'layout',
      'alert',
      'alert',
      displayField('alert', (label) => ({ title: label, type: 'info', showIcon: true })),
    ),
    sections: [],
  },
  // ---- not in the palette
  sign: { editor: SignField, viewer: SignatureView, palette: onlyFrom36, sections: ['placeholder'] },
  location: { ...drawn(locationKind), palette: onlyFrom36, sections: ['placeholder'] },
  numRange: { editor: NumRangeWidget, viewer: NumRangeView, palette: onlyFrom36, sections: ['placeholder'] },
  cascader: { editor: CascaderWidget, viewer: CascaderView, palette: onlyFrom36, sections: ['placeholder'] },
  treeSelect: { editor: TreeSelectWidget, viewer: OptionsView, palette: onlyFrom36, sections: ['placeholder'] },
  groupSelect: people('groupSelect', onlyFrom36),
  usersSelect: people('usersSelect', onlyFrom36),
  popupTableSelect: { ...drawn(popupTableSelectKind), palette: onlyFrom36, sections: ['placeholder', 'popup'] },
  autoComplete: {
    editor: AutoCompleteWidget,
    viewer: none('the chosen text is the value: shown as stored'),
    palette: onlyFrom36,
    sections: ['placeholder', 'popup'],
  },
  relationForm: { ...drawn(relationFormKind), palette: onlyFrom36, sections: ['placeholder'] },
  popupAttr: { ...drawn(popupAttrKind), palette: onlyFrom36, sections: ['placeholder'] },
  relationFormAttr: { ...drawn(relationFormAttrKind), palette: onlyFrom36, sections: ['placeholder'] },
  link: { ...shows(LinkWidget), palette: onlyFrom36, sections: [] },
  button: { ...shows(ButtonWidget), palette: onlyFrom36, sections: [] },
  iframe: { ...shows(IframeWidget), palette: onlyFrom36, sections: [] },
  tabItem: { editor: drawnByRenderer, viewer: drawnByRenderer, palette: drawnByParent, sections: [] },
  collapseItem: { editor: drawnByRenderer, viewer: drawnByRenderer, palette: drawnByParent, sections: [] },
  tableGridTr: { editor: drawnByRenderer, viewer: drawnByRenderer, palette: drawnByParent, sections: [] },
  tableGridTd: { editor: drawnByRenderer, viewer: drawnByRenderer, palette: drawnByParent, sections: [] },
} as const satisfies Record<KindKey, WebKind>;

/** A key no entry names (after its alias is resolved) has no descriptor: the engine shows its value as text. */
export function webKind(key: string): WebKind | undefined {
  return Object.hasOwn(WEB_KINDS, key) ? WEB_KINDS[key as KindKey] : undefined;
}
