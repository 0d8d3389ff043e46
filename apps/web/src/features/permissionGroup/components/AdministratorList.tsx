import type { OrganizeAdministratorRow } from '@platform/shared';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, useCrudList, useListQuery } from '../../../shared/components/index.ts';
import { Auth } from '../../../shared/shell/permission.tsx';
import { type Layer, rightsOf } from '../administrator-rights.ts';
import { organizeAdministratorApi } from '../api.ts';
import { AdministratorForm, type AdministratorTarget } from './AdministratorForm.tsx';

const initialSearch = { keyword: '' };

/**
 * 分级管理: tiered administrators, a row per user and organisation, with what they may do there
 * (本层级) and below (子层级). Assigning and ending it need 编辑 on this page, as the server asks.
 */
export function AdministratorList({ tabs }: { tabs: ReactNode }) {
  const { t } = useTranslation('permissionGroup');
  const list = useListQuery<OrganizeAdministratorRow, typeof initialSearch>({
    queryKey: ['permissionGroup', 'administrators'],
    fetch: (params, signal) => organizeAdministratorApi.list(params, signal),
    initialSearch,
  });
  const crud = useCrudList<OrganizeAdministratorRow, AdministratorTarget>(list);
  const layerColumn = (layer: Layer) => ({
    title: t(`administrators.${layer}`),
    key: layer,
    width: 220,
    render: (_: unknown, row: OrganizeAdministratorRow) =>
      rightsOf(row)[layer].map((right) => <Tag key={right}>{t(`administrators.rights.${right}`)}</Tag>),
  });
  const columns: ColumnsType<OrganizeAdministratorRow> = [
    { title: t('administrators.user'), dataIndex: 'userName', key: 'userName', width: 180 },
    { title: t('administrators.organize'), dataIndex: 'organizeName', key: 'organizeName', width: 200 },
    layerColumn('thisLayer'),
    layerColumn('subLayer'),
    crud.columns.creatorTime,
    crud.columns.actions({
      width: 120,
      actions: (row) => [
        crud.edit({ userId: row.userId }),
        { ...crud.remove(() => organizeAdministratorApi.remove(row.id)), button: 'btn_edit' },
      ],
    }),
  ];
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      searchTop={tabs}
      actions={
        <Auth button="btn_edit">
          <Button type="primary" onClick={() => crud.open({})}>
            {t('administrators.add')}
          </Button>
        </Auth>
      }
    >
      <AdministratorForm {...crud.form} />
    </CrudPage>
  );
}
