import type { BillRuleRow } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { CategoryCrudPage, useCategoryCrud } from '../../../shared/components/index.ts';
import { billRuleApi } from '../api.ts';
import { BillRuleForm } from '../components/BillRuleForm.tsx';

/** 单据规则: the code rules, searched by keyword and business category, with the state switch. */
export default function BillRulePage() {
  const { t } = useTranslation('billRule');
  const page = useCategoryCrud<BillRuleRow>({
    area: 'billRule',
    api: billRuleApi,
    t,
    dictionary: 'businessType',
    value: 'id',
    filterName: 'categoryId',
  });
  const { crud } = page;
  const columns = page.columns({
    nameWidth: 180,
    own: [{ title: t('outputNumber'), dataIndex: 'outputNumber', key: 'outputNumber', width: 200, ellipsis: true }],
    actions: crud.columns.actions({
      width: 170,
      actions: (row) => [
        crud.edit({ id: row.id }),
        crud.remove(() => billRuleApi.remove(row.id)),
        crud.download(() => billRuleApi.exportFile(row.id)),
      ],
    }),
  });
  return (
    <CategoryCrudPage page={page} columns={columns} accept=".bb">
      <BillRuleForm {...crud.form} categories={page.category.options} />
    </CategoryCrudPage>
  );
}
