import { type Locale, resolveLocale } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';

/** The UI language as the contract names it (for field messages and other contract texts). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return resolveLocale(i18n.resolvedLanguage ?? i18n.language);
}
