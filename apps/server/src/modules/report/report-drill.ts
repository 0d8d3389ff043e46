import { columnName, isFormDrill, type ReportLayout, valueFields } from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { FormDefinitionService, ReleasedDefinition } from '../visualdev/visualdev.service.ts';

/**
 * Refuses (400) a sheet whose form drill-throughs lead nowhere: each names a released form, and
 * each of its mapped fields is a field of that form's main table, so a click filters by real
 * fields. The message names the cell (`B3`), and the form or field.
 */
export async function requireKnownDrillForms(layout: ReportLayout, forms: FormDefinitionService): Promise<void> {
  const released = new Map<string, ReleasedDefinition | null>();
  const formOf = async (formId: string) => {
    if (!released.has(formId))
      released.set(
        formId,
        await forms.releasedVersion(formId).catch((error: unknown) => {
          if (error instanceof NotFoundError) return null;
          throw error;
        }),
      );
    return released.get(formId) ?? null;
  };
  for (const [row, sheetRow] of (layout.rows ?? []).entries())
    for (const [col, cell] of sheetRow.cells.entries()) {
      const drill = cell?.drill;
      if (!drill || !isFormDrill(drill)) continue;
      const address = `${columnName(col)}${row + 1}`;
      const form = await formOf(drill.formId);
      if (!form) throw new BusinessError('report.drillForm.formUnknown', { cell: address, id: drill.formId });
      const names = new Set(valueFields(form.form.fields ?? []).map((f) => f.__vModel__ ?? ''));
      const stored = new Set(form.plan.columns.filter((c) => !c.retired).map((c) => c.field));
      for (const pair of drill.fields)
        if (!names.has(pair.name) || !stored.has(pair.name))
          throw new BusinessError('report.drillForm.fieldUnknown', {
            cell: address,
            form: form.fullName,
            name: pair.name,
          });
    }
}
