import type { OrganizeInput } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Switch from 'antd/es/switch';
import TreeSelect from 'antd/es/tree-select';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, sortMax, useAdminRules, useComponentsTranslation } from '../../../shared/components/index.ts';
import { type OrganizeKind, organizeApi, type SelectorNode } from '../api.ts';

export interface OrganizeFormTarget {
  kind: OrganizeKind;
  id?: string;
  parentId?: string;
}

interface Values {
  parentId: string;
  fullName: string;
  enCode: string;
  sortCode: number;
  enabled: boolean;
  description?: string;
}

interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

export const toTreeData = (nodes: SelectorNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.fullName,
    children: n.children?.length ? toTreeData(n.children) : undefined,
  }));

/** Create or edit a company or a department (600 px). */
export function OrganizeForm({
  target,
  onClose,
  onSaved,
}: {
  target: OrganizeFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('organize');
  const { t: c } = useComponentsTranslation();
  const rules = useAdminRules();
  const [form] = Form.useForm<Values>();
  const kind = target?.kind ?? 'company';
  const id = target?.id;
  const parents = useQuery({
    queryKey: ['organize', 'parents', kind, id ?? '0'],
    queryFn: () => (kind === 'company' ? organizeApi.companySelector(id) : organizeApi.departmentSelector(id)),
    enabled: Boolean(target),
  });
  const info = useQuery({
    queryKey: ['organize', 'info', kind, id],
    queryFn: () => organizeApi.info(kind, id as string),
    enabled: Boolean(target && id),
    gcTime: 0,
  });
  useEffect(() => {
    if (info.data) {
      form.setFieldsValue({
        parentId: info.data.parentId,
        fullName: info.data.fullName,
        enCode: info.data.enCode,
        sortCode: info.data.sortCode,
        enabled: info.data.enabledMark === 1,
        description: info.data.description,
      });
    }
  }, [form, info.data]);

  const treeData =
    kind === 'company'
      ? [{ value: '-1', title: t('topNode'), children: toTreeData(parents.data ?? []) }]
      : toTreeData(parents.data ?? []);
  const company = kind === 'company';
  const submit = (values: Values) => {
    const input: OrganizeInput = {
      parentId: values.parentId,
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabled ? 1 : 0,
      description: values.description ?? '',
    };
    return id ? organizeApi.update(kind, id, input) : organizeApi.create(kind, input);
  };
  return (
    <FormDialog<Values>
      open={Boolean(target)}
      title={company ? (id ? t('editCompany') : t('addCompany')) : id ? t('editDepartment') : t('addDepartment')}
      form={form}
      loading={info.isLoading}
      initialValues={{ parentId: target?.parentId ?? (company ? '-1' : undefined), sortCode: 0, enabled: true }}
      onSubmit={submit}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        name="parentId"
        label={company ? t('parentCompany') : t('parentOrganize')}
        rules={rules.select(company ? t('parentCompany') : t('parentOrganize'))}
      >
        <TreeSelect treeData={treeData} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
      </Form.Item>
      <Form.Item name="fullName" label={company ? t('companyName') : t('departmentName')} rules={rules.fullName}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="enCode" label={company ? t('companyCode') : t('departmentCode')} rules={rules.enCode}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="sortCode" label={c('fields.sortCode')}>
        <InputNumber min={0} max={sortMax} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabled" label={c('fields.enabledMark')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="description" label={c('fields.description')} rules={rules.description}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}
