import type { FormDefinition } from '@platform/shared';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { FormRenderer } from '../../../../shared/form-engine/index.ts';
import type { RecordPage } from './useRecordPage.ts';

/** The record open in the form or the detail viewer, as dialog, full screen or drawer (the form's popupType). */
export function RecordEditor({ page, form }: { page: RecordPage; form: FormDefinition }) {
  const { t } = useTranslation('visualdev');
  const { editing, close, formPrint } = page;
  const popupType = String(form.popupType ?? 'general');
  const width = (key: string, fallback: string) => (typeof form[key] === 'string' ? (form[key] as string) : fallback);
  const body = editing ? (
    <FormRenderer store={editing.store} mode={editing.kind === 'detail' ? 'detail' : 'edit'} />
  ) : null;
  const title =
    editing?.kind === 'detail' ? t('detail') : editing?.kind === 'form' && editing.id ? t('edit') : t('add');
  const footer =
    editing?.kind === 'detail' ? (
      <Space>
        {formPrint.ids.length ? (
          <Button onClick={() => page.printer.print(formPrint.ids, [editing.id])}>{formPrint.label}</Button>
        ) : null}
        <Button onClick={close}>{t('cancel')}</Button>
      </Space>
    ) : (
      <Space>
        <Button onClick={close}>{t('cancel')}</Button>
        <Button type="primary" loading={page.saving} onClick={() => void page.save()}>
          {t('ok')}
        </Button>
      </Space>
    );
  return popupType === 'drawer' ? (
    <Drawer
      open={!!editing}
      title={title}
      size={width('drawerWidth', '600px')}
      onClose={close}
      footer={footer}
      destroyOnHidden
    >
      {body}
    </Drawer>
  ) : (
    <Modal
      open={!!editing}
      title={title}
      width={popupType === 'fullScreen' ? width('fullScreenWidth', '100%') : width('generalWidth', '600px')}
      onCancel={close}
      footer={footer}
      destroyOnHidden
      centered={popupType === 'general'}
    >
      {body}
    </Modal>
  );
}
