import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { printTemplateIds } from '../../../printDev/index.ts';
import type { RecordModel, RecordPage } from './useRecordPage.ts';

/** The list's buttons (btnsList) the caller may use: add or launch, import, export, batch print and remove. */
export function RecordToolbar({
  page,
  model,
  onExport,
}: {
  page: RecordPage;
  model: RecordModel;
  onExport: () => void;
}) {
  const { t } = useTranslation('visualdev');
  const { list } = model;
  const { hasBtn } = page;
  const buttons = new Set(
    (list.btnsList ?? [{ value: 'add' }, { value: 'download' }, { value: 'batchRemove' }]).map((b) => b.value),
  );
  // The batch-print button offers the templates the list names (columnData.printIds).
  const printIds = printTemplateIds(list.printIds);
  const batchPrintLabel = list.btnsList?.find((b) => b.value === 'batchPrint')?.label;
  return (
    <>
      {buttons.has('add') && hasBtn('btn_add') ? (
        <Button type="primary" onClick={page.add}>
          {t('add')}
        </Button>
      ) : null}
      {buttons.has('upload') && hasBtn('btn_import') ? <Button onClick={page.openImport}>{t('import')}</Button> : null}
      {buttons.has('download') && hasBtn('btn_export') ? <Button onClick={onExport}>{t('export')}</Button> : null}
      {buttons.has('batchPrint') && printIds.length ? (
        <Button onClick={() => page.batchPrint(printIds)}>{batchPrintLabel || t('batchPrint')}</Button>
      ) : null}
      {buttons.has('batchRemove') && hasBtn('btn_remove') ? (
        <Button danger onClick={page.batchRemove}>
          {t('batchRemove')}
        </Button>
      ) : null}
    </>
  );
}
