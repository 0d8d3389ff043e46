import { useTranslation } from 'react-i18next';
import { UnderConstruction } from './UnderConstruction.tsx';

/** Fixed routes of shell.md §2.2 whose features come with later issues (messages, workflow, mail). */
export function fixedPlaceholder(key: string) {
  return function FixedPlaceholder() {
    const { t } = useTranslation('shell');
    return <UnderConstruction name={t(key)} />;
  };
}
