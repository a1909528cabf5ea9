import { useTranslation } from 'react-i18next';
import { type ContentLocale, toContentLocale } from '../content-store.ts';

/** The content language that matches the active UI language. */
export function useContentLocale(): ContentLocale {
  const { i18n } = useTranslation();
  return toContentLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** "15 June 2026" / "2026年6月15日" for an ISO calendar date (no time-zone shift). */
export function formatArticleDate(isoDate: string, locale: ContentLocale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}
