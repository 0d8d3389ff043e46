import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode, MenuRoute } from './menu-routes.ts';

/**
 * A menu's title in the interface language. The server names menus in Chinese; the standard menus
 * have translations by enCode (namespace `shell`, `menuNames`), any other keeps its own name. In
 * Simplified Chinese the server's name always wins, so a renamed menu shows its new name.
 */
export function useMenuTitle() {
  const { t, i18n } = useTranslation('shell');
  const language = i18n.resolvedLanguage;
  return useCallback(
    (menu: Pick<MenuNode, 'enCode' | 'fullName'> | MenuRoute): string => {
      const fullName = 'fullName' in menu ? menu.fullName : menu.meta.title;
      if (language === 'zh-CN') return fullName;
      const names = t('menuNames', { returnObjects: true }) as Record<string, string> | string;
      return (typeof names === 'object' && names[menu.enCode]) || fullName;
    },
    [t, language],
  );
}
