import { isFormDrill, type ReportDrill } from '../schemas/report.ts';
import { type ReportValue, reportValueOf } from './report-values.ts';

/** Where a clicked cell leads: a report and its parameter values, or a form and its fields' values. */
export type ReportOutputDrill =
  | { reportId: string; parameters: Record<string, ReportValue> }
  | { target: 'form'; formId: string; values: Record<string, ReportValue> };

/**
 * A drill-through with the clicked row's values: a report's parameters, or the values a form's
 * fields must equal for its records to be listed.
 */
export function drillOf(drill: ReportDrill, record: Record<string, unknown>): ReportOutputDrill {
  const values = (pairs: { name: string; field: string }[]) =>
    Object.fromEntries(pairs.map((p) => [p.name, reportValueOf(record[p.field])]));
  return isFormDrill(drill)
    ? { target: 'form', formId: drill.formId, values: values(drill.fields) }
    : { reportId: drill.reportId, parameters: values(drill.parameters) };
}
