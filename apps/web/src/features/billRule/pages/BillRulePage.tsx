import type { BillRuleRow } from '@platform/shared';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionaryOptions } from '../../../shared/api/dictionaries.ts';
import {
  AddButton,
  CrudPage,
  DictionaryFilter,
  ImportButton,
  useCrudList,
  useListQuery,
} from '../../../shared/components/index.ts';
import { billRuleApi } from '../api.ts';
import { BillRuleForm } from '../components/BillRuleForm.tsx';

const initialSearch: { keyword: string; categoryId?: string } = { keyword: '' };

/** 单据规则: the code rules, searched by keyword and business category, with the state switch. */
export default function BillRulePage() {
  const { t } = useTranslation('billRule');
  const categories = useDictionaryOptions('businessType', 'id');
  const categoryName = useMemo(
    () => new Map(categories.options.map((option) => [option.value, option.label])),
    [categories.options],
  );
  const list = useListQuery<BillRuleRow, typeof initialSearch>({
    queryKey: ['billRule', 'list'],
    fetch: (params, signal) => billRuleApi.list(params, signal),
    initialSearch,
  });
  const crud = useCrudList<BillRuleRow>(list);
  const columns: ColumnsType<BillRuleRow> = [
    { title: t('fullName'), dataIndex: 'fullName', key: 'fullName', width: 180 },
    { title: t('enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    {
      title: t('category'),
      dataIndex: 'category',
      key: 'category',
      width: 120,
      render: (id: string) => categoryName.get(id) ?? id,
    },
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
      filters={
        <DictionaryFilter
          name="categoryId"
          label={t('category')}
          placeholder={t('allCategories')}
          dictionary="businessType"
          value="id"
          width={160}
        />
      }
      actions={
        <>
          <AddButton onClick={() => crud.open({})} />
          <ImportButton accept=".bb" upload={billRuleApi.importFile} onSaved={list.refetch} />
        </>
      }
    >
      <BillRuleForm {...crud.form} categories={categories.options} />
    </CrudPage>
  );
}
