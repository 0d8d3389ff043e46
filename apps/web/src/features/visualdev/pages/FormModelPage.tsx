import {
  type ColumnDefinition,
  columnWidth,
  type FormDefinition,
  type FormField,
  kindOf,
  permissionKeysByName,
  type SearchField,
  treePanelOf,
  valueFields,
} from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Drawer from 'antd/es/drawer';
import Dropdown from 'antd/es/dropdown';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../shared/components/confirm.tsx';
import { useSuccessToast } from '../../../shared/components/FormDialog.tsx';
import { ImportWizard, sheetImportApi } from '../../../shared/components/import/index.ts';
import {
  applyColumnSettings,
  ColumnSettingsTool,
  ListPage,
  ListTable,
  RefreshButton,
  TreeSide,
  useColumnSettings,
  useExportTask,
  useListQuery,
} from '../../../shared/components/index.ts';
import { formFileService } from '../../../shared/components/upload/form-file-service.ts';
import { openDownload } from '../../../shared/download.ts';
import { FormRenderer, FormStore, setFileService, useFieldOptions } from '../../../shared/form-engine/index.ts';
import { usePermission, useRouteMeta } from '../../../shared/shell/permission.tsx';
import { useToast } from '../../../shared/toast.tsx';
import { printTemplateIds, usePrintDialog } from '../../printDev/index.ts';
import { useFlowLaunch } from '../../workflow/index.ts';
import { type RecordRow, recordsBase, visualdevApi } from '../api.ts';
import { cellText, isGroupRow, listKind, openGroups, pageSizeOf, withTreeFilter } from '../record-list.ts';
import { useTreePanel } from '../tree-panel.ts';
import { NEW_ROW, useInlineEdit } from './inline-edit.tsx';

setFileService(formFileService);

interface Model {
  form: FormDefinition;
  list: ColumnDefinition;
  fields: Map<string, FormField>;
}

const emptyFields: ReadonlyMap<string, FormField> = new Map();
/** What a search box without a field of the form asks options of: nothing. */
const noField: FormField = { __config__: { jnpfKey: 'input' } };

function parseModel(formData: string, columnData: string): Model {
  const form = JSON.parse(formData || '{"fields":[]}') as FormDefinition;
  const list = JSON.parse(columnData || '{}') as ColumnDefinition;
  const fields = new Map(valueFields(form.fields ?? []).map((f) => [f.__vModel__ ?? '', f]));
  return { form, list, fields };
}

/** What a Form.Item hands its control: the value, the change handler and the id its label points to. */
interface ControlProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/** One search box of the list definition: text, options (several when searchMultiple), number or date range. */
function SearchInput({
  search,
  field,
  store,
  ...control
}: { search: SearchField; field: FormField | undefined; store: FormStore } & ControlProps) {
  const { t } = useTranslation('visualdev');
  const kind = field ? kindOf(field) : (search.jnpfKey ?? 'input');
  // A choice field offers its items by name (its dictionary's or interface's too) and searches by the stored value.
  const { options } = useFieldOptions(field ?? noField, store);
  if (field && options.length)
    return (
      <Select
        id={control.id}
        value={control.value as string | string[] | undefined}
        onChange={(v) => control.onChange?.(v)}
        allowClear
        mode={search.searchMultiple ? 'multiple' : undefined}
        options={options.map((o) => ({ value: o.value, label: o.label }))}
        style={{ width: 180 }}
      />
    );
  if (Number(search.searchType) === 3 && (kind === 'date' || kind === 'createTime' || kind === 'modifyTime'))
    return (
      <DatePicker.RangePicker
        id={control.id}
        value={control.value as [Dayjs, Dayjs] | undefined}
        onChange={(v) => control.onChange?.(v)}
        placeholder={[t('from'), t('to')]}
      />
    );
  if (Number(search.searchType) === 3)
    return (
      <NumberRange value={control.value as (number | null)[] | undefined} onChange={(v) => control.onChange?.(v)} />
    );
  return (
    <Input
      id={control.id}
      value={(control.value as string | undefined) ?? ''}
      onChange={(e) => control.onChange?.(e.target.value)}
      allowClear
      style={{ width: 180 }}
    />
  );
}

function NumberRange({
  value,
  onChange,
}: {
  value?: (number | null)[];
  onChange?: (value: (number | null)[]) => void;
}) {
  const { t } = useTranslation('visualdev');
  const [from = null, to = null] = value ?? [];
  return (
    <Space.Compact>
      <InputNumber aria-label={t('from')} placeholder={t('from')} value={from} onChange={(v) => onChange?.([v, to])} />
      <InputNumber aria-label={t('to')} placeholder={t('to')} value={to} onChange={(v) => onChange?.([from, v])} />
    </Space.Compact>
  );
}

/** The search form's values as the list's queryJson: dates as milliseconds, empty values left out. */
function queryJsonOf(values: Record<string, unknown>): string {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    out[key] = Array.isArray(value)
      ? value.map((v) => (v && typeof v === 'object' && 'valueOf' in v ? (v as Dayjs).valueOf() : v))
      : value;
  }
  return Object.keys(out).length ? JSON.stringify(out) : '';
}

type Editing =
  | { kind: 'form'; id: string | null; store: FormStore }
  | { kind: 'detail'; id: string; store: FormStore }
  | null;

/**
 * A menu page of type 3 / 4 (shell.md 2.3): the released list of the menu's generated form with its
 * search form, buttons and row actions by permission, the form as dialog, full screen or drawer
 * (popupType) and the detail viewer of admin.md 2.9. The server applies the same rights again.
 */
export default function FormModelPage() {
  const { t } = useTranslation('visualdev');
  const meta = useRouteMeta();
  const modelId = meta?.relationId ?? '';
  const menuId = meta?.moduleId ?? '';
  const permission = usePermission();
  const toast = useToast();
  const success = useSuccessToast();
  const [confirm, confirmHolder] = useConfirm();
  const [searchForm] = Form.useForm();
  const [queryJson, setQueryJson] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const printer = usePrintDialog();
  const [saving, setSaving] = useState(false);
  const { launch, chooser } = useFlowLaunch();
  const [importing, setImporting] = useState(false);
  const [closedGroups, setClosedGroups] = useState<ReadonlySet<string>>(new Set());

  const config = useQuery({
    queryKey: ['visualdev', 'config', modelId, menuId],
    queryFn: () => visualdevApi.config(modelId, menuId),
    enabled: !!modelId,
    retry: false,
  });
  const model = useMemo(
    () => (config.data ? parseModel(config.data.formData, config.data.columnData) : null),
    [config.data],
  );
  // The search form's choice boxes read an interface's parameters here; the store is only their context.
  const optionStore = useMemo(() => new FormStore(model?.form ?? { fields: [] }), [model]);
  // A type 2 list's tree, unless the caller may not see the field it filters (the server would ignore it).
  const panel = useMemo(() => {
    const found = model ? treePanelOf(model.list) : null;
    return found && (!model?.list.useColumnPermission || permission.hasColumn(found.relation)) ? found : null;
  }, [model, permission]);
  const tree = useTreePanel(panel);
  const filtered = (query: string, node: string | undefined) =>
    withTreeFilter(query, panel?.relation, node ? tree.valuesOf(node) : []);
  // The designed page size (or no paging) until the person picks a size in the pager.
  const [sizePicked, setSizePicked] = useState(false);
  const sizeOf = (chosen: number) => (model ? pageSizeOf(model.list, chosen, sizePicked) : chosen);
  const list = useListQuery<RecordRow, { queryJson: string }, { node?: string }>({
    queryKey: ['visualdev', 'records', modelId, menuId, sizePicked],
    initialSearch: { queryJson: '' },
    enabled: !!model,
    fetch: (params, signal) =>
      visualdevApi.list(
        modelId,
        {
          currentPage: params.currentPage,
          pageSize: sizeOf(params.pageSize),
          menuId,
          queryJson: filtered(params.queryJson, params.node),
          sidx: '',
        },
        signal,
      ),
  });

  // The list columns the caller may see (granted by the field's permission key), as the column
  // settings offer them (saved per user on the server).
  const listColumns = useMemo(() => {
    if (!model) return [];
    const keys = permissionKeysByName(model.form);
    return (model.list.columnList ?? []).filter(
      (c) => !model.list.useColumnPermission || permission.hasColumn(keys.get(c.prop) ?? c.prop),
    );
  }, [model, permission]);
  const settable = useMemo(() => listColumns.map((c) => ({ prop: c.prop, label: c.label })), [listColumns]);
  const columnSettings = useColumnSettings(menuId || undefined, settable);
  const importApi = useMemo(() => sheetImportApi(`${recordsBase}/${modelId}`), [modelId]);
  const mayEdit = useCallback(
    (key: string) => !model?.list.useFormPermission || permission.hasForm(key),
    [model, permission],
  );
  // A list of type 4 edits its rows in place; the other kinds open the form.
  const inline = useInlineEdit({
    modelId,
    menuId,
    form: model?.form ?? { fields: [] },
    fields: model?.fields ?? emptyFields,
    mayEdit,
    shown: listColumns.map((c) => c.prop),
    onSaved: (answer) => {
      success(answer);
      list.refetch();
    },
  });

  const exportTask = useExportTask();

  if (!modelId) return <Result status="warning" title={t('notReleased')} />;
  if (config.isLoading) return <Spin className="shell-page-loading" />;
  if (!model) return <Result status="warning" title={t('notReleased')} />;

  const columnList = model.list;
  const can = (flag: boolean | undefined, check: (code: string) => boolean, code: string) => !flag || check(code);
  const hasBtn = (code: string) => can(columnList.useBtnPermission, permission.hasBtn, code);
  const buttons = new Set(
    (columnList.btnsList ?? [{ value: 'add' }, { value: 'download' }, { value: 'batchRemove' }]).map((b) => b.value),
  );
  // The batch-print button offers the templates the list names (columnData.printIds); a record's
  // detail and its row the form's own (表单属性: hasPrintBtn, printId).
  const printIds = printTemplateIds(columnList.printIds);
  const formPrintIds = model.form.hasPrintBtn ? printTemplateIds(model.form.printId) : [];
  const printLabel = String(model.form.printButtonText || t('print'));
  const batchPrintLabel = columnList.btnsList?.find((b) => b.value === 'batchPrint')?.label;
  const rowButtons = new Set(
    (columnList.columnBtnsList ?? [{ value: 'edit' }, { value: 'remove' }, { value: 'detail' }]).map((b) => b.value),
  );

  const openForm = async (id: string | null) => {
    const values = id
      ? (JSON.parse((await visualdevApi.info(modelId, id, menuId)).data) as Record<string, unknown>)
      : {};
    setEditing({ kind: 'form', id, store: new FormStore(model.form, values) });
  };
  const openDetail = async (id: string) => {
    const values = JSON.parse((await visualdevApi.info(modelId, id, menuId)).data) as Record<string, unknown>;
    setEditing({ kind: 'detail', id, store: new FormStore(model.form, values) });
  };
  const save = async () => {
    if (editing?.kind !== 'form') return;
    if (!editing.store.validate()) {
      toast.error(t('invalid'));
      return;
    }
    setSaving(true);
    try {
      const values = editing.store.getValues();
      const answer = editing.id
        ? await visualdevApi.update(modelId, editing.id, values, menuId)
        : await visualdevApi.create(modelId, values, menuId);
      success(answer);
      setEditing(null);
      list.refetch();
    } catch {
      // The request layer has shown the server's message; the form stays open with what was typed.
    } finally {
      setSaving(false);
    }
  };
  const remove = (ids: string[]) =>
    confirm('delete', async () => {
      success(await visualdevApi.remove(modelId, ids, menuId));
      setSelected([]);
      list.refetch();
    });
  const exportAll = () =>
    exportTask(() =>
      visualdevApi.exportData(modelId, {
        menuId,
        queryJson: filtered(queryJson, list.state.fixed.node),
        dataType: 1,
        selectKey: shownColumns.map((c) => c.key),
      }),
    );

  const kind = listKind(columnList);
  const inPlace = kind === 'inline';
  const groupField = kind === 'grouped' ? String(columnList.groupField) : '';
  const groupLabel = String(model.fields.get(groupField)?.__config__.label ?? groupField);
  const cellOf = (prop: string) => (_: unknown, row: RecordRow) => {
    if (isGroupRow(row)) return null;
    const editing = inPlace ? inline.cell(prop, row) : null;
    if (editing) return editing;
    return cellText(row, prop, inPlace);
  };
  // The user's order, visibility and pinned edges (列设置) over the columns the caller may see.
  const [first, ...others] = applyColumnSettings(
    listColumns.map((c) => ({
      title: c.label,
      dataIndex: c.prop,
      key: c.prop,
      width: columnWidth(c.width) ?? 150,
      // A row edited in place shows whole widgets and their messages.
      ellipsis: !inPlace,
      render: cellOf(c.prop),
    })),
    columnSettings.columns,
  );
  const shownColumns = first
    ? [
        {
          ...first,
          // A group's head row names the group in the first column and nothing else.
          render: (value: unknown, row: RecordRow) =>
            isGroupRow(row)
              ? `${groupLabel}: ${String(row[groupField] ?? '') || t('noGroup')}`
              : cellOf(first.key)(value, row),
        },
        ...others,
      ]
    : [];
  const columns: ColumnsType<RecordRow> = [
    ...shownColumns,
    {
      title: t('actions'),
      key: 'actions',
      width: 160,
      render: (_: unknown, row: RecordRow) =>
        isGroupRow(row) ? null : inPlace && inline.editing === row.id ? (
          <Space size={0}>
            <Button type="link" size="small" loading={inline.saving} onClick={inline.save}>
              {t('save')}
            </Button>
            <Button type="link" size="small" onClick={inline.cancel}>
              {t('cancel')}
            </Button>
          </Space>
        ) : (
          <Space size={0}>
            {rowButtons.has('edit') && hasBtn('btn_edit') ? (
              <Button type="link" size="small" onClick={() => (inPlace ? inline.start(row.id) : void openForm(row.id))}>
                {t('edit')}
              </Button>
            ) : null}
            {rowButtons.has('remove') && hasBtn('btn_remove') ? (
              <Button type="link" size="small" danger onClick={() => remove([row.id])}>
                {t('remove')}
              </Button>
            ) : null}
            {rowButtons.has('detail') && hasBtn('btn_detail') ? (
              <Button type="link" size="small" onClick={() => void openDetail(row.id)}>
                {t('detail')}
              </Button>
            ) : null}
            {formPrintIds.length ? (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [{ key: 'print', label: printLabel }],
                  onClick: () => printer.print(formPrintIds, [row.id]),
                }}
              >
                <Button type="link" size="small">
                  {t('more')}
                </Button>
              </Dropdown>
            ) : null}
          </Space>
        ),
    },
  ];

  const search = columnList.searchList?.length ? (
    <Form
      form={searchForm}
      layout="inline"
      name={`visualdev-search-${modelId}`}
      onFinish={(values: Record<string, unknown>) => {
        setQueryJson(queryJsonOf(values));
        list.search({ queryJson: queryJsonOf(values) });
      }}
    >
      {columnList.searchList.map((s) => (
        <Form.Item key={s.prop} name={s.prop} label={s.label}>
          <SearchInput search={s} field={model.fields.get(s.prop)} store={optionStore} />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('search')}
          </Button>
          <Button
            onClick={() => {
              searchForm.resetFields();
              setQueryJson('');
              list.search({ queryJson: '' });
            }}
          >
            {t('reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  ) : null;

  const popupType = String(model.form.popupType ?? 'general');
  const width = (key: string, fallback: string) =>
    typeof model.form[key] === 'string' ? (model.form[key] as string) : fallback;
  const formBody = editing ? (
    <FormRenderer store={editing.store} mode={editing.kind === 'detail' ? 'detail' : 'edit'} />
  ) : null;
  const title =
    editing?.kind === 'detail' ? t('detail') : editing?.kind === 'form' && editing.id ? t('edit') : t('add');
  const footer: ReactNode =
    editing?.kind === 'detail' ? (
      <Space>
        {formPrintIds.length ? (
          <Button onClick={() => printer.print(formPrintIds, [editing.id])}>{printLabel}</Button>
        ) : null}
        <Button onClick={() => setEditing(null)}>{t('cancel')}</Button>
      </Space>
    ) : (
      <Space>
        <Button onClick={() => setEditing(null)}>{t('cancel')}</Button>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('ok')}
        </Button>
      </Space>
    );

  return (
    <>
      <ListPage
        side={
          panel ? (
            <TreeSide
              title={panel.title || String(model.fields.get(panel.relation)?.__config__.label ?? panel.relation)}
              nodes={tree.nodes}
              loading={tree.loading}
              selected={list.state.fixed.node}
              onSelect={(node) => list.setFixed({ node })}
            />
          ) : undefined
        }
        search={search}
        actions={
          <>
            {buttons.has('add') && hasBtn('btn_add') ? (
              <Button
                type="primary"
                // A form bound to a released flow is launched through it (its flowId names the template).
                onClick={() =>
                  void (config.data?.enableFlow === 1 && config.data.flowId
                    ? launch(config.data.flowId)
                    : inPlace
                      ? inline.start(null)
                      : openForm(null))
                }
              >
                {t('add')}
              </Button>
            ) : null}
            {buttons.has('upload') && hasBtn('btn_import') ? (
              <Button onClick={() => setImporting(true)}>{t('import')}</Button>
            ) : null}
            {buttons.has('download') && hasBtn('btn_export') ? (
              <Button onClick={() => void exportAll()}>{t('export')}</Button>
            ) : null}
            {buttons.has('batchPrint') && printIds.length ? (
              <Button
                onClick={() => (selected.length ? printer.print(printIds, selected) : toast.error(t('selectOne')))}
              >
                {batchPrintLabel || t('batchPrint')}
              </Button>
            ) : null}
            {buttons.has('batchRemove') && hasBtn('btn_remove') ? (
              <Button danger onClick={() => (selected.length ? remove(selected) : toast.error(t('selectOne')))}>
                {t('batchRemove')}
              </Button>
            ) : null}
          </>
        }
        tools={
          <>
            <RefreshButton onClick={list.refetch} loading={list.loading} />
            <ColumnSettingsTool settings={columnSettings} fixable />
          </>
        }
      >
        <ListTable<RecordRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={inPlace ? inline.rowsOf(list.rows) : list.rows}
          loading={list.loading}
          error={list.error}
          onRetry={list.refetch}
          // No select-all box: the table's hidden measuring row copies each column title, and a
          // check box there is a focusable control inside aria-hidden (axe: aria-hidden-focus).
          rowSelection={{
            selectedRowKeys: selected,
            hideSelectAll: true,
            checkStrictly: true,
            getCheckboxProps: (row) => ({ disabled: isGroupRow(row) || row.id === NEW_ROW }),
            onChange: (keys) => setSelected(keys.map(String)),
          }}
          scroll={{ x: 'max-content' }}
          {...(inPlace ? { onRow: inline.rowProps } : {})}
          {...(kind === 'grouped'
            ? {
                expandable: {
                  expandedRowKeys: openGroups(list.rows, closedGroups),
                  onExpand: (open: boolean, row: RecordRow) =>
                    setClosedGroups((now) => {
                      const next = new Set(now);
                      if (open) next.delete(row.id);
                      else next.add(row.id);
                      return next;
                    }),
                },
              }
            : {})}
          {...(model?.list.hasPage === false
            ? {}
            : {
                paging: {
                  currentPage: list.state.currentPage,
                  pageSize: sizeOf(list.state.pageSize),
                  total: list.total,
                  onChange: (currentPage: number, pageSize: number) => {
                    if (pageSize !== sizeOf(list.state.pageSize)) setSizePicked(true);
                    list.setPage(currentPage, pageSize);
                  },
                },
              })}
        />
      </ListPage>
      {popupType === 'drawer' ? (
        <Drawer
          open={!!editing}
          title={title}
          size={width('drawerWidth', '600px')}
          onClose={() => setEditing(null)}
          footer={footer}
          destroyOnHidden
        >
          {formBody}
        </Drawer>
      ) : (
        <Modal
          open={!!editing}
          title={title}
          width={popupType === 'fullScreen' ? width('fullScreenWidth', '100%') : width('generalWidth', '600px')}
          onCancel={() => setEditing(null)}
          footer={footer}
          destroyOnHidden
          centered={popupType === 'general'}
        >
          {formBody}
        </Modal>
      )}
      {confirmHolder}
      {chooser}
      {printer.dialog}
      <ImportWizard
        open={importing}
        api={importApi}
        onClose={(changed) => {
          setImporting(false);
          if (changed) list.refetch();
        }}
      />
    </>
  );
}
