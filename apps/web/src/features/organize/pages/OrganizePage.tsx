import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../../app/permission.tsx';
import {
  ListPage,
  ListTable,
  pruneEmptyChildren,
  RefreshButton,
  SearchBar,
  StateTag,
  useComponentsTranslation,
  useConfirm,
  useSuccessToast,
} from '../../../shared/components/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { type OrganizeNode, organizeApi } from '../api.ts';
import { OrganizeForm, type OrganizeFormTarget } from '../components/OrganizeForm.tsx';

const emptySearch = { keyword: '' };

/** 组织机构: companies and departments as one tree (admin.md 2.11, 3.4). */
export default function OrganizePage() {
  const { t } = useTranslation('organize');
  const { t: c } = useComponentsTranslation();
  const [search, setSearch] = useState(emptySearch);
  const [target, setTarget] = useState<OrganizeFormTarget | null>(null);
  const [confirm, confirmHolder] = useConfirm();
  const success = useSuccessToast();
  const tree = useQuery({
    queryKey: ['organize', 'tree', search.keyword],
    queryFn: () => organizeApi.tree(search.keyword || undefined),
    retry: false,
  });

  const columns: ColumnsType<OrganizeNode> = useMemo(
    () => [
      { title: c('fields.fullName'), dataIndex: 'fullName', key: 'fullName', width: 260 },
      { title: c('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
      {
        title: t('category'),
        dataIndex: 'category',
        key: 'category',
        width: 90,
        render: (value: string) => (value === 'company' ? t('company') : t('department')),
      },
      {
        title: c('fields.creatorTime'),
        dataIndex: 'creatorTime',
        key: 'creatorTime',
        width: 170,
        render: formatDateTime,
      },
      { title: c('fields.sortCode'), dataIndex: 'sortCode', key: 'sortCode', width: 70, align: 'center' },
      {
        title: c('fields.enabledMark'),
        dataIndex: 'enabledMark',
        key: 'enabledMark',
        width: 80,
        align: 'center',
        render: (value: number) => <StateTag value={value} />,
      },
      {
        title: c('action'),
        width: 200,
        fixed: 'right',
        render: (_, row) => (
          <>
            <Auth button="btn_add">
              <Button type="link" size="small" onClick={() => setTarget({ kind: 'department', parentId: row.id })}>
                {t('addDepartment')}
              </Button>
            </Auth>
            <Auth button="btn_edit">
              <Button
                type="link"
                size="small"
                onClick={() => setTarget({ kind: row.category === 'company' ? 'company' : 'department', id: row.id })}
              >
                {c('buttons.edit')}
              </Button>
            </Auth>
            <Auth button="btn_remove">
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  confirm('delete', async () => {
                    success(await organizeApi.remove(row.id));
                    await tree.refetch();
                  })
                }
              >
                {c('buttons.remove')}
              </Button>
            </Auth>
          </>
        ),
      },
    ],
    [c, t, confirm, success, tree],
  );

  return (
    <ListPage
      search={
        <SearchBar
          values={search}
          onSearch={(v) => setSearch({ keyword: v.keyword ?? '' })}
          onReset={() => setSearch(emptySearch)}
        />
      }
      actions={
        <Auth button="btn_add">
          <Button type="primary" onClick={() => setTarget({ kind: 'company' })}>
            {t('addCompany')}
          </Button>
          <Button onClick={() => setTarget({ kind: 'department' })}>{t('addDepartment')}</Button>
        </Auth>
      }
      tools={<RefreshButton onClick={() => void tree.refetch()} loading={tree.isFetching} />}
    >
      {confirmHolder}
      <ListTable<OrganizeNode>
        columns={columns}
        dataSource={pruneEmptyChildren(tree.data ?? [])}
        loading={tree.isFetching}
        error={tree.error}
        onRetry={() => void tree.refetch()}
        expandable={{ defaultExpandAllRows: true }}
        key={tree.dataUpdatedAt}
      />
      <OrganizeForm target={target} onClose={() => setTarget(null)} onSaved={() => void tree.refetch()} />
    </ListPage>
  );
}
