import type { PrintDevRow } from '@platform/shared';
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
import { printDevApi } from '../api.ts';
import { PreviewRecordDialog } from '../components/PreviewRecordDialog.tsx';
import { PrintDevForm } from '../components/PrintDevForm.tsx';
import { usePrintDialog } from '../components/PrintDialog.tsx';
import { PrintLogDialog } from '../components/PrintLogDialog.tsx';

const initialSearch: { keyword: string; category?: string } = { keyword: '' };

/** 打印模板: the templates by category (a printDev entry's code), with copy, export, import and the state switch. */
export default function PrintDevPage() {
  const { t } = useTranslation('printDev');
  const category = useDictionaryCategory<PrintDevRow>({
    dictionary: 'printDev',
    value: 'enCode',
    label: t('category'),
    placeholder: t('allCategories'),
  });
  const list = useListQuery<PrintDevRow, typeof initialSearch>({
    queryKey: ['printDev', 'list'],
    fetch: (params, signal) => printDevApi.list(params, signal),
    initialSearch,
  });
  const crud = useCrudList<PrintDevRow>(list);
  const [log, setLog] = useState<PrintDevRow | null>(null);
  const [previewing, setPreviewing] = useState<PrintDevRow | null>(null);
  const printer = usePrintDialog();
  const columns: ColumnsType<PrintDevRow> = [
    { title: t('fullName'), dataIndex: 'fullName', key: 'fullName', width: 200 },
    { title: t('enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    category.column,
    {
      title: t('type'),
      dataIndex: 'type',
      key: 'type',
      width: 100,
      render: (type: number) => t(`types.${type}`, { defaultValue: String(type) }),
    },
    crud.columns.creatorTime,
    crud.columns.sortCode,
    crud.columns.stateSwitch({ width: 90, toggle: (row) => printDevApi.toggleState(row.id) }),
    crud.columns.actions({
      width: 340,
      actions: (row) => [
        crud.edit({ id: row.id }),
        crud.copy(t('copyQuestion'), () => printDevApi.copy(row.id)),
        { key: 'preview', label: t('previewRecord.action'), onClick: () => setPreviewing(row) },
        { key: 'log', label: t('log.title'), onClick: () => setLog(row) },
        crud.download(() => printDevApi.exportTemplate(row.id)),
        crud.remove(() => printDevApi.remove(row.id)),
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
          accept=".bp"
          upload={printDevApi.importFile}
          onSaved={list.refetch}
        />
      }
    >
      <PrintDevForm {...crud.form} categories={category.options} />
      <PrintLogDialog target={log} onClose={() => setLog(null)} />
      <PreviewRecordDialog
        template={previewing}
        onClose={() => setPreviewing(null)}
        onChoose={(recordId) => {
          if (previewing) printer.print([previewing.id], [recordId]);
          setPreviewing(null);
        }}
      />
      {printer.dialog}
    </CrudPage>
  );
}
