import type { FormField } from '@platform/shared';

/**
 * The widget palette: the field kinds of widgets.md §1 in the groups its list follows (inputs and
 * choices, the pickers and special fields, the auto-filled system fields, layout and display).
 * Each entry is the field a drop adds, before it gets its name and formId; its label is the
 * palette's own text, filled in by the designer in the user's language.
 */
export interface PaletteItem {
  key: string;
  field: (label: string) => FormField;
}

export interface PaletteGroup {
  key: 'basic' | 'advanced' | 'system' | 'layout';
  items: PaletteItem[];
}

const valueField =
  (jnpfKey: string, rest: Record<string, unknown> = {}, config: Record<string, unknown> = {}) =>
  (label: string): FormField => ({
    __vModel__: '',
    __config__: {
      jnpfKey,
      label,
      showLabel: true,
      required: false,
      layout: 'colFormItem',
      span: 24,
      regList: [],
      visibility: ['pc', 'app'],
      ...config,
    },
    ...rest,
  });

const staticOptions = () => [
  { id: '1', fullName: '1' },
  { id: '2', fullName: '2' },
];

const choice = (jnpfKey: string, rest: Record<string, unknown> = {}) =>
  valueField(
    jnpfKey,
    { options: staticOptions(), props: { label: 'fullName', value: 'id' }, ...rest },
    jnpfKey === 'checkbox' ? { dataType: 'static', defaultValue: [] } : { dataType: 'static' },
  );

const display =
  (jnpfKey: string, rest: (label: string) => Record<string, unknown>, config: Record<string, unknown> = {}) =>
  (label: string): FormField => ({
    __config__: {
      jnpfKey,
      label,
      showLabel: false,
      layout: 'colFormItem',
      span: 24,
      visibility: ['pc', 'app'],
      ...config,
    },
    ...rest(label),
  });

const container =
  (jnpfKey: string, rest: (label: string) => Record<string, unknown> = () => ({})) =>
  (label: string): FormField => ({
    __config__: { jnpfKey, label, showLabel: false, layout: 'rowFormItem', span: 24, children: [] },
    ...rest(label),
  });

/** A pane of a tab or a panel of a collapse, named 1, 2, … as the form engine keys them. */
const pane = (jnpfKey: string, n: number): FormField => ({
  title: String(n),
  name: String(n),
  __config__: { jnpfKey, children: [] },
});

const gridCell = (): FormField => ({ __config__: { jnpfKey: 'tableGridTd', colspan: 1, rowspan: 1, children: [] } });
const gridRow = (): FormField => ({ __config__: { jnpfKey: 'tableGridTr', children: [gridCell(), gridCell()] } });

const item = (key: string, field: (label: string) => FormField): PaletteItem => ({ key, field });

export const palette: PaletteGroup[] = [
  {
    key: 'basic',
    items: [
      item('input', valueField('input', { placeholder: '', clearable: true, maxlength: null })),
      item('textarea', valueField('textarea', { placeholder: '', autoSize: { minRows: 4, maxRows: 4 } })),
      item('inputNumber', valueField('inputNumber', { placeholder: '', step: 1 })),
      item('PsdInput', valueField('PsdInput', { placeholder: '' })),
      item('radio', choice('radio')),
      item('checkbox', choice('checkbox')),
      item('select', choice('select', { placeholder: '', clearable: true, multiple: false, filterable: false })),
      item('switch', valueField('switch', { activeValue: 1, inactiveValue: 0 }, { defaultValue: 0 })),
      item('datePicker', valueField('datePicker', { placeholder: '', format: 'yyyy-MM-dd', type: 'date' })),
      item('timePicker', valueField('timePicker', { placeholder: '', format: 'HH:mm:ss' })),
      item('dateRange', valueField('dateRange', { format: 'yyyy-MM-dd', type: 'daterange' })),
      item('timeRange', valueField('timeRange', { format: 'HH:mm:ss' })),
      item('rate', valueField('rate', { count: 5 })),
      item('slider', valueField('slider', { min: 0, max: 100, step: 1 })),
      item('colorPicker', valueField('colorPicker', {})),
      item('uploadFile', valueField('uploadFile', { limit: 9, fileSize: 10, sizeUnit: 'MB', accept: '' })),
      item('uploadImg', valueField('uploadImg', { limit: 9, fileSize: 10, sizeUnit: 'MB' })),
      item('editor', valueField('editor', { placeholder: '' })),
    ],
  },
  {
    key: 'advanced',
    items: [
      item('organizeSelect', valueField('organizeSelect', { placeholder: '', multiple: false })),
      item('depSelect', valueField('depSelect', { placeholder: '', multiple: false })),
      item('posSelect', valueField('posSelect', { placeholder: '', multiple: false })),
      item('userSelect', valueField('userSelect', { placeholder: '', multiple: false })),
      item('roleSelect', valueField('roleSelect', { placeholder: '', multiple: false })),
      item('areaSelect', valueField('areaSelect', { placeholder: '', level: 2, multiple: false })),
      item(
        'popupSelect',
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
      item('calculate', valueField('calculate', { expression: [], precision: 2, thousands: false })),
      item('signature', valueField('signature', {})),
      item(
        'barcode',
        display('barcode', () => ({ dataType: 'static', staticText: '' }), { showLabel: true }),
      ),
      item(
        'qrcode',
        display('qrcode', () => ({ dataType: 'static', staticText: '' }), { showLabel: true }),
      ),
    ],
  },
  {
    key: 'system',
    items: [
      item('createUser', valueField('createUser', { readonly: true })),
      item('createTime', valueField('createTime', { readonly: true })),
      item('modifyUser', valueField('modifyUser', { readonly: true })),
      item('modifyTime', valueField('modifyTime', { readonly: true })),
      item('currOrganize', valueField('currOrganize', { readonly: true })),
      item('currDept', valueField('currDept', { readonly: true })),
      item('currPosition', valueField('currPosition', { readonly: true })),
      item('billRule', valueField('billRule', { readonly: true })),
    ],
  },
  {
    key: 'layout',
    items: [
      item('row', container('row')),
      item(
        'card',
        container('card', (label) => ({ header: label, shadow: 'always' })),
      ),
      item('tab', (label) => ({
        __config__: {
          jnpfKey: 'tab',
          label,
          showLabel: false,
          layout: 'rowFormItem',
          span: 24,
          active: '1',
          children: [pane('tabItem', 1), pane('tabItem', 2)],
        },
        type: '',
        tabPosition: 'top',
      })),
      item('collapse', (label) => ({
        __config__: {
          jnpfKey: 'collapse',
          label,
          showLabel: false,
          layout: 'rowFormItem',
          span: 24,
          active: ['1'],
          children: [pane('collapseItem', 1), pane('collapseItem', 2)],
        },
        accordion: false,
      })),
      item('tableGrid', (label) => ({
        __config__: {
          jnpfKey: 'tableGrid',
          label,
          showLabel: false,
          layout: 'rowFormItem',
          span: 24,
          children: [gridRow(), gridRow()],
        },
        borderType: 'solid',
        borderColor: '#E2E0E0',
        borderWidth: 1,
      })),
      item('table', (label) => ({
        __vModel__: '',
        __config__: {
          jnpfKey: 'table',
          label,
          showLabel: true,
          layout: 'rowFormItem',
          span: 24,
          showTitle: true,
          tableName: '',
          children: [],
          regList: [],
          visibility: ['pc', 'app'],
        },
        showSummary: false,
        summaryField: [],
        addType: 0,
      })),
      item(
        'groupTitle',
        display('groupTitle', (label) => ({ content: label })),
      ),
      item(
        'divider',
        display('divider', (label) => ({ content: label })),
      ),
      item(
        'text',
        display('text', (label) => ({ content: label })),
      ),
      item(
        'alert',
        display('alert', (label) => ({ title: label, type: 'info', showIcon: true })),
      ),
    ],
  },
];

export const paletteItem = (key: string): PaletteItem | undefined =>
  palette.flatMap((group) => group.items).find((entry) => entry.key === key);

/** Kinds whose options the property panel edits as static data. */
export const optionKinds = new Set(['radio', 'checkbox', 'select']);
