import { useQuery } from '@tanstack/react-query';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { printDevApi } from '../api.ts';

/**
 * The print-template picker (400 px, admin.md 2.10): the templates offered by name; with only one
 * it is chosen at once, without showing the dialog.
 */
export function PrintTemplatePicker({
  templateIds,
  onChoose,
  onClose,
}: {
  /** null: closed. */
  templateIds: string[] | null;
  onChoose: (templateId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('printDev');
  const [chosen, setChosen] = useState<string | null>(null);
  const names = useQuery({
    queryKey: ['printDev', 'names', templateIds?.join(',')],
    queryFn: () => printDevApi.names(templateIds ?? []),
    enabled: Boolean(templateIds?.length),
  });
  const single = templateIds?.length === 1 ? templateIds[0] : undefined;
  useEffect(() => {
    if (single) onChoose(single);
  }, [single, onChoose]);
  return (
    <Modal
      open={Boolean(templateIds) && !single}
      title={t('preview.chooseTemplate')}
      width={400}
      onCancel={onClose}
      onOk={() => chosen && onChoose(chosen)}
      okButtonProps={{ disabled: !chosen }}
      destroyOnHidden
    >
      <Radio.Group
        className="print-template-picker"
        value={chosen}
        onChange={(event) => setChosen(String(event.target.value))}
        options={(names.data ?? []).map((n) => ({ value: n.id, label: n.fullName }))}
      />
    </Modal>
  );
}
