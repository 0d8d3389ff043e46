import type { MenuInput } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Checkbox from 'antd/es/checkbox';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import TreeSelect from 'antd/es/tree-select';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, sortMax, useAdminRules, useComponentsTranslation } from '../../../shared/components/index.ts';
import { type MenuInfo, menuApi } from '../api.ts';

interface Values {
  parentId: string;
  type: number;
  fullName: string;
  enCode: string;
  icon?: string;
  urlAddress?: string;
  linkTarget?: '' | '_self' | '_blank';
  moduleId?: string;
  hidden: boolean;
  sortCode: number;
  enabled: boolean;
  authorize: string[];
  description?: string;
}

/** Types whose page is a model named in propertyJson (3 form, 4 dictionary, 5 report, 8 portal). */
const modelTypes = new Set([3, 4, 5, 8]);
const urlTypes = new Set([2, 6, 7]);
const authorizeFlags = ['isButtonAuthorize', 'isColumnAuthorize', 'isFormAuthorize', 'isDataAuthorize'] as const;

interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}
const toOptions = (nodes: MenuInfo[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.fullName,
    children: n.children?.length ? toOptions(n.children) : undefined,
  }));

function readModuleId(propertyJson: string): string | undefined {
  try {
    const property = JSON.parse(propertyJson || '{}') as { moduleId?: unknown };
    return typeof property.moduleId === 'string' ? property.moduleId : undefined;
  } catch {
    return undefined;
  }
}

/** Create or edit a menu of one application: the nine types (0-8) and the properties each has. */
export function MenuForm({
  target,
  systemId,
  onClose,
  onSaved,
}: {
  target: { id?: string; parentId?: string } | null;
  systemId: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('menu');
  const { t: c } = useComponentsTranslation();
  const rules = useAdminRules();
  const [form] = Form.useForm<Values>();
  const id = target?.id;
  const type = Form.useWatch('type', form) ?? 2;
  const parents = useQuery({
    queryKey: ['menu', 'parents', systemId, id ?? '0'],
    queryFn: () => menuApi.parents(id ?? '0', systemId),
    enabled: Boolean(target),
  });
  const info = useQuery({
    queryKey: ['menu', 'info', id],
    queryFn: () => menuApi.info(id as string),
    enabled: Boolean(id),
    gcTime: 0,
  });
  useEffect(() => {
    const menu = info.data;
    if (!menu) return;
    form.setFieldsValue({
      parentId: menu.parentId,
      type: menu.type,
      fullName: menu.fullName,
      enCode: menu.enCode,
      icon: menu.icon,
      urlAddress: menu.urlAddress,
      linkTarget: (menu.linkTarget || '') as Values['linkTarget'],
      moduleId: readModuleId(menu.propertyJson),
      hidden: menu.hidden,
      sortCode: menu.sortCode,
      enabled: menu.enabledMark === 1,
      authorize: authorizeFlags.filter((flag) => menu[flag]),
      description: menu.description,
    });
  }, [form, info.data]);
  const submit = (values: Values) => {
    const property =
      modelTypes.has(values.type) || (values.type === 6 && !values.urlAddress)
        ? { moduleId: values.moduleId }
        : undefined;
    const input: MenuInput = {
      systemId,
      parentId: values.parentId,
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      type: values.type,
      icon: values.icon ?? '',
      urlAddress: urlTypes.has(values.type) ? (values.urlAddress?.trim() ?? '') : '',
      linkTarget: values.type === 7 ? (values.linkTarget ?? '_blank') : '',
      propertyJson: property ? JSON.stringify(property) : '',
      hidden: values.hidden,
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabled ? 1 : 0,
      isButtonAuthorize: values.authorize.includes('isButtonAuthorize'),
      isColumnAuthorize: values.authorize.includes('isColumnAuthorize'),
      isFormAuthorize: values.authorize.includes('isFormAuthorize'),
      isDataAuthorize: values.authorize.includes('isDataAuthorize'),
      description: values.description ?? '',
    };
    return id ? menuApi.update(id, input) : menuApi.create(input);
  };
  const types = t('types', { returnObjects: true }) as string[];
  return (
    <FormDialog<Values>
      open={Boolean(target)}
      title={id ? t('editMenu') : t('addMenu')}
      form={form}
      width={800}
      loading={info.isLoading}
      initialValues={{
        parentId: target?.parentId ?? '-1',
        type: 2,
        linkTarget: '_blank',
        hidden: false,
        sortCode: 0,
        enabled: true,
        authorize: ['isButtonAuthorize'],
      }}
      onSubmit={submit}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="parentId" label={t('parent')} rules={[{ required: true, message: t('parentRequired') }]}>
            <TreeSelect
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              treeData={[{ value: '-1', title: t('top'), children: toOptions(parents.data ?? []) }]}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="type" label={t('type')}>
            <Select options={types.map((label, value) => ({ value, label: `${value} ${label}` }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="fullName" label={t('menuName')} rules={rules.fullName}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="enCode" label={t('menuCode')} rules={rules.enCode}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="icon" label={t('icon')}>
            <Input maxLength={100} placeholder="icon-ym icon-ym-..." />
          </Form.Item>
        </Col>
        {urlTypes.has(type) ? (
          <Col span={12}>
            <Form.Item
              name="urlAddress"
              label={t('urlAddress')}
              rules={type === 6 ? [] : [{ required: true, whitespace: true, message: t('urlRequired') }]}
            >
              <Input maxLength={500} placeholder={type === 2 ? 'permission/user' : 'https://'} />
            </Form.Item>
          </Col>
        ) : null}
        {type === 7 ? (
          <Col span={12}>
            <Form.Item name="linkTarget" label={t('linkTarget')}>
              <Radio.Group
                options={[
                  { value: '_self', label: t('targets._self') },
                  { value: '_blank', label: t('targets._blank') },
                ]}
              />
            </Form.Item>
          </Col>
        ) : null}
        {modelTypes.has(type) || type === 6 ? (
          <Col span={12}>
            <Form.Item
              name="moduleId"
              label={t('moduleId')}
              rules={modelTypes.has(type) ? [{ required: true, whitespace: true, message: t('moduleRequired') }] : []}
            >
              <Input maxLength={50} />
            </Form.Item>
          </Col>
        ) : null}
        <Col span={12}>
          <Form.Item name="sortCode" label={c('fields.sortCode')}>
            <InputNumber min={0} max={sortMax} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="enabled" label={c('fields.enabledMark')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="hidden" label={t('hidden')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="authorize" label={t('authorizeSwitches')}>
            <Checkbox.Group options={authorizeFlags.map((flag) => ({ value: flag, label: t(flag) }))} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="description" label={c('fields.description')} rules={rules.description}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
