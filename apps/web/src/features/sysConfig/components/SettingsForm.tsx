import type { SysConfigKey, SysConfigView } from '@platform/shared';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form, { type Rule } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Switch from 'antd/es/switch';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuccessToast } from '../../../shared/components/index.ts';
import { type SysConfigInfo, useShell } from '../../../shared/shell/shell-store.ts';
import { sysConfigApi, sysConfigKey } from '../api.ts';
import { type FormValues, limitsOf, type SettingsTab, tabFields, toFormValues, toSettings } from '../settings.ts';

/** The rules of a field, from the schema the server checks with. */
export function useSettingRules(key: SysConfigKey, label: string): Rule[] {
  const { t } = useTranslation('sysConfig');
  return useMemo(() => {
    const limits = limitsOf(key);
    const rules: Rule[] = [];
    const required = t('rules.required', { label });
    // A switch always holds a value; the others name their type, since antd's checks assume text.
    if (limits.kind === 'text' && limits.required) rules.push({ required: true, whitespace: true, message: required });
    if (limits.kind === 'integer' || limits.kind === 'choice')
      rules.push({ required: true, type: 'number', message: required });
    if (limits.kind === 'integer')
      rules.push({
        type: 'integer',
        min: limits.min,
        max: limits.max,
        message: t('rules.range', { label, min: limits.min, max: limits.max }),
      });
    if (limits.minLength && limits.minLength > 1)
      rules.push({ min: limits.minLength, message: t('rules.minLength', { label, min: limits.minLength }) });
    if (limits.maxLength)
      rules.push({ max: limits.maxLength, message: t('rules.maxLength', { label, max: limits.maxLength }) });
    if (limits.pattern)
      rules.push({
        pattern: limits.pattern,
        message: key.endsWith('ApiBase') ? t('rules.apiBase') : t('rules.imageAddress'),
      });
    return rules;
  }, [key, label, t]);
}

/**
 * One setting: a switch for a flag, a whole-number box within the schema's range, a text box of
 * the schema's length; `input` replaces the control (radio groups, text areas, password boxes).
 */
export function SettingField({
  name,
  label,
  input,
  disabled,
  extra,
  suffix,
}: {
  name: SysConfigKey;
  label?: string;
  input?: ReactNode;
  disabled?: boolean;
  extra?: ReactNode;
  /** A unit shown after a number (minutes, times). */
  suffix?: string;
}) {
  const { t } = useTranslation('sysConfig');
  const text = label ?? t(`fields.${name}`);
  const rules = useSettingRules(name, text);
  const limits = limitsOf(name);
  const control =
    input ??
    (limits.kind === 'flag' ? (
      <Switch disabled={disabled} />
    ) : limits.kind === 'integer' ? (
      <InputNumber
        min={limits.min}
        max={limits.max}
        precision={0}
        disabled={disabled}
        suffix={suffix}
        style={{ width: 200 }}
      />
    ) : (
      <Input maxLength={limits.maxLength} disabled={disabled} />
    ));
  return (
    <Form.Item
      name={name}
      label={text}
      rules={disabled ? [] : rules}
      valuePropName={limits.kind === 'flag' ? 'checked' : 'value'}
      extra={extra}
    >
      {control}
    </Form.Item>
  );
}

/** The settings of the navigation bar and sign-in page that the shell keeps from CurrentUser. */
const shellKeys = [
  'sysName',
  'sysVersion',
  'title',
  'copyright',
  'companyName',
  'logoIcon',
  'workLogoIcon',
  'navigationIcon',
  'loginIcon',
  'appIcon',
] as const satisfies readonly (keyof SysConfigInfo & SysConfigKey)[];

/**
 * One tab's form with its own 保存: it shows the stored settings of the tab and saves those and
 * nothing else, so saving one tab never overwrites what another tab holds unsaved.
 */
export function SettingsForm({
  tab,
  view,
  children,
  actions,
}: {
  tab: SettingsTab;
  view: SysConfigView;
  children: ReactNode;
  /** More buttons beside 保存 (the test mail, the connection tests); inside the form, so they may read it. */
  actions?: ReactNode;
}) {
  const { t } = useTranslation('sysConfig');
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const success = useSuccessToast();
  const queryClient = useQueryClient();
  const keys = tabFields[tab];
  const initialValues = useMemo(() => toFormValues(view, keys), [view, keys]);
  useEffect(() => form.setFieldsValue(initialValues), [form, initialValues]);

  const save = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const settings = toSettings({ ...initialValues, ...values }, keys);
      success(await sysConfigApi.save(settings));
      // The brand, the browser title and the sign-in page follow at once, without signing in again.
      const shown = Object.fromEntries(shellKeys.filter((key) => key in settings).map((key) => [key, settings[key]]));
      if (Object.keys(shown).length) useShell.setState((state) => ({ sysConfig: { ...state.sysConfig, ...shown } }));
      await queryClient.invalidateQueries({ queryKey: sysConfigKey });
    } catch {
      // The request layer has shown the server's message; what was typed stays.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      initialValues={initialValues}
      labelCol={{ flex: '180px' }}
      wrapperCol={{ flex: '1' }}
      labelWrap
      className="sys-config-form"
      aria-label={t(`tabs.${tab}`)}
    >
      {children}
      <Form.Item label=" " colon={false}>
        <div className="sys-config-actions">
          <Button type="primary" loading={saving} onClick={save}>
            {t('save')}
          </Button>
          {actions}
        </div>
      </Form.Item>
    </Form>
  );
}

/** A heading between groups of settings in one tab. */
export function SettingsGroup({ title }: { title: string }) {
  return <h3 className="sys-config-group">{title}</h3>;
}
