import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { delegateApi } from '../api.ts';

/** What a launch adds for the principals chosen (protocol-workflow.md §3); none chosen launches for oneself. */
export function onBehalfOf(principals: readonly string[]): { delegateUserList?: string[] } {
  return principals.length ? { delegateUserList: [...principals] } : {};
}

/**
 * The launch form's "发起人" (delegated launch): shown only to someone who holds launch delegations
 * for the flow now, listing those who delegated; empty means "myself". The server launches one
 * task for each person chosen.
 */
export function LaunchOnBehalf({
  flowId,
  value,
  onChange,
}: {
  flowId: string;
  value: string[];
  onChange: (principals: string[]) => void;
}) {
  const { t } = useTranslation('workflow');
  const principals = useQuery({
    queryKey: ['workflow', 'launchPrincipals', flowId],
    queryFn: () => delegateApi.principals(flowId),
    enabled: !!flowId,
    retry: false,
  });
  if (!principals.data?.length) return null;
  return (
    <div className="wf-on-behalf">
      <label htmlFor="wf-on-behalf">{t('onBehalf.label')}</label>
      <Select
        id="wf-on-behalf"
        mode="multiple"
        allowClear
        placeholder={t('onBehalf.myself')}
        options={principals.data.map((p) => ({ value: p.id, label: p.fullName || p.account }))}
        value={value}
        onChange={onChange}
        aria-describedby="wf-on-behalf-hint"
        style={{ minWidth: 260 }}
      />
      <span id="wf-on-behalf-hint" className="wf-muted">
        {t('onBehalf.hint')}
      </span>
    </div>
  );
}
