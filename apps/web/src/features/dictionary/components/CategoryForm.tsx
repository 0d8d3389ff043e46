import type { DictionaryTypeInput } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Switch from 'antd/es/switch';
import TreeSelect from 'antd/es/tree-select';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CrudFormProps,
  FormDialog,
  nameMax,
  sortMax,
  treeOptions,
  useAdminRules,
  useComponentsTranslation,
} from '../../../shared/components/index.ts';
import { dictionaryApi } from '../api.ts';

interface CategoryValues {
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: boolean;
  sortCode: number;
  description?: string;
}

/**
 * The category dialog (admin.md 2.2): parent, name, code, tree switch, sort and description. The
 * tree switch is fixed once the category exists (its entries are nested or not by it).
 */
export function CategoryForm({ target, onClose, onSaved }: CrudFormProps<{ id?: string }>) {
  const { t } = useTranslation('dictionary');
  const { t: c } = useComponentsTranslation();
  const rules = useAdminRules();
  const [form] = Form.useForm<CategoryValues>();
  const id = target?.id;
  const parents = useQuery({
    queryKey: ['dictionary', 'typeSelector', id],
    queryFn: () => dictionaryApi.typeSelector(id ?? '0'),
    enabled: Boolean(target),
    gcTime: 0,
  });
  const info = useQuery({
    queryKey: ['dictionary', 'typeInfo', id],
    queryFn: () => dictionaryApi.typeInfo(id as string),
    enabled: Boolean(id),
    gcTime: 0,
  });
  useEffect(() => {
    if (info.data) form.setFieldsValue({ ...info.data, isTree: info.data.isTree === 1 });
  }, [form, info.data]);
  const onSubmit = (values: CategoryValues) => {
    const input: DictionaryTypeInput = {
      parentId: values.parentId,
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      isTree: values.isTree ? 1 : 0,
      sortCode: values.sortCode ?? 0,
      description: values.description ?? '',
    };
    return id ? dictionaryApi.updateType(id, input) : dictionaryApi.createType(input);
  };
  return (
    <FormDialog<CategoryValues>
      open={Boolean(target)}
      title={id ? t('editCategory') : t('addCategory')}
      form={form}
      loading={info.isLoading}
      initialValues={{ parentId: '0', isTree: false, sortCode: 0 }}
      onSubmit={onSubmit}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="parentId" label={t('parent')} rules={[{ required: true, message: t('rules.parentRequired') }]}>
        <TreeSelect
          treeData={treeOptions(parents.data ?? [])}
          loading={parents.isLoading}
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
        />
      </Form.Item>
      <Form.Item name="fullName" label={t('fullName')} rules={rules.fullName}>
        <Input maxLength={nameMax} />
      </Form.Item>
      <Form.Item name="enCode" label={t('enCode')} rules={rules.enCode}>
        <Input maxLength={nameMax} />
      </Form.Item>
      <Form.Item name="isTree" label={t('isTree')} valuePropName="checked">
        <Switch disabled={Boolean(id)} />
      </Form.Item>
      <Form.Item name="sortCode" label={c('fields.sortCode')}>
        <InputNumber min={0} max={sortMax} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="description" label={c('fields.description')} rules={rules.description}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}
