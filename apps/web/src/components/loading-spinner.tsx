import CircularProgress, { type CircularProgressProps } from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

export interface LoadingSpinnerProps extends Omit<CircularProgressProps, 'variant' | 'value' | 'aria-label'> {
  /** What is loading, read by screen readers; common `status.loading` ("Loading…") by default. */
  label?: string;
  /**
   * For a spinner inside a control whose own text names it (a busy "Pay" button): hidden from screen
   * readers, so the control's name stays its text.
   */
  decorative?: boolean;
}

/**
 * The app's loading spinner (an indeterminate MUI CircularProgress): a progress bar named for screen readers,
 * or hidden from them when `decorative`. The one way a page or control shows it is waiting.
 */
export function LoadingSpinner({ label, decorative = false, ...rest }: LoadingSpinnerProps) {
  const { t } = useTranslation('common');
  if (decorative) return <CircularProgress aria-hidden {...rest} />;
  return <CircularProgress aria-label={label ?? t('status.loading')} {...rest} />;
}
