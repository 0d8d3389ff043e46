import type { PrintDevRow } from '@platform/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryCrudPage, useCategoryCrud } from '../../../shared/components/index.ts';
import { printDevApi } from '../api.ts';
import { PreviewRecordDialog } from '../components/PreviewRecordDialog.tsx';
import { PrintDevForm } from '../components/PrintDevForm.tsx';
import { usePrintDialog } from '../components/PrintDialog.tsx';
import { PrintLogDialog } from '../components/PrintLogDialog.tsx';

/** 打印模板: the templates by category (a printDev entry's code), with copy, export, import and the state switch. */
export default function PrintDevPage() {
  const { t } = useTranslation('printDev');
  const page = useCategoryCrud<PrintDevRow>({
    area: 'printDev',
    api: printDevApi,
    t,
    dictionary: 'printDev',
    value: 'enCode',
  });
  const { crud } = page;
  const [log, setLog] = useState<PrintDevRow | null>(null);
  const [previewing, setPreviewing] = useState<PrintDevRow | null>(null);
  const printer = usePrintDialog();
  const columns = page.columns({
    nameWidth: 200,
    own: [
      {
        title: t('type'),
        dataIndex: 'type',
        key: 'type',
        width: 100,
        render: (type: number) => t(`types.${type}`, { defaultValue: String(type) }),
      },
    ],
    actions: crud.columns.actions({
      width: 340,
      actions: (row) => [
        crud.edit({ id: row.id }),
        crud.copy(t('copyQuestion'), () => printDevApi.copy(row.id)),
        { key: 'preview', label: t('previewRecord.action'), onClick: () => setPreviewing(row) },
        { key: 'log', label: t('log.title'), onClick: () => setLog(row) },
        crud.download(() => printDevApi.exportFile(row.id)),
        crud.remove(() => printDevApi.remove(row.id)),
      ],
    }),
  });
  return (
    <CategoryCrudPage page={page} columns={columns} accept=".bp">
      <PrintDevForm {...crud.form} categories={page.category.options} />
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
    </CategoryCrudPage>
  );
}
