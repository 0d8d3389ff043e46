import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon, menuIconNames } from '../../../shared/shell/menu-icons.tsx';
import { useToast } from '../../../shared/toast.tsx';
import '../system.css';

const classOf = (name: string) => `icon-ym icon-ym-${name}`;

/** 系统图标: the icons a menu can show; a click copies the class name the menu form takes. */
export default function IconsPage() {
  const { t } = useTranslation('system');
  const toast = useToast();
  const [keyword, setKeyword] = useState('');
  const shown = menuIconNames.filter((name) => name.toLowerCase().includes(keyword.trim().toLowerCase()));
  const copy = async (name: string) => {
    try {
      await navigator.clipboard.writeText(classOf(name));
    } catch {
      // No clipboard (an insecure origin): the name is shown in the message to copy by hand.
    }
    void toast.success(t('icons.copied', { name: classOf(name) }));
  };
  return (
    <Card title={t('icons.title')}>
      <Typography.Paragraph type="secondary">{t('icons.hint')}</Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder={t('icons.search')}
        aria-label={t('icons.search')}
        style={{ maxWidth: 320, marginBottom: 16 }}
        onChange={(event) => setKeyword(event.target.value)}
      />
      {shown.length ? (
        <ul className="system-icons">
          {shown.map((name) => (
            <li key={name}>
              <button type="button" onClick={() => void copy(name)} title={classOf(name)}>
                <span className="system-icons-glyph" aria-hidden="true">
                  <MenuIcon icon={classOf(name)} />
                </span>
                <span>{name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <Empty description={t('icons.empty')} />
      )}
    </Card>
  );
}
