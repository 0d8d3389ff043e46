import type { BillRuleRow } from '@platform/shared';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  AddAndImportButtons,
  CrudPage,
  useCrudList,
  useDictionaryCategory,
  useListQuery,
} from '../../../shared/components/index.ts';
import { billRuleApi } from '../api.ts';
import { BillRuleForm } from '../components/BillRuleForm.tsx';

const initialSearch: { keyword: string; categoryId?: string } = { keyword: '' };

/** 单据规则: the code rules, searched by keyword and business category, with the state switch. */
export default function BillRulePage() {
  const { t } = useTranslation('billRule');
  const category = useDictionaryCategory<BillRuleRow>({
    dictionary: 'businessType',
    value: 'id',
    filterName: 'categoryId',
    label: t('category'),
    placeholder: t('allCategories'),
  });
  const list = useListQuery<BillRuleRow, typeof initialSearch>({
    queryKey: ['billRule', 'list'],
    fetch: (params, signal) => billRuleApi.list(params, signal),
    initialSearch,
  });
  const crud = useCrudList<BillRuleRow>(list);
  const columns: ColumnsType<BillRuleRow> = [
    { title: t('fullName'), dataIndex: 'fullName', key: 'fullName', width: 180 },
    { title: t('enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    category.column,
    { title: t('outputNumber'), dataIndex: 'outputNumber', key: 'outputNumber', width: 200, ellipsis: true },
    crud.columns.creatorTime,
    crud.columns.sortCode,
    crud.columns.stateSwitch({ width: 90, toggle: (row) => billRuleApi.toggleState(row.id) }),
    crud.columns.actions({
      width: 170,
      actions: (row) => [
        crud.edit({ id: row.id }),
        crud.remove(() => billRuleApi.remove(row.id)),
        crud.download(() => billRuleApi.exportRule(row.id)),
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
          accept=".bb"
          upload={billRuleApi.importFile}
          onSaved={list.refetch}
        />
      }
    >
      <BillRuleForm {...crud.form} categories={category.options} />
    </CrudPage>
  );
}
