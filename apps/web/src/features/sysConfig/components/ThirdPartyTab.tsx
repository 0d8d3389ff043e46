import type { SynThirdTotal, SysConfigView } from '@platform/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Table from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm, useSuccessToast } from '../../../shared/components/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { synTotalsKey, sysConfigApi, type ThirdType } from '../api.ts';
import { type FormValues, limitsOf, tabFields, toSettings } from '../settings.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { SettingField, SettingsForm, SettingsGroup } from './SettingsForm.tsx';

const tabOf = { 1: 'weCom', 2: 'dingTalk' } as const;

/** A connection test with what the form holds now (saved or not); the server answers how it went. */
function TestButton({ third, kind, label }: { third: ThirdType; kind?: 0 | 1; label: string }) {
  const form = Form.useFormInstance<FormValues>();
  const success = useSuccessToast();
  const [testing, setTesting] = useState(false);
  const test = async () => {
    const keys = tabFields[tabOf[third]];
    const settings = toSettings(form.getFieldsValue([...keys]) as FormValues, keys);
    setTesting(true);
    try {
      success(await (third === 1 ? sysConfigApi.testWeCom(kind ?? 1, settings) : sysConfigApi.testDingTalk(settings)));
    } catch {
      // The request layer showed the server's reason.
    } finally {
      setTesting(false);
    }
  };
  return (
    <Button loading={testing} onClick={test}>
      {label}
    </Button>
  );
}

/** The synchronisation's totals, one row for organisations and one for users, each with its two directions. */
function SyncPanel({ third }: { third: ThirdType }) {
  const { t } = useTranslation('sysConfig');
  const name = t(`tabs.${tabOf[third]}`);
  const totals = useQuery({ queryKey: synTotalsKey(third), queryFn: () => sysConfigApi.synTotals(third) });
  const queryClient = useQueryClient();
  const success = useSuccessToast();
  const [confirm, holder] = useConfirm();
  const [running, setRunning] = useState<string | null>(null);
  const run = (kind: 'Organize' | 'User', direction: 0 | 1) =>
    confirm.text(t(direction === 0 ? 'third.confirmPush' : 'third.confirmPull', { name }), async () => {
      setRunning(`${kind}${direction}`);
      try {
        success(await sysConfigApi.synchronise(third, kind, direction));
      } finally {
        setRunning(null);
        await queryClient.invalidateQueries({ queryKey: synTotalsKey(third) });
      }
    });
  if (totals.isError) return <LoadFailed onRetry={() => totals.refetch()} />;
  return (
    <section aria-label={t('third.totals')}>
      {holder}
      <SettingsGroup title={t('third.totals')} />
      <Table<SynThirdTotal>
        rowKey="synType"
        size="small"
        pagination={false}
        loading={totals.isLoading}
        dataSource={totals.data ?? []}
        columns={[
          {
            title: t('third.synType'),
            dataIndex: 'synType',
            render: (value: string) => t(value === '组织' ? 'third.organizes' : 'third.users'),
          },
          { title: t('third.recordTotal'), dataIndex: 'recordTotal', align: 'right' },
          { title: t('third.synSuccessCount'), dataIndex: 'synSuccessCount', align: 'right' },
          { title: t('third.synFailCount'), dataIndex: 'synFailCount', align: 'right' },
          { title: t('third.unSynCount'), dataIndex: 'unSynCount', align: 'right' },
          {
            title: t('third.synDate'),
            dataIndex: 'synDate',
            render: (value: number | null) => (value ? formatDateTime(value) : t('third.never')),
          },
          {
            title: t('third.actions'),
            key: 'actions',
            render: (_: unknown, row) => {
              const kind = row.synType === '组织' ? 'Organize' : 'User';
              return (
                <span className="sys-config-actions">
                  <Button size="small" loading={running === `${kind}1`} onClick={() => run(kind, 1)}>
                    {t('third.pull', { name })}
                  </Button>
                  <Button size="small" loading={running === `${kind}0`} onClick={() => run(kind, 0)}>
                    {t('third.push', { name })}
                  </Button>
                </span>
              );
            },
          },
        ]}
      />
    </section>
  );
}

/** 企业微信: the address-book connector, its connection tests and synchronisation. */
export function WeComTab({ view }: { view: SysConfigView }) {
  const { t } = useTranslation('sysConfig');
  const secret = (name: 'qyhAgentSecret' | 'qyhCorpSecret') => (
    <Input.Password maxLength={limitsOf(name).maxLength} autoComplete="new-password" />
  );
  return (
    <>
      <SettingsForm
        tab="weCom"
        view={view}
        actions={
          <>
            <TestButton third={1} kind={0} label={t('third.testApp')} />
            <TestButton third={1} kind={1} label={t('third.testContacts')} />
          </>
        }
      >
        <SettingField name="qyhCorpId" />
        <SettingField name="qyhAgentId" />
        <SettingField name="qyhAgentSecret" input={secret('qyhAgentSecret')} />
        <SettingField name="qyhCorpSecret" input={secret('qyhCorpSecret')} />
        <SettingField name="qyhIsSynOrg" extra={t('hints.synSwitch')} />
        <SettingField name="qyhIsSynUser" extra={t('hints.synSwitch')} />
        <SettingField name="qyhApiBase" extra={t('hints.apiBase', { host: 'https://qyapi.weixin.qq.com' })} />
      </SettingsForm>
      <div className="sys-config-sync">
        <SyncPanel third={1} />
      </div>
    </>
  );
}

/** 钉钉: the same for DingTalk. */
export function DingTalkTab({ view }: { view: SysConfigView }) {
  const { t } = useTranslation('sysConfig');
  return (
    <>
      <SettingsForm tab="dingTalk" view={view} actions={<TestButton third={2} label={t('third.test')} />}>
        <SettingField name="dingAgentId" />
        <SettingField name="dingSynAppKey" />
        <SettingField
          name="dingSynAppSecret"
          input={<Input.Password maxLength={limitsOf('dingSynAppSecret').maxLength} autoComplete="new-password" />}
        />
        <SettingField name="dingSynIsSynOrg" extra={t('hints.synSwitch')} />
        <SettingField name="dingSynIsSynUser" extra={t('hints.synSwitch')} />
        <SettingField name="dingApiBase" extra={t('hints.apiBase', { host: 'https://oapi.dingtalk.com' })} />
      </SettingsForm>
      <div className="sys-config-sync">
        <SyncPanel third={2} />
      </div>
    </>
  );
}
