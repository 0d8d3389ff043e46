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
import { useTranslation } from 'react-i18next';
import {
  type CrudFormProps,
  FormDialog,
  type RecordValues,
  recordValues,
  sortMax,
  treeOptions,
  useAdminRules,
  useComponentsTranslation,
  useRecordForm,
} from '../../../shared/components/index.ts';
import { type MenuInfo, menuApi } from '../api.ts';

interface Values extends RecordValues {
  parentId: string;
  type: number;
  icon?: string;
  urlAddress?: string;
  linkTarget?: '' | '_self' | '_blank';
  moduleId?: string;
  hidden: boolean;
  authorize: string[];
}

/** `id` absent: a new menu, under `parentId` when given. */
export interface MenuTarget {
  id?: string;
  parentId?: string;
}

/** Types whose page is a model named in propertyJson (3 form, 4 dictionary, 5 report, 8 portal). */
const modelTypes = new Set([3, 4, 5, 8]);
const urlTypes = new Set([2, 6, 7]);
const authorizeFlags = ['isButtonAuthorize', 'isColumnAuthorize', 'isFormAuthorize', 'isDataAuthorize'] as const;

function readModuleId(propertyJson: string): string | undefined {
  try {
    const property = JSON.parse(propertyJson || '{}') as { moduleId?: unknown };
    return typeof property.moduleId === 'string' ? property.moduleId : undefined;
  } catch {
    return undefined;
  }
}

/** Create or edit a menu of one application: the nine types (0-8) and the properties each has. */
export function MenuForm({ systemId, ...props }: CrudFormProps<MenuTarget> & { systemId: string }) {
  const { t } = useTranslation('menu');
  const { t: c } = useComponentsTranslation();
  const rules = useAdminRules();
  const { form, id, dialog } = useRecordForm<Values, MenuInfo, MenuInput, MenuTarget>(props, {
    queryKey: ['menu', 'info'],
    api: menuApi,
    toValues: (menu): Partial<Values> => ({
      ...recordValues(menu),
      linkTarget: (menu.linkTarget || '') as Values['linkTarget'],
      moduleId: readModuleId(menu.propertyJson),
      authorize: authorizeFlags.filter((flag) => menu[flag]),
    }),
    toInput: (values: Values) => {
      const property =
        modelTypes.has(values.type) || (values.type === 6 && !values.urlAddress)
          ? { moduleId: values.moduleId }
          : undefined;
      return {
        systemId,
        parentId: values.parentId,
        type: values.type,
        icon: values.icon ?? '',
        urlAddress: urlTypes.has(values.type) ? (values.urlAddress?.trim() ?? '') : '',
        linkTarget: values.type === 7 ? (values.linkTarget ?? '_blank') : '',
        propertyJson: property ? JSON.stringify(property) : '',
        hidden: values.hidden,
        isButtonAuthorize: values.authorize.includes('isButtonAuthorize'),
        isColumnAuthorize: values.authorize.includes('isColumnAuthorize'),
        isFormAuthorize: values.authorize.includes('isFormAuthorize'),
        isDataAuthorize: values.authorize.includes('isDataAuthorize'),
      };
    },
    initialValues: {
      parentId: props.target?.parentId ?? '-1',
      type: 2,
      linkTarget: '_blank',
      hidden: false,
      authorize: ['isButtonAuthorize'],
    },
  });
  const type = Form.useWatch('type', form) ?? 2;
  const parents = useQuery({
    queryKey: ['menu', 'parents', systemId, id ?? '0'],
    queryFn: () => menuApi.parents(id ?? '0', systemId),
    enabled: Boolean(props.target),
  });
  const types = t('types', { returnObjects: true }) as string[];
  return (
    <FormDialog<Values> {...dialog} title={id ? t('editMenu') : t('addMenu')} width={800}>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="parentId" label={t('parent')} rules={[{ required: true, message: t('parentRequired') }]}>
            <TreeSelect
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              treeData={[{ value: '-1', title: t('top'), children: treeOptions(parents.data ?? []) }]}
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
              {modelTypes.has(type) ? <ModulePicker type={type} /> : <Input maxLength={50} />}
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

/**
 * 关联功能 of a form, report or portal menu: chosen by name from what the type can open, searchable.
 * An id that is no longer offered (a form withdrawn, a report switched off) shows as it is.
 */
function ModulePicker({
  id,
  type,
  value,
  onChange,
}: {
  id?: string;
  type: number;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const { t: c } = useComponentsTranslation();
  const choices = useQuery({ queryKey: ['menu', 'moduleChoices', type], queryFn: () => menuApi.moduleChoices(type) });
  return (
    <TreeSelect
      id={id}
      value={value || undefined}
      onChange={(chosen: string) => onChange?.(chosen)}
      treeData={choices.data ?? []}
      loading={choices.isLoading}
      placeholder={c('pleaseSelect')}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      allowClear
      style={{ width: '100%' }}
    />
  );
}
