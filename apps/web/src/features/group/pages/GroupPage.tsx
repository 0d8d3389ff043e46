import type { GroupRow } from '@platform/shared';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { AddButton, CrudPage, fieldColumn, useCrudQuery } from '../../../shared/components/index.ts';
import { groupApi } from '../api.ts';
import { GroupForm } from '../components/GroupForm.tsx';

const initialSearch = { keyword: '' };

/** 分组管理: user groups, which grants can target. */
export default function GroupPage() {
  const { t } = useTranslation('group');
  const crud = useCrudQuery({ queryKey: ['group', 'list'], fetch: groupApi.list, initialSearch });
  const columns: ColumnsType<GroupRow> = [
    fieldColumn('fullName', t('groupName'), { width: 200 }),
    fieldColumn('enCode', t('groupCode'), { width: 160 }),
    fieldColumn('type', t('groupType'), { width: 120 }),
    crud.columns.description(220),
    crud.columns.creatorTime,
    crud.columns.sortCode,
    crud.columns.state,
    crud.columns.actions({
      width: 120,
      actions: (row) => [crud.edit({ id: row.id }), crud.remove(() => groupApi.remove(row.id))],
    }),
  ];
  return (
    <CrudPage crud={crud} columns={columns} actions={<AddButton onClick={() => crud.open({})} />}>
      <GroupForm {...crud.form} />
    </CrudPage>
  );
}
