import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { PrintTemplateSelect } from '../../../printDev/index.ts';

export const startButtons = ['Submit', 'Save', 'Revoke', 'Press', 'Print'] as const;
export const approverButtons = [
  'Audit',
  'Reject',
  'Revoke',
  'Transfer',
  'FreeApprover',
  'Cancel',
  'Save',
  'Print',
] as const;

/** 按钮: a switch per button and the text it shows. */
export function ButtonSettings({ names }: { names: readonly string[] }) {
  const { t } = useTranslation('workflow');
  return (
    <>
      {names.map((name) => (
        <Space key={name} className="wf-button-row" align="baseline">
          <Form.Item name={`has${name}Btn`} valuePropName="checked" noStyle>
            <Checkbox>{t(`buttons.${name}`)}</Checkbox>
          </Form.Item>
          <Form.Item name={`has${name}BtnText`} noStyle>
            <Input
              size="small"
              placeholder={t(`buttons.${name}`)}
              aria-label={t('props.buttonText', { name: t(`buttons.${name}`) })}
            />
          </Form.Item>
        </Space>
      ))}
      {names.includes('Print') ? <PrintTemplates /> : null}
    </>
  );
}

/** The templates 打印 offers (`printId[]`), once the node switches the button on. */
function PrintTemplates() {
  const { t } = useTranslation('workflow');
  const on = Form.useWatch('hasPrintBtn', Form.useFormInstance()) === true;
  return on ? (
    <Form.Item name="printId" label={t('props.printId')}>
      <PrintTemplateSelect />
    </Form.Item>
  ) : null;
}
