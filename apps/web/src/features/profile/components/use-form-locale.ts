import { type Locale, resolveLocale } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';

/** The UI language as a contract locale (for field messages). */
export function useFormLocale(): Locale {
  const { i18n } = useTranslation();
  return resolveLocale(i18n.resolvedLanguage ?? i18n.language);
}
