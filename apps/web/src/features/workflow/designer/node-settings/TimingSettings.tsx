import type { FormDataField } from '@platform/shared';
import Checkbox from 'antd/es/checkbox';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Hours with their unit, fractions allowed (the engine counts in hours). */
function Hours({ name, label }: { name: (string | number)[]; label: string }) {
  const { t } = useTranslation('workflow');
  return (
    <Form.Item name={name} label={label}>
      <InputNumber min={0} max={87_600} addonAfter={t('props.hours')} aria-label={label} />
    </Form.Item>
  );
}

/** 超时处理: the time limit, the reminders before it and what happens after it. */
export function TimingSettings({ fields, followsStart }: { fields: readonly FormDataField[]; followsStart: boolean }) {
  const { t } = useTranslation('workflow');
  const limitOn = Form.useWatch<number | undefined>(['timeLimitConfig', 'on']);
  const nodeLimit = Form.useWatch<number | undefined>(['timeLimitConfig', 'nodeLimit']);
  const onOptions = (followsStart ? [2, 1, 0] : [1, 0]).map((on) => ({ value: on, label: t(`props.timing.on.${on}`) }));
  const initial = followsStart ? 2 : 0;
  return (
    <>
      <Divider>{t('props.timing.title')}</Divider>
      <Form.Item name={['timeLimitConfig', 'on']} label={t('props.timing.limit')} initialValue={initial}>
        <Select options={onOptions} />
      </Form.Item>
      {limitOn === 1 ? (
        <>
          <Form.Item name={['timeLimitConfig', 'nodeLimit']} label={t('props.timing.nodeLimit')} initialValue={0}>
            <Select options={[0, 1, 2].map((k) => ({ value: k, label: t(`props.timing.nodeLimits.${k}`) }))} />
          </Form.Item>
          {nodeLimit === 2 ? (
            <Form.Item name={['timeLimitConfig', 'formField']} label={t('props.formField')}>
              <Select options={fields.map((f) => ({ value: f.vModel, label: f.label }))} />
            </Form.Item>
          ) : null}
          <Hours name={['timeLimitConfig', 'duringDeal']} label={t('props.timing.duringDeal')} />
        </>
      ) : null}
      {limitOn ? (
        <>
          <RepeatedNotice
            config="noticeConfig"
            label={t('props.timing.notice')}
            first={t('props.timing.noticeFirst')}
            message={t('props.timing.noticeMessage')}
            options={onOptions}
            initial={initial}
          />
          <RepeatedNotice
            config="overTimeConfig"
            label={t('props.timing.overTime')}
            first={t('props.timing.overFirst')}
            message={t('props.timing.overMessage')}
            options={onOptions}
            initial={initial}
          >
            <OverTimeAction action="Approve" />
            <OverTimeAction action="Reject" />
          </RepeatedNotice>
        </>
      ) : null}
    </>
  );
}

/**
 * Reminders before the limit (`noticeConfig`) or notices after it (`overTimeConfig`): whether the
 * node has its own, when the first comes, how often the next, whether each sends a message.
 */
function RepeatedNotice(props: {
  config: 'noticeConfig' | 'overTimeConfig';
  label: string;
  first: string;
  message: string;
  options: { value: number; label: string }[];
  initial: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation('workflow');
  const on = Form.useWatch<number | undefined>([props.config, 'on']);
  return (
    <>
      <Form.Item name={[props.config, 'on']} label={props.label} initialValue={props.initial}>
        <Select options={props.options} />
      </Form.Item>
      {on === 1 ? (
        <>
          <Hours name={[props.config, 'firstOver']} label={props.first} />
          <Hours name={[props.config, 'overTimeDuring']} label={t('props.timing.interval')} />
          <Form.Item name={[props.config, 'overNotice']} valuePropName="checked" label=" " colon={false}>
            <Checkbox>{props.message}</Checkbox>
          </Form.Item>
          {props.children}
        </>
      ) : null}
    </>
  );
}

/** An over-time action (`overAuto{action}`), taken at the `overAuto{action}Time`-th over-time notice. */
function OverTimeAction({ action }: { action: 'Approve' | 'Reject' }) {
  const { t } = useTranslation('workflow');
  const on = Form.useWatch<boolean | undefined>(['overTimeConfig', `overAuto${action}`]);
  const label = t(`props.timing.auto${action}`);
  return (
    <Form.Item label={label}>
      <Space>
        <Form.Item name={['overTimeConfig', `overAuto${action}`]} valuePropName="checked" noStyle>
          <Switch aria-label={label} />
        </Form.Item>
        {on ? (
          <Form.Item name={['overTimeConfig', `overAuto${action}Time`]} noStyle initialValue={1}>
            <InputNumber
              min={1}
              max={1000}
              aria-label={t('props.timing.atNotice')}
              addonBefore={t('props.timing.atNotice')}
            />
          </Form.Item>
        ) : null}
      </Space>
    </Form.Item>
  );
}
