import type { AreaRow } from '@platform/shared';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  CrudPage,
  type ListController,
  useCrudList,
  useUnpagedListQuery,
} from '../../../shared/components/index.ts';
import { areaApi } from '../api.ts';
import { AreaForm, type AreaTarget } from '../components/AreaForm.tsx';

const initialSearch = { keyword: '' };

/** A row of the tree table; `key` is its path, as a search may list an area and, expanded, its parent's level too. */
interface AreaTreeRow extends AreaRow {
  key: string;
  children?: AreaTreeRow[];
}

const idOf = (key: Key) => String(key).split('/').pop() ?? '';

/**
 * 行政区划: the areas as a lazy tree. The provinces come first; expanding a row loads the level
 * below it, and every loaded level is asked again after a change. A keyword lists every match.
 */
export default function AreaPage() {
  const { t } = useTranslation('area');
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState<Key[]>([]);
  const top = useUnpagedListQuery<AreaRow, typeof initialSearch>({
    queryKey: ['area', 'tree'],
    fetch: async (search, signal) => (await areaApi.children('-1', search.keyword, signal)).list,
    initialSearch,
  });
  const expandedIds = useMemo(() => [...new Set(expanded.map(idOf))], [expanded]);
  const levels = useQueries({
    queries: expandedIds.map((id) => ({
      queryKey: ['area', 'children', id],
      queryFn: async ({ signal }: { signal: AbortSignal }) => (await areaApi.children(id, undefined, signal)).list,
      retry: false,
    })),
  });
  const loaded = new Map(expandedIds.map((id, i) => [id, levels[i]?.data]));
  const attach = (rows: readonly AreaRow[], path: string): AreaTreeRow[] =>
    rows.map((row) => {
      const key = `${path}/${row.id}`;
      if (!row.hasChildren) return { ...row, key };
      const below = loaded.get(row.id);
      // An empty array draws the expand icon before the level is loaded.
      return { ...row, key, children: below ? attach(below, key) : [] };
    });
  const rows = attach(top.rows, '');

  // A change refreshes the provinces and every loaded level; the search bar's reset also folds the tree.
  const list: ListController<AreaTreeRow, typeof initialSearch, object> = {
    ...top,
    rows,
    loading: top.loading || levels.some((level) => level.isFetching),
    refetch: () => void queryClient.invalidateQueries({ queryKey: ['area'] }),
    search: (search) => {
      setExpanded([]);
      top.search(search);
    },
    reset: () => {
      setExpanded([]);
      top.reset();
    },
  };
  const crud = useCrudList<AreaTreeRow, AreaTarget>(list);
  const columns: ColumnsType<AreaTreeRow> = [
    { title: t('fullName'), dataIndex: 'fullName', key: 'fullName', width: 260 },
    { title: t('enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    crud.columns.sortCode,
    crud.columns.stateSwitch({ width: 90, toggle: (row) => areaApi.toggleState(row.id) }),
    crud.columns.actions({
      width: 200,
      actions: (row) => [
        {
          key: 'addChild',
          label: t('addChild'),
          button: 'btn_add',
          onClick: () => crud.open({ parent: { value: row.id, label: row.fullName } }),
        },
        crud.edit({ id: row.id }),
        crud.remove(() => areaApi.remove(row.id)),
      ],
    }),
  ];
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      actions={<AddButton onClick={() => crud.open({})} />}
      table={{
        rowKey: 'key',
        expandable: { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) },
      }}
    >
      <AreaForm {...crud.form} />
    </CrudPage>
  );
}
