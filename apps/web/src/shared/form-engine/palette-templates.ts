import { type FormField, valueFacetsOf } from '@platform/shared';

/**
 * The fields a palette entry adds (widgets.md §1), before they get their name and formId: the
 * settings a new field of each sort starts with. `label` is the kind's name in the user's language.
 */

export type Template = (label: string) => FormField;

/** A value field: `rest` are its own settings, `config` what its `__config__` adds. */
export const valueField =
  (jnpfKey: string, rest: Record<string, unknown> = {}, config: Record<string, unknown> = {}): Template =>
  (label) => ({
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

/** A choice with two static options; a kind whose value is always a list starts with an empty one. */
export const choice = (jnpfKey: string, rest: Record<string, unknown> = {}): Template =>
  valueField(
    jnpfKey,
    { options: staticOptions(), props: { label: 'fullName', value: 'id' }, ...rest },
    valueFacetsOf(jnpfKey)?.multiple === 'always' ? { dataType: 'static', defaultValue: [] } : { dataType: 'static' },
  );

/** A field that only shows something; `rest` gets the label (the text it shows). */
export const displayField =
  (jnpfKey: string, rest: (label: string) => Record<string, unknown>, config: Record<string, unknown> = {}): Template =>
  (label) => ({
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

/** A row or card: an empty list of fields. */
export const containerField =
  (jnpfKey: string, rest: (label: string) => Record<string, unknown> = () => ({})): Template =>
  (label) => ({
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

/** Tabs or a collapse with two panes of `part`, the first open. */
export const panesField =
  (jnpfKey: 'tab' | 'collapse', part: 'tabItem' | 'collapseItem', rest: Record<string, unknown>): Template =>
  (label) => ({
    __config__: {
      jnpfKey,
      label,
      showLabel: false,
      layout: 'rowFormItem',
      span: 24,
      active: jnpfKey === 'tab' ? '1' : ['1'],
      children: [pane(part, 1), pane(part, 2)],
    },
    ...rest,
  });

/** A table layout of two rows of two cells. */
export const tableGridField: Template = (label) => ({
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
});

/** A sub-table without columns yet. */
export const subTableField: Template = (label) => ({
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
});
