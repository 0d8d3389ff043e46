import type { DataInterfaceRow } from '@platform/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryCrudPage, useCategoryCrud } from '../../../shared/components/index.ts';
import { dataInterfaceApi } from '../api.ts';
import { type DialogTarget, LogDialog, PreviewDialog, VariablesDialog } from '../components/DataInterfaceDialogs.tsx';
import { DataInterfaceForm } from '../components/DataInterfaceForm.tsx';

/** 数据接口: the interfaces by category, with preview, variables, the call log, copy and the state switch. */
export default function DataInterfacePage() {
  const { t } = useTranslation('dataInterface');
  const page = useCategoryCrud<DataInterfaceRow>({
    area: 'dataInterface',
    api: dataInterfaceApi,
    t,
    dictionary: 'DataInterfaceType',
    value: 'id',
  });
  const { crud } = page;
  const [preview, setPreview] = useState<DialogTarget | null>(null);
  const [variables, setVariables] = useState<DialogTarget | null>(null);
  const [log, setLog] = useState<DialogTarget | null>(null);
  const columns = page.columns({
    nameWidth: 180,
    own: [
      { title: t('type'), dataIndex: 'type', key: 'type', width: 100, render: (type: number) => t(`types.${type}`) },
    ],
    actions: crud.columns.actions({
      width: 380,
      actions: (row) => [
        crud.edit({ id: row.id }),
        { key: 'preview', label: t('preview'), onClick: () => setPreview(row) },
        { key: 'variables', label: t('variables'), onClick: () => setVariables(row) },
        { key: 'log', label: t('log'), onClick: () => setLog(row) },
        crud.copy(t('copyQuestion'), () => dataInterfaceApi.copy(row.id)),
        crud.download(() => dataInterfaceApi.exportFile(row.id)),
        crud.remove(() => dataInterfaceApi.remove(row.id)),
      ],
    }),
  });
  return (
    <CategoryCrudPage page={page} columns={columns} accept=".bd">
      <DataInterfaceForm {...crud.form} categories={page.category.options} />
      <PreviewDialog target={preview} onClose={() => setPreview(null)} />
      <VariablesDialog target={variables} onClose={() => setVariables(null)} />
      <LogDialog target={log} onClose={() => setLog(null)} />
    </CategoryCrudPage>
  );
}
