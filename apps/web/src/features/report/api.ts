import type { Envelope, ReportImportResult, ReportInfo, ReportInput, ReportQuery, ReportRow } from '@platform/shared';
import { crudApi, transferApi } from '../../shared/api/crud-api.ts';
import { http } from '../../shared/api/http.ts';

/** The report server's base, as the 3.6 client's report menus call it. */
const base = '/api/ReportServer/Data';

/** Report definitions (报表设计, issue 39): the list, one definition, copy, the state switch and the .json files. */
export const reportApi = {
  ...crudApi<ReportRow, ReportInput, ReportQuery, ReportInfo>(base),
  ...transferApi<ReportImportResult>(base),
  copy: (id: string) => http.post<Envelope<null>>(`${base}/${id}/Actions/Copy`, undefined, { envelope: true }),
};
