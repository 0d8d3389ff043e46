import type { FormDataField } from '@platform/shared';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { PickerField } from '../../../../shared/components/index.ts';
import { startMsgEvents } from '../../graph.ts';
import { ButtonSettings, startButtons } from './ButtonSettings.tsx';
import { FieldPermissions } from './FieldPermissions.tsx';
import { MessageSettings } from './MessageSettings.tsx';
import { TimingSettings } from './TimingSettings.tsx';

/** 发起: the form, who may launch, the title, signature and comments, timing, notices, field rights and buttons. */
export function StartSettings({
  fields,
  forms,
}: {
  fields: readonly FormDataField[];
  forms: readonly { id: string; fullName: string }[];
}) {
  const { t } = useTranslation('workflow');
  const titleType = Form.useWatch<number | undefined>('titleType');
  const formId = Form.useWatch<string | undefined>('formId');
  return (
    <>
      <Form.Item name="formId" label={t('props.form')}>
        <Select
          showSearch
          optionFilterProp="label"
          options={forms.map((f) => ({ value: f.id, label: f.fullName }))}
          placeholder={t('props.chooseForm')}
        />
      </Form.Item>
      <Form.Item name="initiator" label={t('props.initiator')} extra={t('props.initiatorHint')}>
        <PickerField kind="users" multiple />
      </Form.Item>
      <Form.Item name="circulateUser" label={t('props.circulateUser')}>
        <PickerField kind="users" multiple />
      </Form.Item>
      <Form.Item name="titleType" label={t('props.titleType')}>
        <Radio.Group
          options={[
            { value: 0, label: t('props.titleTypes.0') },
            { value: 1, label: t('props.titleTypes.1') },
          ]}
        />
      </Form.Item>
      {titleType === 1 ? (
        <Form.Item name="titleContent" label={t('props.titleContent')}>
          <Input />
        </Form.Item>
      ) : null}
      <Form.Item name="hasSign" label={t('props.hasSign')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="isComment"
        label={t('props.isComment')}
        valuePropName="checked"
        getValueProps={(value: unknown) => ({ checked: value !== false })}
      >
        <Switch />
      </Form.Item>
      <TimingSettings fields={fields} followsStart={false} />
      <MessageSettings events={startMsgEvents} followsStart={false} fields={fields} />
      <Divider>{t('props.formOperates')}</Divider>
      <Form.Item name="formOperates" noStyle>
        <FieldPermissions
          fields={fields}
          writable
          emptyText={formId ? t('props.formWithoutFields') : t('props.chooseFormAbove')}
        />
      </Form.Item>
      <Divider>{t('props.buttons')}</Divider>
      <ButtonSettings names={startButtons} />
    </>
  );
}
