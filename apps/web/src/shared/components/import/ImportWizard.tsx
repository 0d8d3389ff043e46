import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Steps from 'antd/es/steps';
import { useFocusableScrollBoxes } from '../focusable-scroll.ts';
import { useComponentsTranslation } from '../i18n.ts';
import { PreviewStep, ResultStep, UploadStep } from './ImportSteps.tsx';
import type { SheetImportApi } from './sheet-import-api.ts';
import { useImportWizard } from './useImportWizard.ts';
import './import-wizard.css';

/**
 * The generic import wizard (admin.md 2.5: 1000 px, three steps). 1 upload: the template, one
 * .xls/.xlsx file, 下一步 warns '请先上传文件' without one. 2 preview: every cell editable, the
 * server's problem shown under its cell, rows removable, '导入数据为空' when none are left. 3
 * result: counts, the failed rows with their reasons and their export; 关闭 refreshes the list.
 * While the rows are written the server's progress frames move a bar.
 */
export function ImportWizard({
  open,
  title,
  api,
  onClose,
}: {
  open: boolean;
  title?: string;
  api: SheetImportApi;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useComponentsTranslation();
  const wizard = useImportWizard(api, onClose);
  const tables = useFocusableScrollBoxes();
  const { step, busy, close } = wizard;

  const footer =
    step === 0 ? (
      <Space>
        <Button onClick={close}>{t('cancel')}</Button>
        <Button type="primary" loading={busy} onClick={wizard.toPreview}>
          {t('sheetImport.next')}
        </Button>
      </Space>
    ) : step === 1 ? (
      <Space>
        <Button disabled={busy} onClick={wizard.back}>
          {t('sheetImport.prev')}
        </Button>
        <Button type="primary" loading={busy} onClick={wizard.runImport}>
          {t('sheetImport.start')}
        </Button>
      </Space>
    ) : (
      <Button type="primary" onClick={close}>
        {t('close')}
      </Button>
    );

  return (
    <Modal
      open={open}
      width={1000}
      title={title ?? t('sheetImport.title')}
      maskClosable={false}
      closable={step !== 2 && !busy}
      keyboard={!busy}
      onCancel={close}
      footer={footer}
      destroyOnHidden
    >
      <div ref={tables}>
        <Steps
          size="small"
          current={step}
          className="sheet-import-steps"
          items={[
            { title: t('sheetImport.steps.upload') },
            { title: t('sheetImport.steps.preview') },
            { title: t('sheetImport.steps.result') },
          ]}
        />
        {step === 0 ? <UploadStep wizard={wizard} /> : null}
        {step === 1 ? <PreviewStep wizard={wizard} /> : null}
        {step === 2 ? <ResultStep wizard={wizard} /> : null}
      </div>
    </Modal>
  );
}
