import { ACCOUNT_PATTERN, EMAIL_PATTERN, EN_CODE_PATTERN, MOBILE_PATTERN } from '@platform/shared';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useComponentsTranslation } from './i18n.ts';

/** admin.md §9: names and codes up to 50 characters, sort 0-999999. */
export const nameMax = 50;
export const sortMax = 999_999;

/**
 * The validation rules shared by the administration forms, with the spec's messages (admin.md §5,
 * "Reusable patterns"); the patterns are those the server checks (packages/shared).
 */
export function useAdminRules() {
  const { t, i18n } = useComponentsTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the messages follow the language
  return useMemo(() => {
    const required = (message: string): Rule => ({ required: true, whitespace: true, message });
    return {
      fullName: [required(t('rules.nameRequired')), { max: nameMax, message: t('rules.nameMax') }] as Rule[],
      enCode: [
        required(t('rules.codeRequired')),
        { max: nameMax, message: t('rules.codeMax') },
        { pattern: EN_CODE_PATTERN, message: t('rules.codePattern') },
      ] as Rule[],
      account: [
        required(t('rules.accountRequired')),
        { max: nameMax, message: t('rules.accountMax') },
        { pattern: ACCOUNT_PATTERN, message: t('rules.accountPattern') },
      ] as Rule[],
      mobile: [{ pattern: MOBILE_PATTERN, message: t('rules.mobile') }] as Rule[],
      email: [{ pattern: EMAIL_PATTERN, message: t('rules.email') }] as Rule[],
      select: (what: string): Rule[] => [{ required: true, message: t('rules.select', { what }) }],
      description: [{ max: 500, message: t('rules.descriptionMax') }] as Rule[],
    };
  }, [t, i18n.language]);
}
