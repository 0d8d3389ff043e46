import {
  type ColumnDefinition,
  type FormDefinition,
  type FormField,
  permissionKeysByName,
  treePanelOf,
  valueFields,
} from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../../shared/components/confirm.tsx';
import { useSuccessToast } from '../../../../shared/components/FormDialog.tsx';
import { sheetImportApi } from '../../../../shared/components/import/index.ts';
import { useColumnSettings, useExportTask, useListQuery } from '../../../../shared/components/index.ts';
import { FormStore } from '../../../../shared/form-engine/index.ts';
import { usePermission } from '../../../../shared/shell/permission.tsx';
import { useToast } from '../../../../shared/toast.tsx';
import { printTemplateIds, usePrintDialog } from '../../../printDev/index.ts';
import { useFlowLaunch } from '../../../workflow/index.ts';
import { type RecordRow, recordsBase, visualdevApi } from '../../api.ts';
import { fixedSearch, listKind, pageSizeOf, withFixedSearch, withTreeFilter } from '../../record-list.ts';
import { useTreePanel } from '../../tree-panel.ts';
import { useInlineEdit } from '../inline-edit.tsx';

export interface RecordModel {
  form: FormDefinition;
  list: ColumnDefinition;
  fields: Map<string, FormField>;
}

export type Editing =
  | { kind: 'form'; id: string | null; store: FormStore }
  | { kind: 'detail'; id: string; store: FormStore }
  | null;

const emptyFields: ReadonlyMap<string, FormField> = new Map();

function parseModel(formData: string, columnData: string): RecordModel {
  const form = JSON.parse(formData || '{"fields":[]}') as FormDefinition;
  const list = JSON.parse(columnData || '{}') as ColumnDefinition;
  const fields = new Map(valueFields(form.fields ?? []).map((f) => [f.__vModel__ ?? '', f]));
  return { form, list, fields };
}

/** The search form's values as the list's queryJson: dates as milliseconds, empty values left out. */
export function queryJsonOf(values: Record<string, unknown>): string {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    out[key] = Array.isArray(value)
      ? value.map((v) => (v && typeof v === 'object' && 'valueOf' in v ? (v as Dayjs).valueOf() : v))
      : value;
  }
  return Object.keys(out).length ? JSON.stringify(out) : '';
}

/**
 * How a list is held other than by its menu page: `fixed` field values every call carries (a
 * report's drill-through), and `silent` calls whose refusal the caller shows in place.
 */
export interface RecordPageOptions {
  fixed?: Readonly<Record<string, unknown>>;
  silent?: boolean;
}

const noFixed: Readonly<Record<string, unknown>> = {};

/**
 * The released model of a menu and its list: the configuration, the tree beside the list, the list
 * query with its search and paging, and the columns the caller may see (permission, column settings).
 */
function useRecordList(modelId: string, menuId: string, options: RecordPageOptions) {
  const fixedValues = options.fixed ?? noFixed;
  const permission = usePermission();
  const [queryJson, setQueryJson] = useState('');
  const config = useQuery({
    queryKey: ['visualdev', 'config', modelId, menuId],
    queryFn: () => visualdevApi.config(modelId, menuId, options.silent),
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
  const fixed = useMemo(() => (model ? fixedSearch(model.list, fixedValues) : noFixed), [model, fixedValues]);
  const filtered = (query: string, node: string | undefined) =>
    withTreeFilter(withFixedSearch(query, fixed), panel?.relation, node ? tree.valuesOf(node) : []);
  // The designed page size (or no paging) until the person picks a size in the pager.
  const [sizePicked, setSizePicked] = useState(false);
  const sizeOf = (chosen: number) => (model ? pageSizeOf(model.list, chosen, sizePicked) : chosen);
  const list = useListQuery<RecordRow, { queryJson: string }, { node?: string }>({
    queryKey: ['visualdev', 'records', modelId, menuId, sizePicked, fixed],
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
  const search = (values: Record<string, unknown>) => {
    setQueryJson(queryJsonOf(values));
    list.search({ queryJson: queryJsonOf(values) });
  };
  const pageSize = sizeOf(list.state.pageSize);
  const setPage = (currentPage: number, size: number) => {
    if (size !== pageSize) setSizePicked(true);
    list.setPage(currentPage, size);
  };
  /** The list's current search with the tree's filter, as the export sends it. */
  const currentQuery = () => filtered(queryJson, list.state.fixed.node);
  return {
    config,
    model,
    optionStore,
    panel,
    tree,
    list,
    listColumns,
    columnSettings,
    search,
    pageSize,
    setPage,
    currentQuery,
  };
}

/**
 * A generated list page's state and calls (shell.md 2.3): the list, the record open in the form or
 * the detail viewer, saving and removing, import, export, print and the rights of its buttons.
 */
export function useRecordPage(modelId: string, menuId: string, options: RecordPageOptions = {}) {
  const { t } = useTranslation('visualdev');
  const permission = usePermission();
  const toast = useToast();
  const success = useSuccessToast();
  const [confirm, confirmHolder] = useConfirm();
  const printer = usePrintDialog();
  const { launch, chooser } = useFlowLaunch();
  const records = useRecordList(modelId, menuId, options);
  const { config, model, list } = records;
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [saving, setSaving] = useState(false);
  const [importing, setImporting] = useState(false);
  const [closedGroups, setClosedGroups] = useState<ReadonlySet<string>>(new Set());
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
    shown: records.listColumns.map((c) => c.prop),
    onSaved: (answer) => {
      success(answer);
      list.refetch();
    },
  });
  const exportTask = useExportTask();
  const inPlace = !!model && listKind(model.list) === 'inline';
  const hasBtn = (code: string) => !model?.list.useBtnPermission || permission.hasBtn(code);
  // A record's detail and its row print with the form's own templates (表单属性: hasPrintBtn, printId).
  const formPrintIds = model?.form.hasPrintBtn ? printTemplateIds(model.form.printId) : [];
  const printLabel = String(model?.form.printButtonText || t('print'));

  const valuesOf = async (id: string) =>
    JSON.parse((await visualdevApi.info(modelId, id, menuId)).data) as Record<string, unknown>;
  const openForm = async (id: string | null) => {
    if (!model) return;
    const values = id ? await valuesOf(id) : {};
    setEditing({ kind: 'form', id, store: new FormStore(model.form, values) });
  };
  const openDetail = async (id: string) => {
    if (!model) return;
    const values = await valuesOf(id);
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
  // A form bound to a released flow is launched through it (its flowId names the template).
  const add = () =>
    void (config.data?.enableFlow === 1 && config.data.flowId
      ? launch(config.data.flowId)
      : inPlace
        ? inline.start(null)
        : openForm(null));
  const edit = (id: string) => (inPlace ? void inline.start(id) : void openForm(id));
  const remove = (ids: string[]) =>
    confirm('delete', async () => {
      success(await visualdevApi.remove(modelId, ids, menuId));
      setSelected([]);
      list.refetch();
    });
  /** Exports every record of the current search, with the columns the person sees (selectKey). */
  const exportAll = (selectKey: string[]) =>
    exportTask(() =>
      visualdevApi.exportData(modelId, { menuId, queryJson: records.currentQuery(), dataType: 1, selectKey }),
    );
  const toggleGroup = (open: boolean, groupId: string) =>
    setClosedGroups((now) => {
      const next = new Set(now);
      if (open) next.delete(groupId);
      else next.add(groupId);
      return next;
    });
  const closeImport = (changed: boolean) => {
    setImporting(false);
    if (changed) list.refetch();
  };
  return {
    ...records,
    importApi,
    inline,
    inPlace,
    hasBtn,
    printer,
    formPrint: { ids: formPrintIds, label: printLabel },
    selected,
    setSelected,
    editing,
    close: () => setEditing(null),
    saving,
    importing,
    openImport: () => setImporting(true),
    closeImport,
    closedGroups,
    toggleGroup,
    add,
    edit,
    openDetail,
    save,
    remove,
    batchRemove: () => {
      if (selected.length) remove(selected);
      else toast.error(t('selectOne'));
    },
    batchPrint: (printIds: string[]) => {
      if (selected.length) printer.print(printIds, selected);
      else toast.error(t('selectOne'));
    },
    exportAll,
    confirmHolder,
    chooser,
  };
}

export type RecordPage = ReturnType<typeof useRecordPage>;
