import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type CheckoutProgress as Progress, progressPercent } from '../lib/checkout.ts';

/** A long checkout's progress: the bar (a progressbar with its value) and 'n of m'. */
export function CheckoutProgress({ progress }: { progress: Progress }) {
  const { t } = useTranslation('buying');
  const value = progressPercent(progress.done, progress.total);
  return (
    <Box sx={{ display: 'grid', gap: 0.75 }} data-testid="checkout-progress" aria-live="polite">
      <Typography sx={{ typography: 'textMd', fontWeight: 600 }}>
        {t('checkout.progress', { done: progress.done, total: progress.total })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={t('checkout.progressLabel')}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
