import { ReloadOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Pagination from 'antd/es/pagination';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table, { type TableProps } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import type { Key, ReactNode } from 'react';
import { useEffect, useId } from 'react';
import { useFocusableScrollBoxes } from './focusable-scroll.ts';
import { useComponentsTranslation } from './i18n.ts';
import { listPageSizes } from './list.ts';
import './list-page.css';

/**
 * The page frame of every administration list: an optional left pane (a tree), the search bar,
 * a toolbar (actions left, refresh and column settings right), the table and the pager.
 */
export function ListPage({
  side,
  search,
  actions,
  tools,
  children,
}: {
  side?: ReactNode;
  search?: ReactNode;
  actions?: ReactNode;
  tools?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="list-page">
      {side ? <aside className="list-page-side">{side}</aside> : null}
      <div className="list-page-main">
        {search ? <div className="list-page-search">{search}</div> : null}
        <div className="list-page-body">
          <div className="list-page-toolbar">
            <Space wrap>{actions}</Space>
            <Space>{tools}</Space>
          </div>
          {children}
        </div>
      </div>
    </div>
  );
}

export interface SearchBarProps<Values extends object> {
  /** The values last searched: the bar shows them again after a reset or a language switch. */
  values: Values;
  onSearch: (values: Partial<Values>) => void;
  onReset: () => void;
  /** Fields besides the keyword (selects, date ranges), as `Form.Item`s named after the query. */
  children?: ReactNode;
  /** Hide the keyword box for lists that have none. */
  keyword?: boolean;
}

/** Keyword with Enter, then 查询 and 重置 (DESIGN.md "Lists"). */
export function SearchBar<Values extends object>({
  values,
  onSearch,
  onReset,
  children,
  keyword = true,
}: SearchBarProps<Values>) {
  const { t } = useComponentsTranslation();
  const [form] = Form.useForm();
  // The form's own name prefixes its fields' ids: a filter named as a field of the page's dialog
  // (messageType, ...) or of another kept-alive page's search bar must not take that field's label.
  const name = `search${useId()}`;
  useEffect(() => {
    form.setFieldsValue(values);
  }, [form, values]);
  const submit = () => onSearch(form.getFieldsValue() as Partial<Values>);
  return (
    <Form form={form} name={name} layout="inline" className="list-search-bar" onFinish={submit}>
      {keyword ? (
        <Form.Item name="keyword" label={t('keyword')}>
          <Input placeholder={t('keywordPlaceholder')} allowClear onPressEnter={submit} style={{ width: 220 }} />
        </Form.Item>
      ) : null}
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            {t('reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

export function RefreshButton({ onClick, loading }: { onClick: () => void; loading?: boolean }) {
  const { t } = useComponentsTranslation();
  return (
    <Tooltip title={t('refresh')}>
      <Button type="text" icon={<ReloadOutlined spin={loading} />} aria-label={t('refresh')} onClick={onClick} />
    </Tooltip>
  );
}

/** The pager of admin.md §9, in its order: total, sizes, prev, pager, next, jumper. */
export function ListPager({
  currentPage,
  pageSize,
  total,
  onChange,
}: {
  currentPage: number;
  pageSize: number;
  total: number;
  onChange: (currentPage: number, pageSize: number) => void;
}) {
  const { t } = useComponentsTranslation();
  return (
    <div className="list-pager">
      <span className="list-pager-total">{t('total', { total })}</span>
      <Select
        size="small"
        value={pageSize}
        aria-label={t('pageSize', { size: pageSize })}
        options={listPageSizes.map((size) => ({ value: size, label: t('pageSize', { size }) }))}
        onChange={(size) => onChange(currentPage, size)}
        style={{ width: 100 }}
      />
      <Pagination
        size="small"
        current={currentPage}
        pageSize={pageSize}
        total={total}
        showSizeChanger={false}
        showQuickJumper
        onChange={(page) => onChange(page, pageSize)}
      />
    </div>
  );
}

export interface ListTableProps<Row> extends Omit<TableProps<Row>, 'pagination'> {
  error?: unknown;
  onRetry?: () => void;
  /** Paging of a paged list; absent for tree lists, which show everything. */
  paging?: {
    currentPage: number;
    pageSize: number;
    total: number;
    onChange: (currentPage: number, pageSize: number) => void;
  };
}

/**
 * A row's actions stay in sight however wide the table (issue 36): the column keyed `actions` is
 * fixed on the right unless it says otherwise (`fixed: false`), so no list has to remember it.
 */
export function pinActions<Column extends { key?: Key; fixed?: unknown }>(columns: readonly Column[]): Column[] {
  return columns.map((column) =>
    column.key === 'actions' && column.fixed === undefined ? ({ ...column, fixed: 'right' } as Column) : column,
  );
}

/** The table with the loading, empty (暂无数据) and error states, and the pager below it. */
export function ListTable<Row extends object>({
  error,
  onRetry,
  paging,
  locale,
  columns,
  ...props
}: ListTableProps<Row>) {
  const { t } = useComponentsTranslation();
  const emptyText = error ? (
    <Result
      status="warning"
      title={t('loadFailed')}
      subTitle={error instanceof Error ? error.message : undefined}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            {t('retry')}
          </Button>
        ) : null
      }
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
  );
  // Fixed layout with the columns' own widths: long cells truncate (ellipsis) instead of pushing
  // the other columns out of sight; wider than the pane, the table scrolls sideways.
  // The tick-box column is not among `columns`: left out, the fixed actions column on the right
  // covered the last column whenever the table was just wider than its pane.
  const selectionWidth = props.rowSelection
    ? typeof props.rowSelection.columnWidth === 'number'
      ? props.rowSelection.columnWidth
      : 48
    : 0;
  const width = (columns ?? []).reduce(
    (sum, column) => sum + (typeof column.width === 'number' ? column.width : 120),
    selectionWidth,
  );
  // A table wider than its pane scrolls sideways; its scroll box takes the keyboard's focus.
  const holder = useFocusableScrollBoxes();
  return (
    <div ref={holder} className="list-table">
      <Table<Row>
        rowKey="id"
        size="small"
        bordered
        {...props}
        columns={columns && pinActions(columns)}
        dataSource={error ? [] : props.dataSource}
        locale={{ emptyText, ...locale }}
        pagination={false}
        tableLayout="fixed"
        scroll={{ x: width || undefined, ...props.scroll }}
      />
      {paging ? <ListPager {...paging} /> : null}
    </div>
  );
}
