import type { OrganizeInput } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import TreeSelect from 'antd/es/tree-select';
import { useTranslation } from 'react-i18next';
import {
  type CrudFormProps,
  RecordFormDialog,
  type RecordValues,
  treeOptions,
  useAdminRules,
} from '../../../shared/components/index.ts';
import { type OrganizeKind, organizeApi } from '../api.ts';

export interface OrganizeFormTarget {
  kind: OrganizeKind;
  id?: string;
  parentId?: string;
}

interface Values extends RecordValues {
  parentId: string;
}

/** Create or edit a company or a department (600 px). */
export function OrganizeForm(props: CrudFormProps<OrganizeFormTarget>) {
  const { t } = useTranslation('organize');
  const rules = useAdminRules();
  const { target } = props;
  const kind = target?.kind ?? 'company';
  const company = kind === 'company';
  const id = target?.id;
  const parents = useQuery({
    queryKey: ['organize', 'parents', kind, id ?? '0'],
    queryFn: () => (company ? organizeApi.companySelector(id) : organizeApi.departmentSelector(id)),
    enabled: Boolean(target),
  });
  const treeData = company
    ? [{ value: '-1', title: t('topNode'), children: treeOptions(parents.data ?? []) }]
    : treeOptions(parents.data ?? []);
  const parentLabel = company ? t('parentCompany') : t('parentOrganize');
  return (
    <RecordFormDialog
      {...props}
      queryKey={['organize', 'info', kind]}
      api={{
        info: (recordId: string) => organizeApi.info(kind, recordId),
        create: (input: OrganizeInput) => organizeApi.create(kind, input),
        update: (recordId: string, input: OrganizeInput) => organizeApi.update(kind, recordId, input),
      }}
      toInput={(values: Values) => ({ parentId: values.parentId })}
      initialValues={{ parentId: target?.parentId ?? (company ? '-1' : undefined) }}
      titles={company ? [t('addCompany'), t('editCompany')] : [t('addDepartment'), t('editDepartment')]}
      lead={
        <Form.Item name="parentId" label={parentLabel} rules={rules.select(parentLabel)}>
          <TreeSelect treeData={treeData} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </Form.Item>
      }
      labels={company ? [t('companyName'), t('companyCode')] : [t('departmentName'), t('departmentCode')]}
    />
  );
}
