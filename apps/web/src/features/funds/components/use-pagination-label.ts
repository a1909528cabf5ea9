import type { PaginationProps } from '@mui/material/Pagination';
import { useTranslation } from 'react-i18next';

/** Localised accessible names of the pagination buttons ('Go to page 2', 'Next page'). */
export function usePaginationLabel(): NonNullable<PaginationProps['getItemAriaLabel']> {
  const { t } = useTranslation('funds');
  return (type, page, selected) => {
    if (type === 'page') return selected ? t('pagination.current', { page }) : t('pagination.page', { page });
    if (type === 'previous') return t('pagination.previous');
    if (type === 'next') return t('pagination.next');
    if (type === 'first') return t('pagination.first');
    return t('pagination.last');
  };
}
