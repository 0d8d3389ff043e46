import type { SystemInfo } from '@platform/shared';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { AddButton, CrudPage, tagColumn, useCrudList, useUnpagedListQuery } from '../../../shared/components/index.ts';
import { systemApi } from '../api.ts';
import { SystemForm } from '../components/SystemForm.tsx';

const emptySearch = { keyword: '' };

/** 应用管理: the applications (systems); the main one cannot be disabled or deleted. */
export default function SystemPage() {
  const { t } = useTranslation('system');
  const list = useUnpagedListQuery<SystemInfo, typeof emptySearch>({
    queryKey: ['system', 'list'],
    fetch: ({ keyword }) => systemApi.list({ keyword: keyword || undefined }),
    initialSearch: emptySearch,
  });
  const crud = useCrudList<SystemInfo>(list);
  const columns: ColumnsType<SystemInfo> = [
    tagColumn('fullName', t('systemName'), 200, (row) => row.isMain && t('main')),
    { title: t('systemCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    { title: t('icon'), dataIndex: 'icon', key: 'icon', width: 180 },
    crud.columns.description(200),
    crud.columns.creatorTime,
    crud.columns.sortCode,
    crud.columns.stateSwitch({
      width: 90,
      toggle: (row) => systemApi.toggleState(row.id),
      locked: (row) => row.isMain,
    }),
    crud.columns.actions({
      width: 120,
      actions: (row) => [crud.edit({ id: row.id }), !row.isMain && crud.remove(() => systemApi.remove(row.id))],
    }),
  ];
  return (
    <CrudPage crud={crud} columns={columns} actions={<AddButton onClick={() => crud.open({})} />}>
      <SystemForm {...crud.form} />
    </CrudPage>
  );
}
