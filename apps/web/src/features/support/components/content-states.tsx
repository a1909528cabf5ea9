import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { isApiError } from '../../../lib/api-client.ts';

/** Placeholder while a Markdown document loads. */
export function DocSkeleton({ lines = 8 }: { lines?: number }) {
  const { t } = useTranslation('support');
  return (
    <Box role="status" aria-busy="true" aria-label={t('content.loading')}>
      <Skeleton variant="text" sx={{ fontSize: '2.2rem', width: '60%' }} />
      <Skeleton variant="text" sx={{ width: '35%', mb: 3 }} />
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <Skeleton key={index} variant="text" sx={{ width: index % 4 === 3 ? '70%' : '100%' }} />
      ))}
    </Box>
  );
}

/** A content load failure with a retry button. */
export function ContentError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('support');
  // Failed chunk loads carry technical messages; only server answers are shown as they are.
  const shown = isApiError(error) ? error : new Error(t('content.errorBody'));
  return <ErrorView error={shown} title={t('content.errorTitle')} onRetry={onRetry} />;
}
