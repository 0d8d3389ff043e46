import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';

/** 定时器: how long the flow waits here. */
export function TimerSettings() {
  const { t } = useTranslation('workflow');
  return (
    <Space wrap>
      {(['day', 'hour', 'minute', 'second'] as const).map((unit) => (
        <Form.Item key={unit} name={unit} label={t(`props.units.${unit}`)}>
          <InputNumber min={0} max={unit === 'day' ? 365 : 59} />
        </Form.Item>
      ))}
    </Space>
  );
}
