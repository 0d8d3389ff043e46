import type { FormDefinition } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useContext, useMemo } from 'react';
import { relationFormApi } from '../../components/pickers/popup-api.ts';
import { EngineCtx } from '../context.ts';
import { useFormEngineTranslation } from '../i18n.ts';
import { FormStore } from '../store.ts';

/**
 * The related record, read-only, in its own form (widgets.md §4): what a disabled relation form
 * opens. The form is drawn by the engine's renderer taken from its context (no import cycle).
 */
export default function RelationRecordDetail({
  modelId,
  id,
  onClose,
}: {
  modelId: string;
  id: string;
  onClose: () => void;
}) {
  const { t } = useFormEngineTranslation();
  const Renderer = useContext(EngineCtx)?.Renderer;
  const detail = useQuery({
    queryKey: ['relationForm', 'detail', modelId, id],
    queryFn: async () => {
      const [config, record] = await Promise.all([
        relationFormApi.config(modelId),
        relationFormApi.record(modelId, id),
      ]);
      return { form: JSON.parse(config.formData || '{"fields":[]}') as FormDefinition, record };
    },
    retry: false,
  });
  const store = useMemo(
    () => (detail.data ? new FormStore(detail.data.form, detail.data.record) : null),
    [detail.data],
  );
  return (
    <Modal open width={800} title={t('relation.detail')} footer={null} onCancel={onClose} destroyOnHidden>
      {store && Renderer ? (
        <Renderer store={store} mode="detail" />
      ) : detail.isError || !Renderer ? (
        <p className="fe-relation-missing">{t('relation.missing')}</p>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
