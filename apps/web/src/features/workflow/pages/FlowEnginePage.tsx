import Form from 'antd/es/form';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionaryOptions } from '../../../shared/api/dictionaries.ts';
import { AddAndImportButtons, CrudPage, fieldColumn, useCrudQuery } from '../../../shared/components/index.ts';
import { templateApi } from '../api.ts';
import { VersionsDialog } from '../components/VersionsDialog.tsx';
import type { FlowTemplateRow } from '../wire.ts';

/** The designer: its own chunk, loaded when a template is designed. */
const FlowDesigner = lazy(() => import('../designer/FlowDesigner.tsx'));

const initialSearch: { keyword: string; category?: string; type?: 0 | 1; enabledMark?: 0 | 1 } = { keyword: '' };

/** 流程设计 (workFlow/flowEngine): the templates, filtered by category, kind and state; 设计 opens the designer. */
export default function FlowEnginePage() {
  const { t } = useTranslation('workflow');
  const categories = useDictionaryOptions('WorkFlowCategory', 'id');
  const categoryName = useMemo(() => new Map(categories.options.map((o) => [o.value, o.label])), [categories.options]);
  const [designing, setDesigning] = useState<{ id: string | null } | null>(null);
  const [versions, setVersions] = useState<FlowTemplateRow | null>(null);
  const crud = useCrudQuery({ queryKey: ['workflow', 'templates'], fetch: templateApi.list, initialSearch });
  const columns: ColumnsType<FlowTemplateRow> = [
    fieldColumn('fullName', t('fullName'), { width: 200 }),
    fieldColumn('enCode', t('enCode'), { width: 160 }),
    fieldColumn('category', t('category'), { width: 120, render: (id: string) => categoryName.get(id) ?? id }),
    fieldColumn('type', t('type'), {
      width: 100,
      render: (type: number) => t(`types.${type}`, { defaultValue: String(type) }),
    }),
    crud.columns.creatorTime,
    crud.columns.sortCode,
    fieldColumn('enabledMark', t('state'), {
      width: 90,
      align: 'center',
      render: (value: number) => (
        <Tag color={value === 1 ? 'success' : 'default'}>{t(value === 1 ? 'released' : 'stopped')}</Tag>
      ),
    }),
    crud.columns.actions({
      width: 380,
      actions: (row) => [
        { key: 'design', label: t('design'), button: 'btn_edit', onClick: () => setDesigning({ id: row.id }) },
        row.enabledMark === 1
          ? {
              key: 'stop',
              label: t('stop'),
              button: 'btn_edit',
              onClick: () => crud.act({ text: t('stopQuestion') }, () => templateApi.stop(row.id)),
            }
          : {
              key: 'release',
              label: t('release'),
              button: 'btn_edit',
              onClick: () => crud.act({ text: t('releaseQuestion') }, () => templateApi.release(row.id)),
            },
        { key: 'versions', label: t('versions.title'), onClick: () => setVersions(row) },
        crud.copy(t('copyQuestion'), () => templateApi.copy(row.id)),
        crud.remove(() => templateApi.remove(row.id)),
        crud.download(() => templateApi.exportFile(row.id)),
      ],
    }),
  ];
  if (designing) {
    return (
      <Suspense fallback={<Spin className="shell-page-loading" />}>
        <FlowDesigner
          templateId={designing.id}
          onClose={() => {
            setDesigning(null);
            crud.list.refetch();
          }}
        />
      </Suspense>
    );
  }
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      filters={
        <>
          <Form.Item name="category" label={t('category')}>
            <Select allowClear style={{ width: 150 }} options={categories.options} placeholder={t('all')} />
          </Form.Item>
          <Form.Item name="type" label={t('type')}>
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('all')}
              options={[0, 1].map((k) => ({ value: k, label: t(`types.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="enabledMark" label={t('state')}>
            <Select
              allowClear
              style={{ width: 110 }}
              placeholder={t('all')}
              options={[
                { value: 1, label: t('released') },
                { value: 0, label: t('stopped') },
              ]}
            />
          </Form.Item>
        </>
      }
      actions={
        <AddAndImportButtons
          onAdd={() => setDesigning({ id: null })}
          accept=".ffe"
          upload={templateApi.importFile}
          onSaved={crud.list.refetch}
        />
      }
    >
      <VersionsDialog template={versions} onClose={() => setVersions(null)} />
    </CrudPage>
  );
}
