import { AREA_CODE_PATTERN, AREA_ROOT, type AreaInfo, type AreaInput } from '@platform/shared';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Switch from 'antd/es/switch';
import TreeSelect from 'antd/es/tree-select';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CrudFormProps,
  FormDialog,
  nameMax,
  type RecordValues,
  recordValues,
  sortMax,
  useAdminRules,
  useComponentsTranslation,
  useRecordForm,
} from '../../../shared/components/index.ts';
import { areaApi } from '../api.ts';

/** The parent as the tree select holds it: its id and the name shown before its level is loaded. */
export interface AreaParent {
  value: string;
  label: string;
}

/** Which area the dialog edits, or where a new one goes (the page's 新建 puts it at the top). */
export interface AreaTarget {
  id?: string;
  parent?: AreaParent;
}

interface AreaValues extends RecordValues {
  parent: AreaParent;
}

const areaCode = new RegExp(AREA_CODE_PATTERN);

/** Create or edit an area (600 px): parent picked level by level, name, digits-only code, sort, state, description. */
export function AreaForm(props: CrudFormProps<AreaTarget>) {
  const { t } = useTranslation('area');
  const { t: c } = useComponentsTranslation();
  const rules = useAdminRules();
  const top: AreaParent = { value: AREA_ROOT, label: t('topLevel') };
  const { id, dialog } = useRecordForm<AreaValues, AreaInfo, AreaInput, AreaTarget>(props, {
    queryKey: ['area', 'info'],
    api: areaApi,
    toValues: (info) => ({
      ...recordValues(info),
      parent: info.parentId === AREA_ROOT ? top : { value: info.parentId, label: info.parentName },
    }),
    toInput: (values) => ({ parentId: values.parent.value }),
    initialValues: { parent: props.target?.parent ?? top },
  });
  return (
    <FormDialog<AreaValues> {...dialog} title={id ? t('editArea') : t('addArea')}>
      <Form.Item name="parent" label={t('parent')} rules={[{ required: true, message: t('rules.parent') }]}>
        <ParentSelect exceptId={id ?? '0'} top={top} open={dialog.open} />
      </Form.Item>
      <Form.Item name="fullName" label={t('fullName')} rules={rules.fullName}>
        <Input maxLength={nameMax} />
      </Form.Item>
      <Form.Item
        name="enCode"
        label={t('enCode')}
        rules={[
          { required: true, whitespace: true, message: c('rules.codeRequired') },
          { pattern: areaCode, message: t('rules.codeDigits') },
        ]}
      >
        <Input maxLength={12} inputMode="numeric" />
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

interface ParentNode {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
}

/**
 * The parent, chosen level by level through the picker's own call (Selector): the provinces
 * first, each level when it is opened; the edited area is never offered, so neither is anything
 * below it.
 */
function ParentSelect({
  id,
  exceptId,
  top,
  open,
  value,
  onChange,
}: {
  /** Given by Form.Item, so that its label names the select. */
  id?: string;
  exceptId: string;
  top: AreaParent;
  open: boolean;
  value?: AreaParent;
  onChange?: (value: AreaParent) => void;
}) {
  const [nodes, setNodes] = useState<ParentNode[]>([]);
  const load = async (parentId: string) => {
    const { list } = await areaApi.selector(parentId, exceptId);
    const level = list.map((n) => ({ id: n.id, pId: parentId, value: n.id, title: n.fullName, isLeaf: n.isLeaf }));
    setNodes((known) => [...known.filter((n) => n.pId !== parentId), ...level]);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first level is loaded once per opening
  useEffect(() => {
    if (!open) return;
    setNodes([]);
    void load(AREA_ROOT);
  }, [open, exceptId]);
  const topNode: ParentNode = {
    id: `top${AREA_ROOT}`,
    pId: AREA_ROOT,
    value: top.value,
    title: top.label,
    isLeaf: true,
  };
  return (
    <TreeSelect
      id={id}
      labelInValue
      value={value}
      onChange={(next: AreaParent) => onChange?.(next)}
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: AREA_ROOT }}
      treeData={[topNode, ...nodes]}
      loadData={({ value: id }) => load(String(id))}
      showSearch={false}
      style={{ width: '100%' }}
    />
  );
}
