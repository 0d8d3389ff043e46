import type { BillRuleInput, BillRuleQuery, BillRuleRow, Envelope } from '@platform/shared';
import { crudApi } from '../../shared/api/crud-api.ts';
import { http } from '../../shared/api/http.ts';

const base = '/api/system/BillRule';

/** admin.md §7 "Code rules". */
export const billRuleApi = {
  ...crudApi<BillRuleRow, BillRuleInput, BillRuleQuery>(base),
  /** The rule as a `.bb` file: where it downloads from. */
  exportRule: (id: string) => http.get<{ url: string }>(`${base}/${id}/Actions/Export`),
  /** A `.bb` file; `type` 0 skips a rule whose code exists, 1 adds it with a suffix. */
  importFile: (file: File, type: 0 | 1) => {
    const form = new FormData();
    form.append('file', file);
    form.append('type', String(type));
    return http.postMultipart<Envelope<{ id: string; skipped: boolean }>>(`${base}/Actions/Import`, form, {
      envelope: true,
    });
  },
};
