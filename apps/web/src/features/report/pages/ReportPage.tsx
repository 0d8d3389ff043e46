import { REPORT_CATEGORY_DICTIONARY, type ReportRow } from '@platform/shared';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import type { MenuProps } from 'antd/es/menu';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddAndImportButtons,
  type Crud,
  CrudPage,
  fieldColumn,
  type RowAction,
  useComponentsTranslation,
  useConfirm,
  useCrudQuery,
  useDictionaryCategory,
  useExportTask,
} from '../../../shared/components/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { Auth, usePermission } from '../../../shared/shell/permission.tsx';
import { reportApi } from '../api.ts';
import { ReportForm } from '../components/ReportForm.tsx';
import { ReportFromFormDialog } from '../components/ReportFromFormDialog.tsx';

/** The report designer: its own chunk, loaded when a report is designed (the list stays light). */
const ReportDesigner = lazy(() => import('../designer/ReportDesigner.tsx'));

type ReportSearch = { keyword: string; category?: string; enabledMark?: 0 | 1 };
const initialSearch: ReportSearch = { keyword: '' };

/**
 * 报表设计: the report definitions by category (a ReportSort entry), as the 3.6 client's report list
 * shows them, with copy, export, the state switch and import under their own questions. 设计 opens
 * the designer full screen, as does saving a new report's basic fields.
 */
export default function ReportPage() {
  const { t } = useTranslation('report');
  const [designing, setDesigning] = useState<string | null>(null);
  /** 从表单生成 is open. */
  const [making, setMaking] = useState(false);
  const { t: c } = useComponentsTranslation();
  const category = useDictionaryCategory<ReportRow>({
    dictionary: REPORT_CATEGORY_DICTIONARY,
    value: 'id',
    label: t('category'),
    placeholder: t('allCategories'),
  });
  const crud = useCrudQuery({ queryKey: ['report', 'list'], fetch: reportApi.list, initialSearch });
  const more = useMoreActions(crud);
  // The widths add up to what a 1440 px screen shows beside the menu, 状态 not hidden under 操作.
  const columns: ColumnsType<ReportRow> = [
    fieldColumn('fullName', t('fullName'), { width: 140, ellipsis: true }),
    fieldColumn('enCode', t('enCode'), { width: 130, ellipsis: true }),
    // A row names its entry by id (`categoryId`), where the shared column reads `category`.
    { ...category.column, dataIndex: 'categoryId', key: 'categoryId', width: 100 },
    fieldColumn('creatorUser', t('creatorUser'), { width: 120, ellipsis: true }),
    { ...crud.columns.creatorTime, width: 160 },
    fieldColumn('lastModifyTime', t('lastModifyTime'), { width: 160, render: formatDateTime }),
    crud.columns.sortCode,
    crud.columns.state,
    crud.columns.actions({
      width: 220,
      actions: (row) => [
        { key: 'design', label: t('designer.design'), button: 'btn_edit', onClick: () => setDesigning(row.id) },
        crud.edit({ id: row.id }),
        crud.remove(() => reportApi.remove(row.id)),
      ],
      more: (row) => ({ items: more.items(row) }),
    }),
  ];
  if (designing) {
    return (
      <Suspense fallback={<Spin className="shell-page-loading" />}>
        <ReportDesigner
          reportId={designing}
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
          {category.filter}
          <Form.Item name="enabledMark" label={c('fields.enabledMark')}>
            <Select
              allowClear
              placeholder={t('allStates')}
              style={{ width: 120 }}
              options={[
                { value: 1, label: c('enabled') },
                { value: 0, label: c('disabled') },
              ]}
            />
          </Form.Item>
        </>
      }
      actions={
        <>
          <AddAndImportButtons
            onAdd={() => crud.open({})}
            accept=".json"
            upload={reportApi.importFile}
            onSaved={crud.list.refetch}
          />
          <Auth button="btn_add">
            <Button onClick={() => setMaking(true)}>{t('fromForm.open')}</Button>
          </Auth>
        </>
      }
    >
      {more.holder}
      <ReportForm {...crud.form} categories={category.options} onCreated={setDesigning} />
      <ReportFromFormDialog
        open={making}
        categories={category.options}
        onClose={() => setMaking(false)}
        onCreated={(id) => {
          setMaking(false);
          void crud.list.refetch();
          setDesigning(id);
        }}
      />
    </CrudPage>
  );
}

/**
 * A row's 更多: 复制, 导出 and 启用 / 禁用, each asking the report list's own question; an entry
 * needing a button the user lacks is left out.
 */
function useMoreActions({ act, copy }: Pick<Crud<ReportRow, { id?: string }>, 'act' | 'copy'>) {
  const { t } = useTranslation('report');
  const { t: c } = useComponentsTranslation();
  const permission = usePermission();
  // The kit's 导出 (crud.download) asks the generic export question; the report list asks its own.
  const [confirm, holder] = useConfirm();
  const exportTask = useExportTask();
  const items = (row: ReportRow): NonNullable<MenuProps['items']> => {
    const enabled = row.enabledMark === 1;
    const actions: RowAction[] = [
      copy(t('copyQuestion'), () => reportApi.copy(row.id)),
      {
        key: 'export',
        label: c('buttons.export'),
        onClick: () => confirm.text(t('exportQuestion'), () => exportTask(() => reportApi.exportFile(row.id))),
      },
      {
        key: 'state',
        label: enabled ? c('buttons.disable') : c('buttons.enable'),
        button: 'btn_edit',
        onClick: () =>
          act({ text: enabled ? t('disableQuestion') : t('enableQuestion') }, () => reportApi.toggleState(row.id)),
      },
    ];
    return actions
      .filter((action) => !action.button || permission.hasBtn(action.button))
      .map(({ key, label, onClick }) => ({ key, label, onClick }));
  };
  return { items, holder };
}
