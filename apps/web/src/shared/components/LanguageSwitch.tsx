import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import Popover from 'antd/es/popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAntdLocale } from '../i18n/antd-locale.ts';
import { changeLanguage } from '../i18n/index.ts';
import { type Language, languages } from '../i18n/language.ts';
import './language-switch.css';

/**
 * Switches the interface language; antd's own texts follow (ConfigProvider in providers.tsx).
 * A popover of three buttons rather than a Dropdown, which would bring antd's Menu into the
 * login page's chunk.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = (i18n.resolvedLanguage ?? 'zh-CN') as Language;

  const choose = async (language: Language) => {
    setOpen(false);
    await loadAntdLocale(language);
    await changeLanguage(language);
  };

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      styles={{ container: { padding: 4 } }}
      content={
        <div className="language-switch-list">
          {languages.map((language) => (
            <button
              key={language}
              type="button"
              lang={language}
              className={language === current ? 'language-switch-item active' : 'language-switch-item'}
              onClick={() => choose(language)}
            >
              {t(`languageNames.${language}`)}
              {language === current && <CheckOutlined />}
            </button>
          ))}
        </div>
      }
    >
      {/* The name holds the visible text (WCAG 2.5.3, label in name) and says what the button is for. */}
      <button
        type="button"
        className={className}
        aria-label={`${t(`languageNames.${current}`)}, ${t('language')}`}
        aria-haspopup="true"
      >
        <GlobalOutlined />
        <span>{t(`languageNames.${current}`)}</span>
      </button>
    </Popover>
  );
}
