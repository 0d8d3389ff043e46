import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAntdLocale } from '../i18n/antd-locale.ts';
import { changeLanguage } from '../i18n/index.ts';
import { type Language, languages } from '../i18n/language.ts';
import './language-switch.css';

/**
 * Switches the interface language; antd's own texts follow (ConfigProvider in providers.tsx).
 * A disclosure of three buttons drawn by us rather than an antd Popover or Dropdown: those bring
 * antd's trigger (and Menu) into the login page's first load, which has a size budget.
 * Escape or a click elsewhere closes it; closing by Escape returns focus to the button.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = (i18n.resolvedLanguage ?? 'zh-CN') as Language;
  const listId = useId();
  const holder = useRef<HTMLSpanElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!holder.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const choose = async (language: Language) => {
    setOpen(false);
    toggle.current?.focus();
    await loadAntdLocale(language);
    await changeLanguage(language);
  };

  return (
    <span ref={holder} className="language-switch">
      {/* The name holds the visible text (WCAG 2.5.3, label in name) and says what the button is for. */}
      <button
        ref={toggle}
        type="button"
        className={className}
        aria-label={`${t(`languageNames.${current}`)}, ${t('language')}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        <GlobalOutlined />
        <span>{t(`languageNames.${current}`)}</span>
      </button>
      <div id={listId} className="language-switch-list" hidden={!open}>
        {languages.map((language) => (
          <button
            key={language}
            type="button"
            lang={language}
            aria-current={language === current ? 'true' : undefined}
            className={language === current ? 'language-switch-item active' : 'language-switch-item'}
            onClick={() => choose(language)}
          >
            {t(`languageNames.${language}`)}
            {language === current && <CheckOutlined />}
          </button>
        ))}
      </div>
    </span>
  );
}
