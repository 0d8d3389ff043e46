import type { DictionaryTypeNode, Envelope } from '@platform/shared';
import { useQueryClient } from '@tanstack/react-query';
import Drawer from 'antd/es/drawer';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { dictionariesQueryKey } from '../../../shared/api/dictionaries.ts';
import {
  AddButton,
  ImportButton,
  ListTable,
  RefreshButton,
  useCrudList,
  useUnpagedListQuery,
} from '../../../shared/components/index.ts';
import { dictionaryApi, fixedTypeIds } from '../api.ts';
import { CategoryForm } from './CategoryForm.tsx';

const noSearch = {};

/**
 * 字典分类管理 (drawer 700 px, admin.md 2.2): the categories as a tree table (name, code, sort,
 * is-tree tag), with add, refresh and import (.bdd); each row but the fixed '0' and '1' has edit,
 * delete and export. Every change drops the dictionaries every page caches; closing tells the page
 * to reload.
 */
export function CategoryDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('dictionary');
  const queryClient = useQueryClient();
  const list = useUnpagedListQuery<DictionaryTypeNode>({
    queryKey: ['dictionary', 'categoryTable'],
    fetch: () => dictionaryApi.types(),
    initialSearch: noSearch,
    enabled: open,
  });
  const crud = useCrudList<DictionaryTypeNode>(list);
  const dropCache = () => void queryClient.invalidateQueries({ queryKey: dictionariesQueryKey });
  const changing =
    <T,>(call: () => Promise<Envelope<T>>) =>
    async () => {
      const answer = await call();
      dropCache();
      return answer;
    };
  const saved = () => {
    dropCache();
    list.refetch();
  };
  const columns: ColumnsType<DictionaryTypeNode> = [
    { title: t('fullName'), dataIndex: 'fullName', key: 'fullName', width: 200, ellipsis: true },
    { title: t('enCode'), dataIndex: 'enCode', key: 'enCode', width: 150, ellipsis: true },
    crud.columns.sortCode,
    {
      title: t('isTree'),
      dataIndex: 'isTree',
      key: 'isTree',
      width: 70,
      align: 'center',
      render: (value: number) => (value === 1 ? <Tag color="success">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>),
    },
    crud.columns.actions({
      width: 150,
      actions: (row) =>
        fixedTypeIds.includes(row.id)
          ? []
          : [
              crud.edit({ id: row.id }),
              crud.remove(changing(() => dictionaryApi.removeType(row.id))),
              crud.download(() => dictionaryApi.exportFile(row.id)),
            ],
    }),
  ];
  return (
    <Drawer open={open} onClose={onClose} size={700} title={t('drawerTitle')} destroyOnHidden>
      {crud.holder}
      <div className="list-page-toolbar">
        <Space>
          <AddButton onClick={() => crud.open({})} />
          <ImportButton accept=".bdd" upload={dictionaryApi.importFile} onSaved={saved} />
        </Space>
        <RefreshButton onClick={list.refetch} loading={list.loading} />
      </div>
      <ListTable<DictionaryTypeNode>
        key={list.updatedAt}
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        error={list.error}
        onRetry={list.refetch}
        expandable={{ defaultExpandAllRows: true }}
      />
      <CategoryForm {...crud.form} onSaved={saved} />
    </Drawer>
  );
}
