import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { CodeEditor } from '../../../shared/components/code-editor/CodeEditor.tsx';
import { FormRenderer } from '../../../shared/form-engine/index.ts';
import { PreviewPrintButton } from '../../printDev/index.ts';
import type { Workbench } from './useWorkbench.ts';

/** The designer's title and buttons: undo, redo, JSON, preview, save, save and release, publish, close. */
export function WorkbenchToolbar({ bench, title, onClose }: { bench: Workbench; title: string; onClose: () => void }) {
  const { t } = useTranslation('visualdev');
  const { state, dispatch, busy } = bench;
  return (
    <div className="vd-toolbar">
      <h2 className="vd-title">{title}</h2>
      <Space wrap>
        <Button onClick={() => dispatch({ type: 'undo' })} disabled={!state.past.length}>
          {t('designer.undo')}
        </Button>
        <Button onClick={() => dispatch({ type: 'redo' })} disabled={!state.future.length}>
          {t('designer.redo')}
        </Button>
        <Button onClick={bench.json.openJson}>{t('designer.json.title')}</Button>
        <Button onClick={bench.openPreview}>{t('designer.preview')}</Button>
        <Button type="primary" loading={busy} onClick={() => bench.save(false)}>
          {t('designer.save')}
        </Button>
        <Button loading={busy} onClick={() => bench.save(true)}>
          {t('designer.saveRelease')}
        </Button>
        <Button onClick={() => bench.setPublishing(true)}>{t('designer.publish.open')}</Button>
        <Button onClick={onClose}>{t('designer.close')}</Button>
      </Space>
    </div>
  );
}

/** The definition as JSON, edited by hand and applied when it is a form definition. */
export function JsonDialog({ bench }: { bench: Workbench }) {
  const { t } = useTranslation('visualdev');
  const { json } = bench;
  return (
    <Modal
      open={json.open}
      title={t('designer.json.title')}
      width={800}
      onCancel={json.close}
      onOk={json.apply}
      okText={t('designer.json.apply')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <CodeEditor
        language="json"
        ariaLabel={t('designer.json.title')}
        value={json.text}
        onChange={json.setText}
        rows={20}
      />
      {json.problem ? <Alert type="error" showIcon title={json.problem} style={{ marginTop: 8 }} /> : null}
    </Modal>
  );
}

/** The form as it will look, filled in by hand, with its print preview. */
export function PreviewDialog({ bench }: { bench: Workbench }) {
  const { t } = useTranslation('visualdev');
  const { preview } = bench;
  return (
    <Modal
      open={!!preview}
      title={t('designer.preview')}
      width={900}
      onCancel={bench.closePreview}
      footer={<PreviewPrintButton form={bench.definition} />}
      destroyOnHidden
    >
      {preview ? (
        <div data-testid="designer-preview">
          <FormRenderer store={preview} />
        </div>
      ) : null}
    </Modal>
  );
}
