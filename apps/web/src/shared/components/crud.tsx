import { DownOutlined } from '@ant-design/icons';
import type { Envelope } from '@platform/shared';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd/es/menu';
import Switch from 'antd/es/switch';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { type Key, type ReactElement, type ReactNode, useState } from 'react';
import { formatDateTime } from '../format.ts';
import { Auth, usePermission } from '../shell/permission.tsx';
import { applyColumnSettings, ColumnSettingsTool, type useColumnSettings } from './ColumnSettingsDrawer.tsx';
import { type ConfirmKind, useConfirm } from './confirm.tsx';
import { useExportTask } from './export-task.ts';
import { StateTag, useSuccessToast } from './FormDialog.tsx';
import { useComponentsTranslation } from './i18n.ts';
import { ListPage, ListTable, type ListTableProps, RefreshButton, SearchBar } from './ListPage.tsx';
import { type ListController, type UseListQueryOptions, useListQuery } from './list.ts';
import type { CrudFormProps } from './record-form.tsx';

/** A column showing one field of the row, keyed by the field's name; `more` adds width, render and the rest. */
export function fieldColumn<Row>(
  field: keyof Row & string,
  title: ReactNode,
  more: Omit<ColumnType<Row>, 'title' | 'dataIndex' | 'key'> = {},
): ColumnType<Row> {
  return { title, dataIndex: field, key: field, ...more };
}

/** A link button of a table row. */
export interface RowAction {
  key: string;
  label: ReactNode;
  onClick: () => void;
  /** The button permission it needs (btn_edit, ...); without one it is always shown. */
  button?: string;
  danger?: boolean;
}

/** A row's 更多 menu. */
export interface RowMore {
  button?: string;
  items: NonNullable<MenuProps['items']>;
}

function Guard({ button, children }: { button?: string; children: ReactNode }) {
  return button ? <Auth button={button}>{children}</Auth> : children;
}

/** A row's actions; `false`, `null` or `undefined` entries are those this row does not have. */
export type RowActionList = readonly (RowAction | false | null | undefined)[];

/** The link buttons of a row, each behind its permission, then the optional 更多 menu. */
export function RowActions({ actions, more }: { actions: RowActionList; more?: RowMore }) {
  const { t: c } = useComponentsTranslation();
  return (
    <>
      {actions.map((action) =>
        action ? (
          <Guard key={action.key} button={action.button}>
            <Button type="link" size="small" danger={action.danger} onClick={action.onClick}>
              {action.label}
            </Button>
          </Guard>
        ) : null,
      )}
      {more ? (
        <Guard button={more.button}>
          <Dropdown menu={{ items: more.items }} trigger={['click']}>
            <Button type="link" size="small">
              {c('buttons.more')} <DownOutlined />
            </Button>
          </Dropdown>
        </Guard>
      ) : null}
    </>
  );
}

/** A cell's text with a tag after it where the row has one (主系统, 当前会话, 超级管理员). */
function TaggedText({ text, tag, color }: { text: ReactNode; tag?: ReactNode; color: string }) {
  return (
    <>
      {text}
      {tag ? (
        <Tag color={color} style={{ marginLeft: 6 }}>
          {tag}
        </Tag>
      ) : null}
    </>
  );
}

/** A column of one field of the row, the text followed by the row's `tag` where it has one (in `color`). */
export function tagColumn<Row>(
  field: keyof Row & string,
  title: ReactNode,
  width: number,
  tag: (row: Row) => ReactNode,
  color = 'blue',
): ColumnType<Row> {
  return fieldColumn(field, title, {
    width,
    render: (value: ReactNode, row) => <TaggedText text={value} tag={tag(row)} color={color} />,
  });
}

/** The toolbar's 新建 (btn_add), or another primary action under the same permission. */
export function AddButton({
  onClick,
  disabled,
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const { t: c } = useComponentsTranslation();
  return (
    <Auth button="btn_add">
      <Button type="primary" disabled={disabled} onClick={onClick}>
        {children ?? c('buttons.add')}
      </Button>
    </Auth>
  );
}

/** A question before an action: one of the spec's confirmations, or a page's own text. */
export type Question = ConfirmKind | { text: string };

/** The calls a row action makes answer with the server's message (`{ envelope: true }`). */
export type Call = () => Promise<Envelope<unknown>>;

export interface Crud<Row, Target> {
  list: ListController<Row, object, object>;
  /** Opens the page's form dialog for a record (`{ id }`) or a new one. */
  open: (target: Target) => void;
  /** The props of the page's form dialog. */
  form: CrudFormProps<Target>;
  /** The confirmation dialogs' holder: render it once in the page (`CrudPage` does). */
  holder: ReactElement;
  /** Asks, then calls; on success shows the server's message and refreshes the list (admin.md §7, §8). */
  act: (question: Question, call: Call) => void;
  /** 编辑 (btn_edit): opens the form dialog for the target. */
  edit: (target: Target) => RowAction;
  /** 删除 (btn_remove): asks the spec's delete question, then calls. */
  remove: (call: Call) => RowAction;
  /** 复制 (btn_add): asks `question`, then calls. */
  copy: (question: string, call: Call) => RowAction;
  /** 导出: asks the spec's export question, then downloads the file the call answers the address of. */
  download: (call: () => Promise<{ url: string }>) => RowAction;
  columns: {
    description: (width: number) => ColumnType<Row>;
    creatorTime: ColumnType<Row>;
    sortCode: ColumnType<Row>;
    /** The state as a tag: 启用, 禁用 or 锁定. */
    state: ColumnType<Row>;
    /** The state as a switch that asks, toggles and refreshes; off without btn_edit or where `locked`. */
    stateSwitch: (options: {
      width: number;
      toggle: (row: Row) => Promise<Envelope<unknown>>;
      locked?: (row: Row) => boolean;
    }) => ColumnType<Row>;
    /** 操作 with each row's `RowActions`, fixed on the right unless told. */
    actions: (options: {
      width: number;
      fixed?: boolean;
      actions: (row: Row) => RowActionList;
      more?: (row: Row) => RowMore;
    }) => ColumnType<Row>;
  };
}

/**
 * What an administration list does around its table (admin.md §7 "Handling of answers", §8): the
 * form dialog's target, refreshing after a save, confirming deletes and state changes, showing the
 * server's message and refreshing after them, and the columns every list shares. `permissions:
 * false` for lists already behind a permission (the menu page's definitions drawer).
 */
export function useCrudList<Row extends { id: string }, Target = { id?: string }>(
  list: ListController<Row, object, object>,
  { permissions = true }: { permissions?: boolean } = {},
): Crud<Row, Target> {
  const { t: c } = useComponentsTranslation();
  const permission = usePermission();
  const [target, setTarget] = useState<Target | null>(null);
  const [confirm, holder] = useConfirm();
  const success = useSuccessToast();
  const exportTask = useExportTask();
  const { refetch } = list;
  const act = (question: Question, call: Call) => {
    const then = async () => {
      success(await call());
      refetch();
    };
    if (typeof question === 'string') confirm(question, then);
    else confirm.text(question.text, then);
  };
  const guard = (button: string) => (permissions ? button : undefined);
  return {
    list,
    open: setTarget,
    form: { target, onClose: () => setTarget(null), onSaved: refetch },
    holder,
    act,
    edit: (next) => ({
      key: 'edit',
      label: c('buttons.edit'),
      button: guard('btn_edit'),
      onClick: () => setTarget(next),
    }),
    remove: (call) => ({
      key: 'remove',
      label: c('buttons.remove'),
      button: guard('btn_remove'),
      danger: true,
      onClick: () => act('delete', call),
    }),
    download: (call) => ({
      key: 'export',
      label: c('buttons.export'),
      onClick: () => confirm.text(c('confirmExport'), () => exportTask(call)),
    }),
    copy: (question, call) => ({
      key: 'copy',
      label: c('buttons.copy'),
      button: guard('btn_add'),
      onClick: () => act({ text: question }, call),
    }),
    columns: {
      description: (width) => ({
        title: c('fields.description'),
        dataIndex: 'description',
        key: 'description',
        width,
        ellipsis: true,
      }),
      creatorTime: {
        title: c('fields.creatorTime'),
        dataIndex: 'creatorTime',
        key: 'creatorTime',
        width: 170,
        render: formatDateTime,
      },
      sortCode: { title: c('fields.sortCode'), dataIndex: 'sortCode', key: 'sortCode', width: 70, align: 'center' },
      state: {
        title: c('fields.enabledMark'),
        dataIndex: 'enabledMark',
        key: 'enabledMark',
        width: 80,
        align: 'center',
        render: (value: number) => <StateTag value={value} />,
      },
      stateSwitch: ({ width, toggle, locked }) => ({
        title: c('fields.enabledMark'),
        dataIndex: 'enabledMark',
        key: 'enabledMark',
        width,
        align: 'center',
        render: (value: number, row) => (
          <Switch
            size="small"
            checked={value === 1}
            disabled={locked?.(row) || (permissions && !permission.hasBtn('btn_edit'))}
            aria-label={value === 1 ? c('buttons.disable') : c('buttons.enable')}
            onChange={() => act(value === 1 ? 'disable' : 'enable', () => toggle(row))}
          />
        ),
      }),
      actions: ({ width, fixed = true, actions, more }) => ({
        title: c('action'),
        key: 'actions',
        width,
        fixed: fixed ? ('right' as const) : false,
        render: (_, row) => <RowActions actions={actions(row)} more={more?.(row)} />,
      }),
    },
  };
}

/** `useCrudList` over the paged list it reads: an administration list page's usual start. */
export function useCrudQuery<Row extends { id: string }, Search extends object>(
  options: UseListQueryOptions<Row, Search, Record<string, never>>,
): Crud<Row, { id?: string }> {
  return useCrudList<Row>(useListQuery<Row, Search>(options));
}

export type ColumnSettingsState = ReturnType<typeof useColumnSettings>;

/**
 * The page of an administration list on `ListPage`: an optional left pane, the search bar (with the
 * page's own filters), the toolbar (the page's actions; refresh and, given `columnSettings`, the
 * column settings on the right), the table with its pager, and the page's dialogs.
 */
export function CrudPage<Row extends object>({
  crud,
  columns,
  side,
  searchTop,
  filters,
  actions,
  columnSettings,
  table,
  tableKey,
  children,
}: {
  crud: Pick<Crud<Row, unknown>, 'list' | 'holder'>;
  columns: ColumnsType<Row>;
  side?: ReactNode;
  /** Above the search bar (the menu page's application tabs). */
  searchTop?: ReactNode;
  /** The search bar's fields besides the keyword, as `Form.Item`s named after the query. */
  filters?: ReactNode;
  actions?: ReactNode;
  /** The user's column order and visibility (admin.md 2.6), from `useColumnSettings`. */
  columnSettings?: ColumnSettingsState;
  /** More of the table's props (row selection, expansion). */
  table?: Omit<ListTableProps<Row>, 'columns' | 'dataSource'>;
  /** A key that remounts the table (a tree expanding its new rows). */
  tableKey?: Key;
  /** The page's dialogs. */
  children?: ReactNode;
}) {
  const { list } = crud;
  return (
    <ListPage
      side={side}
      search={
        <>
          {searchTop}
          <SearchBar values={list.state.search} onSearch={list.search} onReset={list.reset}>
            {filters}
          </SearchBar>
        </>
      }
      actions={actions}
      tools={
        <>
          <RefreshButton onClick={list.refetch} loading={list.loading} />
          {columnSettings ? <ColumnSettingsTool settings={columnSettings} /> : null}
        </>
      }
    >
      {crud.holder}
      <ListTable<Row>
        key={tableKey}
        columns={columnSettings ? applyColumnSettings(columns, columnSettings.columns) : columns}
        dataSource={list.rows}
        loading={list.loading}
        error={list.error}
        onRetry={list.refetch}
        paging={
          list.paged
            ? {
                currentPage: list.state.currentPage,
                pageSize: list.state.pageSize,
                total: list.total,
                onChange: list.setPage,
              }
            : undefined
        }
        {...table}
      />
      {children}
    </ListPage>
  );
}
