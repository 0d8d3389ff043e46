import type { Envelope, PageData } from '@platform/shared';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { type Crud, CrudPage, useCrudList } from './crud.tsx';
import { useDictionaryCategory } from './DictionaryFilter.tsx';
import { AddAndImportButtons } from './EntityImportDialog.tsx';
import { type ListParams, useListQuery } from './list.ts';

/** The keyword and the category (named `category`, or `categoryId` where the area's query says so). */
type CategorySearch = { keyword: string; category?: string; categoryId?: string };
const initialSearch: CategorySearch = { keyword: '' };

/** The texts the page takes from its area's namespace. */
type CategoryTexts = (key: 'fullName' | 'enCode' | 'category' | 'allCategories') => string;

export interface CategoryCrudOptions<Row> {
  /** The area: the list's query key starts with it. */
  area: string;
  api: {
    list: (query: ListParams<CategorySearch, Record<string, never>>, signal?: AbortSignal) => Promise<PageData<Row>>;
    toggleState: (id: string) => Promise<Envelope<unknown>>;
    importFile: (file: File, type: 0 | 1) => Promise<Envelope<unknown>>;
  };
  t: CategoryTexts;
  /** The dictionary whose entries are the categories, and which of an entry's fields a row stores. */
  dictionary: string;
  value: 'id' | 'enCode';
  /** The list query's field the category filter sets (`category` unless told). */
  filterName?: 'category' | 'categoryId';
}

/**
 * An administration list of definitions filed under a dictionary's categories, with the state switch,
 * exported and imported as files (code rules, data interfaces, print templates): the list, the
 * category (options, column, filter) and the columns they share around the page's own.
 */
export function useCategoryCrud<Row extends { id: string }>({
  area,
  api,
  t,
  dictionary,
  value,
  filterName,
}: CategoryCrudOptions<Row>) {
  const category = useDictionaryCategory<Row>({
    dictionary,
    value,
    filterName,
    label: t('category'),
    placeholder: t('allCategories'),
  });
  const list = useListQuery<Row, CategorySearch>({
    queryKey: [area, 'list'],
    fetch: (params, signal) => api.list(params, signal),
    initialSearch,
  });
  const crud = useCrudList<Row>(list);
  /** 名称, 编码, 分类, the page's own columns, 创建时间, 排序, 状态 and the row actions. */
  const columns = ({
    nameWidth,
    own,
    actions,
  }: {
    nameWidth: number;
    own: ColumnsType<Row>;
    actions: ColumnType<Row>;
  }): ColumnsType<Row> => [
    { title: t('fullName'), dataIndex: 'fullName', key: 'fullName', width: nameWidth },
    { title: t('enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    category.column,
    ...own,
    crud.columns.creatorTime,
    crud.columns.sortCode,
    crud.columns.stateSwitch({ width: 90, toggle: (row) => api.toggleState(row.id) }),
    actions,
  ];
  return { api, category, crud, columns };
}

/** The page of `useCategoryCrud`: the category filter, 新建 and 导入 (files ending in `accept`), and the page's dialogs. */
export function CategoryCrudPage<Row extends { id: string }>({
  page,
  columns,
  accept,
  children,
}: {
  page: { api: CategoryCrudOptions<Row>['api']; category: { filter: ReactNode }; crud: Crud<Row, { id?: string }> };
  columns: ColumnsType<Row>;
  accept: string;
  children: ReactNode;
}) {
  const { crud } = page;
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      filters={page.category.filter}
      actions={
        <AddAndImportButtons
          onAdd={() => crud.open({})}
          accept={accept}
          upload={page.api.importFile}
          onSaved={crud.list.refetch}
        />
      }
    >
      {children}
    </CrudPage>
  );
}
