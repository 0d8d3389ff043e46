import type { Envelope } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Switch from 'antd/es/switch';
import { type ReactNode, useEffect, useRef } from 'react';
import { FormDialog, type FormDialogProps } from './FormDialog.tsx';
import { useComponentsTranslation } from './i18n.ts';
import { nameMax, sortMax, useAdminRules } from './rules.ts';

/** What a list page hands its form dialog: which record (null: closed), closing, and the refresh after a save. */
export interface CrudFormProps<Target> {
  target: Target | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The fields every administration record has (name, code, sort, state switch, description). */
export interface RecordValues {
  fullName: string;
  enCode: string;
  sortCode: number;
  enabled: boolean;
  description?: string;
}

/** A new record: sort 0, enabled. */
export const recordDefaults = { sortCode: 0, enabled: true } as const;

/** A stored record as form values: `enabledMark` 1 is the switch on. */
export function recordValues<Stored extends { enabledMark: number }>(record: Stored) {
  return { ...record, enabled: record.enabledMark === 1 };
}

/** The common fields as the server takes them: trimmed name and code, sort 0 and '' for what was left empty. */
export function recordInput(values: RecordValues) {
  return {
    fullName: values.fullName.trim(),
    enCode: values.enCode.trim(),
    sortCode: values.sortCode ?? 0,
    enabledMark: values.enabled ? 1 : 0,
    description: values.description ?? '',
  } as const;
}

/** The common fields as `recordInput` gives them. */
export type RecordInput = ReturnType<typeof recordInput>;

export interface RecordFormOptions<Values, Stored, Input> {
  /** The query-cache key of one record; the id is appended to it. */
  queryKey: readonly unknown[];
  /** The feature's calls: load one record, create, update. */
  api: {
    info: (id: string) => Promise<Stored>;
    create: (input: Input) => Promise<Envelope<unknown>>;
    update: (id: string, input: Input) => Promise<Envelope<unknown>>;
  };
  /** The loaded record as form values; `recordValues` unless told. */
  toValues?: (record: Stored) => NoInfer<Partial<Values>>;
  /** The record's own fields as the calls take them; the common ones (`recordInput`) are added. */
  toInput: (values: Values) => Omit<Input, keyof RecordInput>;
  /** A new record's values, over `recordDefaults`. */
  initialValues?: NoInfer<Partial<Values>>;
}

/**
 * The scaffolding of a create-or-edit dialog (admin.md §8): `target.id` present, the record is
 * loaded when the dialog opens and fills the form; 确定 sends an update, otherwise a create. The
 * returned `dialog` goes to `FormDialog`, which shows the server's message, closes and refreshes
 * the list, or only clears the button's loading state on failure.
 */
export function useRecordForm<
  Values extends RecordValues,
  Stored extends { enabledMark: number },
  Input,
  Target extends { id?: string },
>({ target, onClose, onSaved }: CrudFormProps<Target>, options: RecordFormOptions<Values, Stored, Input>) {
  const [form] = Form.useForm<Values>();
  const { api } = options;
  const id = target?.id;
  const info = useQuery({
    queryKey: [...options.queryKey, id],
    queryFn: () => api.info(id as string),
    enabled: Boolean(id),
    gcTime: 0,
  });
  const toValues = useRef(options.toValues);
  toValues.current = options.toValues;
  useEffect(() => {
    if (!info.data) return;
    const values = toValues.current ? toValues.current(info.data) : recordValues(info.data);
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, info.data]);
  const onSubmit = (values: Values) => {
    const input = { ...recordInput(values), ...options.toInput(values) } as Input;
    return id ? api.update(id, input) : api.create(input);
  };
  const dialog = {
    open: Boolean(target),
    form,
    loading: info.isLoading,
    initialValues: { ...recordDefaults, ...options.initialValues } as Partial<Values>,
    onSubmit,
    onClose,
    onSaved,
  } satisfies Omit<FormDialogProps<Values>, 'title' | 'children'>;
  return { form, id, dialog };
}

export interface RecordFieldsProps {
  /** 名称 and 编码 unless told. */
  labels?: [name: string, code: string];
  codePlaceholder?: string;
  descriptionRows?: number;
  /** The record's own fields, between the code and the sort. */
  children?: ReactNode;
}

/**
 * A create-or-edit dialog of an administration record: `useRecordForm`, `FormDialog` (600 px) and
 * `RecordFields`, with the record's own fields as `lead` (before the name) and `children`.
 */
export function RecordFormDialog<
  Values extends RecordValues,
  Stored extends { enabledMark: number },
  Input,
  Target extends { id?: string },
>({
  titles,
  lead,
  labels,
  codePlaceholder,
  descriptionRows,
  children,
  target,
  onClose,
  onSaved,
  ...options
}: CrudFormProps<Target> &
  RecordFormOptions<Values, Stored, Input> &
  RecordFieldsProps & {
    /** 新建 and 编辑 titles. */
    titles: [add: string, edit: string];
    lead?: ReactNode;
  }) {
  const { id, dialog } = useRecordForm({ target, onClose, onSaved }, options);
  return (
    <FormDialog<Values> {...dialog} title={id ? titles[1] : titles[0]}>
      {lead}
      <RecordFields labels={labels} codePlaceholder={codePlaceholder} descriptionRows={descriptionRows}>
        {children}
      </RecordFields>
    </FormDialog>
  );
}

/**
 * The common fields in their order: name and code, the record's own `children`, then sort, state
 * and description. Labels default to 名称 and 编码.
 */
export function RecordFields({ labels, codePlaceholder, descriptionRows = 3, children }: RecordFieldsProps) {
  const { t: c } = useComponentsTranslation();
  const rules = useAdminRules();
  return (
    <>
      <Form.Item name="fullName" label={labels?.[0] ?? c('fields.fullName')} rules={rules.fullName}>
        <Input maxLength={nameMax} />
      </Form.Item>
      <Form.Item name="enCode" label={labels?.[1] ?? c('fields.enCode')} rules={rules.enCode}>
        <Input maxLength={nameMax} placeholder={codePlaceholder} />
      </Form.Item>
      {children}
      <Form.Item name="sortCode" label={c('fields.sortCode')}>
        <InputNumber min={0} max={sortMax} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabled" label={c('fields.enabledMark')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="description" label={c('fields.description')} rules={rules.description}>
        <Input.TextArea rows={descriptionRows} maxLength={500} />
      </Form.Item>
    </>
  );
}

/** A `TreeSelect` option. */
export interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

/** Nodes of a selector call (organisations, menus) as `TreeSelect` options. */
export function treeOptions<Node extends { id: string; fullName: string; children?: Node[] }>(
  nodes: readonly Node[],
): TreeOption[] {
  return nodes.map((n) => ({
    value: n.id,
    title: n.fullName,
    children: n.children?.length ? treeOptions(n.children) : undefined,
  }));
}
