import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteMetaContext } from '../../../shared/shell/permission.tsx';
import { useShell } from '../../../shared/shell/shell-store.ts';
import type { ReportFormTarget } from './ReportSheet.tsx';

// The generated list (and the form engine behind it) loads only when a form drill opens.
const FormRecords = lazy(() => import('../../visualdev/index.ts').then((m) => ({ default: m.FormRecords })));

/**
 * A drill-through to a generated form: the form's own record list in a large dialog, held to the
 * clicked row's values (sent as the list's queryJson, so the server filters within the viewer's data
 * scope), with the rights of the viewer's menu opening that form. Without such a menu the server's
 * refusal (暂无权限) is the dialog's message.
 */
export function FormDrillDialog({ target, onClose }: { target: ReportFormTarget | null; onClose: () => void }) {
  const { t } = useTranslation('report');
  const routes = useShell((state) => state.routes);
  const route = target ? routes.find((r) => r.meta.relationId === target.formId) : undefined;
  const options = useMemo(() => ({ fixed: target?.values ?? {}, silent: true }), [target]);
  const values = Object.values(target?.values ?? {})
    .filter((v) => v !== null && v !== '')
    .join('，');
  return (
    <Modal
      open={Boolean(target)}
      title={t('designer.drillRecords', { name: route?.meta.title ?? t('designer.drillRecordsOf'), values })}
      width="90vw"
      footer={null}
      destroyOnHidden
      onCancel={onClose}
      className="report-drill-dialog"
    >
      {target ? (
        <RouteMetaContext.Provider value={route?.meta}>
          <Suspense fallback={<Spin />}>
            <FormRecords modelId={target.formId} menuId={route?.meta.moduleId ?? ''} options={options} />
          </Suspense>
        </RouteMetaContext.Provider>
      ) : null}
    </Modal>
  );
}
