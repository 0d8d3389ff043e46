import type { DataInterfaceRow } from '@platform/shared';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddAndImportButtons,
  CrudPage,
  useCrudList,
  useDictionaryCategory,
  useListQuery,
} from '../../../shared/components/index.ts';
import { dataInterfaceApi } from '../api.ts';
import { type DialogTarget, LogDialog, PreviewDialog, VariablesDialog } from '../components/DataInterfaceDialogs.tsx';
import { DataInterfaceForm } from '../components/DataInterfaceForm.tsx';

const initialSearch: { keyword: string; category?: string } = { keyword: '' };

/** 数据接口: the interfaces by category, with preview, variables, the call log, copy and the state switch. */
export default function DataInterfacePage() {
  const { t } = useTranslation('dataInterface');
  const category = useDictionaryCategory<DataInterfaceRow>({
    dictionary: 'DataInterfaceType',
    value: 'id',
    label: t('category'),
    placeholder: t('allCategories'),
  });
  const list = useListQuery<DataInterfaceRow, typeof initialSearch>({
    queryKey: ['dataInterface', 'list'],
    fetch: (params, signal) => dataInterfaceApi.list(params, signal),
    initialSearch,
  });
  const crud = useCrudList<DataInterfaceRow>(list);
  const [preview, setPreview] = useState<DialogTarget | null>(null);
  const [variables, setVariables] = useState<DialogTarget | null>(null);
  const [log, setLog] = useState<DialogTarget | null>(null);
  const columns: ColumnsType<DataInterfaceRow> = [
    { title: t('fullName'), dataIndex: 'fullName', key: 'fullName', width: 180 },
    { title: t('enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    category.column,
    {
      title: t('type'),
      dataIndex: 'type',
      key: 'type',
      width: 100,
      render: (type: number) => t(`types.${type}`),
    },
    crud.columns.creatorTime,
    crud.columns.sortCode,
    crud.columns.stateSwitch({ width: 90, toggle: (row) => dataInterfaceApi.toggleState(row.id) }),
    crud.columns.actions({
      width: 380,
      actions: (row) => [
        crud.edit({ id: row.id }),
        { key: 'preview', label: t('preview'), onClick: () => setPreview(row) },
        { key: 'variables', label: t('variables'), onClick: () => setVariables(row) },
        { key: 'log', label: t('log'), onClick: () => setLog(row) },
        crud.copy(t('copyQuestion'), () => dataInterfaceApi.copy(row.id)),
        crud.download(() => dataInterfaceApi.exportInterface(row.id)),
        crud.remove(() => dataInterfaceApi.remove(row.id)),
      ],
    }),
  ];
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      filters={category.filter}
      actions={
        <AddAndImportButtons
          onAdd={() => crud.open({})}
          accept=".bd"
          upload={dataInterfaceApi.importFile}
          onSaved={list.refetch}
        />
      }
    >
      <DataInterfaceForm {...crud.form} categories={category.options} />
      <PreviewDialog target={preview} onClose={() => setPreview(null)} />
      <VariablesDialog target={variables} onClose={() => setVariables(null)} />
      <LogDialog target={log} onClose={() => setLog(null)} />
    </CrudPage>
  );
}
