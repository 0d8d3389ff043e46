import type { PositionRow } from '@platform/shared';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { AddButton, CrudPage, OrganizeSide, useCrudList, useListQuery } from '../../../shared/components/index.ts';
import { positionApi } from '../api.ts';
import { PositionForm, type PositionTarget } from '../components/PositionForm.tsx';

const initialSearch = { keyword: '' };

/** 岗位管理: positions of the organisation chosen on the left, and below it. */
export default function PositionPage() {
  const { t } = useTranslation('position');
  const list = useListQuery<PositionRow, typeof initialSearch, { organizeId?: string }>({
    queryKey: ['position', 'list'],
    fetch: (params, signal) => positionApi.list(params, signal),
    initialSearch,
  });
  const crud = useCrudList<PositionRow, PositionTarget>(list);
  const { organizeId } = list.state.fixed;
  const columns: ColumnsType<PositionRow> = [
    { title: t('positionName'), dataIndex: 'fullName', key: 'fullName', width: 180 },
    { title: t('positionCode'), dataIndex: 'enCode', key: 'enCode', width: 150 },
    { title: t('positionType'), dataIndex: 'type', key: 'type', width: 100 },
    { title: t('department'), dataIndex: 'department', key: 'department', width: 220 },
    crud.columns.creatorTime,
    crud.columns.sortCode,
    crud.columns.state,
    crud.columns.actions({
      width: 120,
      actions: (row) => [crud.edit({ id: row.id }), crud.remove(() => positionApi.remove(row.id))],
    }),
  ];
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      side={<OrganizeSide title={t('organize')} list={list} />}
      actions={<AddButton onClick={() => crud.open({ organizeId })} />}
    >
      <PositionForm {...crud.form} />
    </CrudPage>
  );
}
