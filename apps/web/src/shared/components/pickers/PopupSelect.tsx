import { useQuery } from '@tanstack/react-query';
import AutoComplete from 'antd/es/auto-complete';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popover from 'antd/es/popover';
import Table, { type ColumnsType } from 'antd/es/table';
import { type Key, useCallback, useEffect, useMemo, useState } from 'react';
import { useComponentsTranslation } from '../i18n.ts';
import { DialogSelect } from './DialogSelect.tsx';
import {
  autocompleteSize,
  cellText,
  distinctBy,
  type InterfaceRow,
  type InterfaceSource,
  interfaceRows,
  interfaceSelectApi,
  type RowSource,
  unpagedPopupSize,
  unpagedTableSize,
  withKeyword,
} from './popup-api.ts';
import './pickers.css';

type Value = string | string[] | undefined;
const idsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : value === undefined || value === null || value === ''
      ? []
      : [String(value)];
const cached = { staleTime: 10_000, retry: false } as const;

/** The rows of the stored values (InfoByIds, or the related records), for their names. */
function useChosenRows(source: RowSource, ids: string[]) {
  return useQuery({
    queryKey: ['picker', 'rows', 'byIds', ...source.key, ids],
    queryFn: () => source.byIds(ids),
    enabled: ids.length > 0 && source.ready,
    ...cached,
  });
}

/** The names (relationField) of stored values, joined: the read-only view of a popup or table select. */
export function ChosenNames({ source, value }: { source: RowSource; value: unknown }) {
  const ids = idsOf(value);
  const rows = useChosenRows(source, ids);
  const names = new Map(
    (rows.data ?? []).map((row) => [cellText(row, source.propsValue), cellText(row, source.relationField)]),
  );
  return <>{ids.map((id) => names.get(id) ?? id).join(',')}</>;
}

/** One column of the row a popup select holds (the relation attribute, popupAttr): empty until a row is chosen. */
export function ChosenAttribute({ source, value, column }: { source: RowSource; value: unknown; column: string }) {
  const ids = idsOf(value);
  const rows = useChosenRows(source, ids);
  const texts = ids.map((id) =>
    cellText(
      rows.data?.find((row) => cellText(row, source.propsValue) === id),
      column,
    ),
  );
  return <>{texts.filter(Boolean).join(',')}</>;
}

/** A page of rows by keyword; a failed call only stops the loading indicator (widgets.md §8). */
function useRows(source: RowSource, keyword: string, currentPage: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: ['picker', 'rows', 'list', ...source.key, keyword, currentPage, pageSize],
    queryFn: ({ signal }) => source.list({ keyword, currentPage, pageSize }, signal),
    enabled: enabled && source.ready,
    ...cached,
  });
}

/** The keyword box with 查询 and 重置, and the 刷新 link (widgets.md §2 "Generic popup-select dialog"). */
function SearchBar({ onSearch, onRefresh }: { onSearch: (keyword: string) => void; onRefresh: () => void }) {
  const { t } = useComponentsTranslation();
  const [text, setText] = useState('');
  return (
    <div className="popup-select-bar">
      <Input
        size="small"
        aria-label={t('keyword')}
        placeholder={t('keywordPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={() => onSearch(text.trim())}
      />
      <Button size="small" type="primary" onClick={() => onSearch(text.trim())}>
        {t('search')}
      </Button>
      <Button
        size="small"
        onClick={() => {
          setText('');
          onSearch('');
        }}
      >
        {t('reset')}
      </Button>
      <Button size="small" type="link" onClick={onRefresh}>
        {t('refresh')}
      </Button>
    </div>
  );
}

function useColumns(source: RowSource, currentPage: number, pageSize: number): ColumnsType<InterfaceRow> {
  const { t } = useComponentsTranslation();
  return useMemo(
    () => [
      {
        key: '#',
        title: t('index'),
        width: 60,
        align: 'center',
        render: (_: unknown, __: InterfaceRow, index: number) => (currentPage - 1) * pageSize + index + 1,
      },
      ...(source.columns.length ? source.columns : [{ value: source.relationField, label: source.relationField }]).map(
        (column) => ({
          key: column.value,
          title: column.label,
          ...(column.width ? { width: column.width } : {}),
          render: (_: unknown, row: InterfaceRow) => cellText(row, column.value),
        }),
      ),
    ],
    [source.columns, source.relationField, currentPage, pageSize, t],
  );
}

/**
 * The searched, paged table both selects show: the keyword bar and the Table's rows, columns and
 * pager (a pager only when the definition pages). `restart` clears the keyword and goes to page 1.
 */
function useRowTable(source: RowSource, enabled: boolean, size: number, hasPage: boolean) {
  const [keyword, setKeyword] = useState('');
  const [currentPage, setCurrentPage] = useState(1);
  const rows = useRows(source, keyword, currentPage, size, enabled);
  const columns = useColumns(source, currentPage, size);
  const search = useCallback((word: string) => {
    setKeyword(word);
    setCurrentPage(1);
  }, []);
  const restart = useCallback(() => search(''), [search]);
  return {
    restart,
    searchBar: <SearchBar onSearch={search} onRefresh={() => void rows.refetch()} />,
    table: {
      size: 'small' as const,
      rowKey: (row: InterfaceRow) => cellText(row, source.propsValue),
      columns,
      dataSource: rows.data?.list ?? [],
      loading: rows.isFetching,
      pagination: hasPage
        ? {
            current: currentPage,
            pageSize: size,
            total: rows.data?.pagination.total ?? 0,
            showSizeChanger: false,
            onChange: setCurrentPage,
          }
        : (false as const),
    },
  };
}

/** The field part shared by the popup and table selects: the chosen rows by name; clearing and tag deletion emit at once. */
function ChosenField({
  source,
  ids,
  multiple,
  disabled,
  clearable,
  placeholder,
  id,
  onOpen,
  onChange,
}: {
  source: RowSource;
  ids: string[];
  multiple: boolean;
  disabled?: boolean | undefined;
  clearable: boolean;
  placeholder?: string | undefined;
  id?: string | undefined;
  onOpen: () => void;
  onChange: (ids: string[]) => void;
}) {
  const rows = useChosenRows(source, ids);
  const names = new Map(
    (rows.data ?? []).map((row) => [cellText(row, source.propsValue), cellText(row, source.relationField)]),
  );
  return (
    <DialogSelect
      id={id}
      value={ids}
      options={ids.map((value) => ({ value, label: names.get(value) ?? value }))}
      placeholder={placeholder}
      disabled={disabled}
      clearable={clearable}
      onChange={(next) => onChange(multiple ? next : next.slice(0, 1))}
      onOpen={onOpen}
    />
  );
}

export interface RowSelectProps {
  source: RowSource;
  value?: unknown;
  onChange?: (value: Value) => void;
  disabled?: boolean;
  clearable?: boolean;
  placeholder?: string;
  title?: string;
  /** Dialog width (default 800). */
  width?: number | string;
  hasPage?: boolean;
  pageSize?: number;
  id?: string;
}

/**
 * Popup select (widgets.md §2, §4): the field opens an 800 px dialog with a keyword search, 查询,
 * 重置, 刷新 and a table with an index column and one radio choice, paged when the definition pages
 * (else 100000 rows in one). 确定 writes the chosen row's propsValue only when a row is chosen;
 * 取消 leaves the value.
 */
export function PopupSelect({
  source,
  value,
  onChange,
  disabled,
  clearable = true,
  placeholder,
  title,
  width = 800,
  hasPage = false,
  pageSize = 20,
  id,
  unpagedSize = unpagedPopupSize,
}: RowSelectProps & { unpagedSize?: number }) {
  const { t } = useComponentsTranslation();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const { restart, searchBar, table } = useRowTable(source, open, hasPage ? pageSize : unpagedSize, hasPage);
  const ids = idsOf(value);
  useEffect(() => {
    if (open) {
      restart();
      setChosen(null);
    }
  }, [open, restart]);
  return (
    <>
      <ChosenField
        source={source}
        ids={ids}
        multiple={false}
        disabled={disabled}
        clearable={clearable}
        placeholder={placeholder}
        id={id}
        onOpen={() => setOpen(true)}
        onChange={(next) => onChange?.(next[0] ?? '')}
      />
      <Modal
        open={open}
        width={width}
        title={title ?? t('pleaseSelect')}
        maskClosable={false}
        destroyOnHidden
        okText={t('ok')}
        cancelText={t('cancel')}
        onCancel={() => setOpen(false)}
        onOk={() => {
          if (chosen === null) return;
          setOpen(false);
          onChange?.(chosen);
        }}
      >
        {searchBar}
        <Table<InterfaceRow>
          {...table}
          scroll={{ y: 360 }}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: chosen === null ? [] : [chosen],
            onChange: (keys) => setChosen(keys.length ? String(keys[0]) : null),
          }}
          onRow={(row) => ({ onClick: () => setChosen(cellText(row, source.propsValue)) })}
        />
      </Modal>
    </>
  );
}

/**
 * Table select (widgets.md §2, §4): a 700 px popover with a keyword filter and a 300 px table,
 * a checkbox column when multiple. Single: a click on a row writes it and closes. Multiple: rows
 * toggle, and the choice is written on 确定 or when the popover closes.
 */
export function PopupTableSelect({
  source,
  value,
  onChange,
  disabled,
  clearable = true,
  placeholder,
  multiple = false,
  hasPage = false,
  pageSize = 20,
  id,
}: RowSelectProps & { multiple?: boolean }) {
  const { t } = useComponentsTranslation();
  const [open, setOpen] = useState(false);
  const ids = idsOf(value);
  const [chosen, setChosen] = useState<string[]>(ids);
  const { restart, searchBar, table } = useRowTable(source, open, hasPage ? pageSize : unpagedTableSize, hasPage);
  const emit = (next: string[]) => onChange?.(multiple ? next : (next[0] ?? ''));
  const close = (write: boolean) => {
    setOpen(false);
    if (write && multiple) emit(chosen);
  };
  const content = (
    <div className="popup-table-select">
      {searchBar}
      <Table<InterfaceRow>
        {...table}
        scroll={{ y: 300 }}
        {...(multiple
          ? {
              rowSelection: {
                type: 'checkbox' as const,
                selectedRowKeys: chosen,
                onChange: (keys: Key[]) => setChosen(keys.map(String)),
              },
            }
          : {})}
        onRow={(row) => ({
          onClick: () => {
            const key = cellText(row, source.propsValue);
            if (multiple) {
              setChosen((current) => (current.includes(key) ? current.filter((c) => c !== key) : [...current, key]));
            } else {
              setOpen(false);
              emit([key]);
            }
          },
        })}
      />
      {multiple ? (
        <div className="popup-table-select-foot">
          <Button size="small" onClick={() => setOpen(false)}>
            {t('cancel')}
          </Button>
          <Button size="small" type="primary" onClick={() => close(true)}>
            {t('ok')}
          </Button>
        </div>
      ) : null}
    </div>
  );
  return (
    <Popover
      open={open}
      trigger="click"
      placement="bottomLeft"
      content={content}
      destroyOnHidden
      onOpenChange={(next) => {
        if (next) return;
        close(true);
      }}
    >
      <div>
        <ChosenField
          source={source}
          ids={ids}
          multiple={multiple}
          disabled={disabled}
          clearable={clearable}
          placeholder={placeholder}
          id={id}
          onOpen={() => {
            setChosen(ids);
            restart();
            setOpen(true);
          }}
          onChange={emit}
        />
      </div>
    </Popover>
  );
}

/**
 * Autocomplete over a data interface (widgets.md §7): typing asks for up to `total` rows (default
 * 50) with the text in the "@keyword" parameters, one suggestion per relationField value; a failed
 * call suggests nothing. The value is the text.
 */
export function InterfaceAutoComplete({
  source,
  value,
  onChange,
  disabled,
  placeholder,
  total = autocompleteSize,
  clearable = true,
  id,
}: {
  source: InterfaceSource;
  value?: unknown;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  total?: number;
  clearable?: boolean;
  id?: string;
}) {
  const { t } = useComponentsTranslation();
  const text = typeof value === 'string' ? value : '';
  const [typed, setTyped] = useState<string | null>(null);
  const withText = { ...source, paramList: withKeyword(source.paramList, typed ?? '') };
  const rows = useQuery({
    queryKey: ['picker', 'interface', 'autocomplete', ...interfaceRows(withText).key, typed, total],
    queryFn: ({ signal }) =>
      interfaceSelectApi
        .list(withText, { keyword: typed ?? '', currentPage: 1, pageSize: total }, signal)
        .then((page) => distinctBy(page.list, source.relationField))
        .catch(() => []),
    enabled: typed !== null && !!source.interfaceId,
    ...cached,
  });
  return (
    <AutoComplete
      id={id}
      value={text}
      disabled={disabled}
      allowClear={clearable}
      placeholder={placeholder ?? t('pleaseEnter')}
      style={{ width: '100%' }}
      options={(rows.data ?? []).map((row) => {
        const label = cellText(row, source.relationField);
        return { value: label, label };
      })}
      onSearch={(word) => setTyped(word)}
      onFocus={() => setTyped((current) => current ?? text)}
      onChange={(next) => onChange?.(typeof next === 'string' ? next : '')}
    />
  );
}
