import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  CrudPage,
  fieldColumn,
  useComponentsTranslation,
  useCrudList,
  useUnpagedListQuery,
} from '../../../shared/components/index.ts';
import { Auth } from '../../../shared/shell/permission.tsx';
import { usePermissionsView } from '../../permissionGroup/index.ts';
import { type OrganizeNode, organizeApi } from '../api.ts';
import { OrganizeForm, type OrganizeFormTarget } from '../components/OrganizeForm.tsx';

const emptySearch = { keyword: '' };

/** 组织机构: companies and departments as one tree (admin.md 2.11, 3.4). */
export default function OrganizePage() {
  const { t } = useTranslation('organize');
  const { t: c } = useComponentsTranslation();
  const list = useUnpagedListQuery<OrganizeNode, typeof emptySearch>({
    queryKey: ['organize', 'tree'],
    fetch: ({ keyword }) => organizeApi.tree(keyword || undefined),
    initialSearch: emptySearch,
  });
  const crud = useCrudList<OrganizeNode, OrganizeFormTarget>(list);
  const permissions = usePermissionsView();
  const columns: ColumnsType<OrganizeNode> = [
    fieldColumn('fullName', c('fields.fullName'), { width: 260 }),
    fieldColumn('enCode', c('fields.enCode'), { width: 160 }),
    fieldColumn('category', t('category'), {
      width: 90,
      render: (value: string) => (value === 'company' ? t('company') : t('department')),
    }),
    crud.columns.creatorTime,
    crud.columns.sortCode,
    crud.columns.state,
    crud.columns.actions({
      width: 250,
      actions: (row) => [
        {
          key: 'addDepartment',
          label: t('addDepartment'),
          button: 'btn_add',
          onClick: () => crud.open({ kind: 'department', parentId: row.id }),
        },
        crud.edit({ kind: row.category === 'company' ? 'company' : 'department', id: row.id }),
        crud.remove(() => organizeApi.remove(row.id)),
        permissions.action({ id: row.id, fullName: row.fullName, objectType: 'organize' }),
      ],
    }),
  ];
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      actions={
        <Auth button="btn_add">
          <Button type="primary" onClick={() => crud.open({ kind: 'company' })}>
            {t('addCompany')}
          </Button>
          <Button onClick={() => crud.open({ kind: 'department' })}>{t('addDepartment')}</Button>
        </Auth>
      }
      table={{ expandable: { defaultExpandAllRows: true } }}
      tableKey={list.updatedAt}
    >
      <OrganizeForm {...crud.form} />
      {permissions.dialog}
    </CrudPage>
  );
}
