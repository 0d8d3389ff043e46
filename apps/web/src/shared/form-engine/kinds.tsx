import { lazy } from 'react';
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
import {
  CalculateView,
  CalculateWidget,
  CascaderView,
  CascaderWidget,
  CheckboxWidget,
  DateRangeView,
  DateRangeWidget,
  DateView,
  DateWidget,
  InputNumberView,
  InputNumberWidget,
  InputView,
  InputWidget,
  NumRangeView,
  NumRangeWidget,
  OptionsView,
  PsdInputView,
  PsdInputWidget,
  RadioWidget,
  RangeTextView,
  RateView,
  RateWidget,
  SelectWidget,
  SliderView,
  SliderWidget,
  SwitchView,
  SwitchWidget,
  TextareaWidget,
  TextView,
  TimeRangeWidget,
  TimeWidget,
  TreeSelectWidget,
} from './widgets/inputs.tsx';
import { pickerKinds } from './widgets/pickers.tsx';
import type { FieldKind, KindRegistry } from './widgets/types.ts';
import { UploadView, UploadWidget } from './widgets/upload.tsx';

// Heavy widgets load on first use.
const ColorField = lazy(() => import('./widgets/ColorField.tsx'));
const SignatureField = lazy(() => import('./widgets/SignatureField.tsx'));
const SignField = lazy(() => import('./widgets/SignField.tsx'));

const auto: FieldKind = { edit: AutoWidget, view: AutoView };

/** Every value-holding kind of widgets.md §1 the engine renders itself (display kinds and containers are in the renderer). */
export const kinds: KindRegistry = {
  input: { edit: InputWidget, view: InputView },
  textarea: { edit: TextareaWidget, view: TextView },
  PsdInput: { edit: PsdInputWidget, view: PsdInputView },
  inputNumber: { edit: InputNumberWidget, view: InputNumberView },
  numRange: { edit: NumRangeWidget, view: NumRangeView },
  calculate: { edit: CalculateWidget, view: CalculateView },
  radio: { edit: RadioWidget, view: OptionsView },
  checkbox: { edit: CheckboxWidget, view: OptionsView },
  select: { edit: SelectWidget, view: OptionsView },
  cascader: { edit: CascaderWidget, view: CascaderView },
  treeSelect: { edit: TreeSelectWidget, view: OptionsView },
  switch: { edit: SwitchWidget, view: SwitchView },
  rate: { edit: RateWidget, view: RateView },
  slider: { edit: SliderWidget, view: SliderView },
  colorPicker: { edit: ColorField, view: ColorView },
  date: { edit: DateWidget, view: DateView },
  time: { edit: TimeWidget, view: TextView },
  dateRange: { edit: DateRangeWidget, view: DateRangeView },
  timeRange: { edit: TimeRangeWidget, view: RangeTextView },
  editor: { edit: EditorWidget, view: EditorView },
  signature: { edit: SignatureField, view: SignatureView },
  sign: { edit: SignField, view: SignatureView },
  uploadFile: { edit: UploadWidget, view: UploadView },
  uploadImg: { edit: UploadWidget, view: UploadView },
  createUser: auto,
  createTime: auto,
  modifyUser: auto,
  modifyTime: auto,
  currOrganize: auto,
  currDept: auto,
  currPosition: auto,
  billRule: auto,
  ...pickerKinds,
};

function ColorView({ value }: { value: unknown }) {
  if (typeof value !== 'string' || !value) return null;
  return (
    <span className="fe-color">
      <span className="fe-color-swatch" style={{ background: value }} />
      {value}
    </span>
  );
}

/** Display kinds: the same in the form and the detail. */
export const displayKinds = {
  divider: DividerWidget,
  text: TextWidget,
  link: LinkWidget,
  alert: AlertWidget,
  groupTitle: GroupTitleWidget,
  button: ButtonWidget,
  iframe: IframeWidget,
  barcode: BarcodeWidget,
  qrcode: QrcodeWidget,
} as const;

/** Kinds plugged in later (the data-bound pickers of the next issue). */
export function registerKind(key: string, kind: FieldKind): void {
  kinds[key] = kind;
}
