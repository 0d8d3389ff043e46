import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { printDevApi } from '../api.ts';
import { printTemplateIds } from './PrintDialog.tsx';

/**
 * The print templates a form's or a flow node's 打印 button offers (`printId`, `printIds`): the
 * enabled templates grouped by category, several may be chosen.
 */
export function PrintTemplateSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  /** Stored as the designers keep it: a list, or a comma-joined text. */
  value?: unknown;
  onChange?: (templateIds: string[]) => void;
}) {
  const { t } = useTranslation('printDev');
  const groups = useQuery({ queryKey: ['printDev', 'selector'], queryFn: () => printDevApi.selector() });
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      placeholder={t('preview.chooseTemplate')}
      value={printTemplateIds(value)}
      onChange={(ids: string[]) => onChange?.(ids)}
      loading={groups.isLoading}
      optionFilterProp="label"
      options={(groups.data?.list ?? []).map((group) => ({
        label: group.fullName,
        title: group.fullName,
        options: group.children.map((template) => ({ value: template.id, label: template.fullName })),
      }))}
      style={{ width: '100%' }}
    />
  );
}
