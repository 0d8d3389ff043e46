import type { BillRuleInput, BillRuleQuery, BillRuleRow, BillRuleSelectorRow, PageData } from '@platform/shared';
import { crudApi, transferApi } from '../../shared/api/crud-api.ts';
import { http } from '../../shared/api/http.ts';

const base = '/api/system/BillRule';

/** admin.md §7 "Code rules". */
export const billRuleApi = {
  ...crudApi<BillRuleRow, BillRuleInput, BillRuleQuery>(base),
  ...transferApi(base),
  /** The enabled rules of a category (all when none), by keyword, 20 a page, newest first: the template picker's list. */
  selector: (query: { keyword: string; currentPage: number; categoryId?: string | undefined }) =>
    http.get<PageData<BillRuleSelectorRow>>(`${base}/Selector`, { ...query, pageSize: 20, sort: 'desc' }),
};
