import { ToolOutlined } from '@ant-design/icons';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';

/** What a menu shows while its page is not built yet: a clear state naming the menu. */
export function UnderConstruction({ name }: { name: string }) {
  const { t } = useTranslation('shell');
  return (
    <Result
      icon={<ToolOutlined />}
      title={t('underConstruction')}
      subTitle={t('underConstructionDetail', { name })}
      className="shell-under-construction"
    />
  );
}
