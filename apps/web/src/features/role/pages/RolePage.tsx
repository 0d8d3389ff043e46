import { globalRoleNodeId, type RoleRow } from '@platform/shared';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  CrudPage,
  fieldColumn,
  OrganizeSide,
  type PickerNode,
  useCrudList,
  useListQuery,
} from '../../../shared/components/index.ts';
import { usePermissionsView } from '../../permissionGroup/index.ts';
import { roleApi } from '../api.ts';
import { RoleForm, type RoleTarget } from '../components/RoleForm.tsx';

const initialSearch = { keyword: '' };

/** 角色管理: global roles (the 全局 node, id "1") and organisation roles, with the state toggle. */
export default function RolePage() {
  const { t } = useTranslation('role');
  const roots: PickerNode[] = useMemo(() => [{ id: globalRoleNodeId, fullName: t('global') }], [t]);
  const list = useListQuery<RoleRow, typeof initialSearch, { organizeId?: string }>({
    queryKey: ['role', 'list'],
    fetch: (params, signal) => roleApi.list(params, signal),
    initialSearch,
  });
  const crud = useCrudList<RoleRow, RoleTarget>(list);
  const permissions = usePermissionsView();
  const { organizeId } = list.state.fixed;
  const columns: ColumnsType<RoleRow> = [
    fieldColumn('fullName', t('roleName'), { width: 180 }),
    fieldColumn('enCode', t('roleCode'), { width: 150 }),
    fieldColumn('globalMark', t('roleType'), {
      width: 100,
      render: (value: number) => (value === 1 ? t('globalMark') : t('organizeRole')),
    }),
    fieldColumn('organizeInfo', t('organizes'), { width: 220, ellipsis: true }),
    crud.columns.creatorTime,
    crud.columns.sortCode,
    crud.columns.stateSwitch({ width: 90, toggle: (row) => roleApi.toggleState(row.id) }),
    crud.columns.actions({
      width: 170,
      actions: (row) => [
        crud.edit({ id: row.id }),
        crud.remove(() => roleApi.remove(row.id)),
        permissions.action({ id: row.id, fullName: row.fullName, objectType: 'role' }),
      ],
    }),
  ];
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      side={<OrganizeSide title={t('roleTree')} roots={roots} list={list} />}
      actions={<AddButton onClick={() => crud.open({ organizeId })} />}
    >
      <RoleForm {...crud.form} />
      {permissions.dialog}
    </CrudPage>
  );
}
