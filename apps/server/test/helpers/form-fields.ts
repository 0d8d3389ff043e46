import type { FormField } from '@platform/shared';

/** A field of a generated form's definition, as the designer stores it. */
export const field = (
  jnpfKey: string,
  name: string,
  label: string,
  config: object = {},
  rest: object = {},
): FormField => ({
  __vModel__: name,
  __config__: { jnpfKey, label, ...config },
  ...rest,
});

/** The order form of the record tests: checked fields of every typed kind, before the server-filled ones. */
export const orderFields = (options: { id: string; fullName: string }[]) => [
  field('input', 'name', '名称', { required: true, unique: true }, { maxlength: 20 }),
  field('input', 'phone', '手机', { regList: [{ pattern: '/^1[3-9]\\d{9}$/', message: '请正确输入手机号' }] }),
  field('inputNumber', 'price', '单价', {}, { min: 0, max: 1000 }),
  field('select', 'level', '级别', {}, { options }),
  field('checkbox', 'tags', '标签', {}, { options }),
  field('datePicker', 'day', '日期'),
  field('switch', 'enabled', '启用', { defaultValue: 1 }),
];

/** Its sub-table: 物品 (required) and 数量. */
export const itemsTable: FormField = {
  __vModel__: 'items',
  __config__: {
    jnpfKey: 'table',
    label: '明细',
    children: [field('input', 'item', '物品', { required: true }), field('inputNumber', 'count', '数量')],
  },
};
