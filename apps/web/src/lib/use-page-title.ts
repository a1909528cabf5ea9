import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets `document.title` to "<page> - <brand>" while the page is shown (the brand alone without a page). */
export function usePageTitle(page: string | undefined): void {
  const { t } = useTranslation('common');
  const brand = t('brand.name');
  const title = page ? `${page} - ${brand}` : brand;
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
