import type { DictionaryDataRow, DictionaryTypeNode, Envelope } from '@platform/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionariesQueryKey } from '../../../shared/api/dictionaries.ts';
import { AddButton, CrudPage, useCrudList, useUnpagedListQuery } from '../../../shared/components/index.ts';
import { dictionaryApi, fixedTypeIds } from '../api.ts';
import { CategoryDrawer } from '../components/CategoryDrawer.tsx';
import { CategorySide } from '../components/CategorySide.tsx';
import { EntryForm } from '../components/EntryForm.tsx';

const initialSearch = { keyword: '' };
const noTypes: DictionaryTypeNode[] = [];
type Filter = { typeId?: string; isTree?: number };

const keysWithChildren = (rows: readonly DictionaryDataRow[]): string[] =>
  rows.flatMap((r) => (r.children?.length ? [r.id, ...keysWithChildren(r.children)] : []));

/**
 * 数据字典 (admin.md 2.1): the category tree on the left; on the right the selected category's
 * entries, a tree table when the category is a tree, searched by keyword, with the state switch.
 * Every change drops the dictionaries every page reads (`DictionaryData/All`).
 */
export default function DictionaryPage() {
  const { t } = useTranslation('dictionary');
  const queryClient = useQueryClient();
  const types = useQuery({ queryKey: ['dictionary', 'types'], queryFn: dictionaryApi.types });
  const [selected, setSelected] = useState<DictionaryTypeNode>();
  const [managing, setManaging] = useState(false);
  const list = useUnpagedListQuery<DictionaryDataRow, typeof initialSearch, Filter>({
    queryKey: ['dictionary', 'entries'],
    fetch: ({ keyword, typeId, isTree }, signal) =>
      dictionaryApi.entries(typeId as string, { keyword: keyword || undefined, isTree: isTree ?? 0 }, signal),
    initialSearch,
    enabled: Boolean(selected),
  });
  const { setFixed } = list;
  const select = (node: DictionaryTypeNode) => {
    setSelected(node);
    setFixed({ typeId: node.id, isTree: node.isTree });
  };
  // The first category is selected once the tree arrives; a selected category that is gone is dropped.
  useEffect(() => {
    const first = types.data?.[0];
    if (!types.data) return;
    const find = (nodes: readonly DictionaryTypeNode[], id: string): DictionaryTypeNode | undefined =>
      nodes.reduce<DictionaryTypeNode | undefined>(
        (hit, n) => hit ?? (n.id === id ? n : find(n.children, id)),
        undefined,
      );
    const still = selected && find(types.data, selected.id);
    if (still) {
      if (still !== selected) setSelected(still);
    } else if (first) {
      setSelected(first);
      setFixed({ typeId: first.id, isTree: first.isTree });
    }
  }, [types.data, selected, setFixed]);

  const crud = useCrudList<DictionaryDataRow>(list);
  const dropCache = () => void queryClient.invalidateQueries({ queryKey: dictionariesQueryKey });
  const changing =
    <T,>(call: () => Promise<Envelope<T>>) =>
    async () => {
      const answer = await call();
      dropCache();
      return answer;
    };

  const isTree = selected?.isTree === 1;
  // Keyed by content: an empty list is a new array on every render.
  const allKeysText = keysWithChildren(list.rows).join(',');
  const allKeys = useMemo(() => (allKeysText ? allKeysText.split(',') : []), [allKeysText]);
  const [expanded, setExpanded] = useState<readonly string[]>([]);
  // New rows open fully, as the tree table of the platform does.
  useEffect(() => setExpanded(allKeys), [allKeys]);
  // admin.md 2.1: the expand/collapse toggle only when every row has children.
  const toggleable = isTree && list.rows.length > 0 && list.rows.every((r) => r.children?.length);

  const columns: ColumnsType<DictionaryDataRow> = [
    { title: t('fullName'), dataIndex: 'fullName', key: 'fullName', width: 220, ellipsis: true },
    { title: t('enCode'), dataIndex: 'enCode', key: 'enCode', width: 180, ellipsis: true },
    crud.columns.sortCode,
    crud.columns.stateSwitch({ width: 90, toggle: (row) => changing(() => dictionaryApi.toggleState(row.id))() }),
    crud.columns.actions({
      width: 120,
      actions: (row) => [crud.edit({ id: row.id }), crud.remove(changing(() => dictionaryApi.removeEntry(row.id)))],
    }),
  ];
  const typeId = selected?.id;
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      side={
        <CategorySide
          types={types.data ?? noTypes}
          loading={types.isLoading}
          selectedId={typeId}
          onSelect={select}
          onRefresh={() => void types.refetch()}
          onManage={() => setManaging(true)}
        />
      }
      actions={
        <>
          <AddButton disabled={!typeId || fixedTypeIds.includes(typeId)} onClick={() => crud.open({})} />
          {toggleable ? (
            <Button type="link" onClick={() => setExpanded(expanded.length ? [] : allKeys)}>
              {expanded.length ? t('collapse') : t('expand')}
            </Button>
          ) : null}
        </>
      }
      table={
        isTree
          ? {
              expandable: {
                expandedRowKeys: [...expanded],
                onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
              },
            }
          : { expandable: { showExpandColumn: false } }
      }
    >
      {typeId ? (
        <EntryForm
          {...crud.form}
          onSaved={() => {
            dropCache();
            list.refetch();
          }}
          typeId={typeId}
          isTree={selected?.isTree ?? 0}
        />
      ) : null}
      <CategoryDrawer
        open={managing}
        onClose={() => {
          setManaging(false);
          void types.refetch();
          list.refetch();
        }}
      />
    </CrudPage>
  );
}
