import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Listing } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatusChip } from '../../../components/status-chip.tsx';
import { SuccessMark } from '../../../components/success-mark.tsx';
import { LISTING_STATUS_TONE } from '../lib/seller-filter.ts';

/** After listing one domain: its status (on sale at once, or waiting for review) and the ways on. */
export function CreateSuccess({ listing, onAnother }: { listing: Listing; onAnother: () => void }) {
  const { t } = useTranslation('listings');
  const onSale = listing.status === 'on_sale';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }} data-testid="create-success">
      <SuccessMark />
      <Typography component="h2" variant="h6" sx={{ mt: 1.5 }} role="status">
        {onSale
          ? t('create.success.onSale', { domain: listing.domain })
          : t('create.success.pending', { domain: listing.domain })}
      </Typography>
      <Box sx={{ mt: 1 }}>
        <StatusChip
          label={t(`status.${listing.status}`)}
          tone={LISTING_STATUS_TONE[listing.status]}
          status={listing.status}
        />
      </Box>
      <Typography
        color="text.secondary"
        sx={{ mt: 1, typography: 'textMd', maxWidth: 520, mx: 'auto', lineHeight: 1.7 }}
      >
        {onSale ? t('create.success.onSaleBody') : t('create.success.pendingBody')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap', mt: 2.5 }}>
        <Button
          variant="contained"
          component={RouterLink}
          to={`/console/seller/${encodeURIComponent(listing.listingId)}`}
        >
          {t('create.success.edit')}
        </Button>
        <Button variant="outlined" onClick={onAnother}>
          {t('create.success.another')}
        </Button>
        {onSale && listing.mode !== 'auction' ? (
          <Button variant="outlined" component={RouterLink} to={`/market/${encodeURIComponent(listing.domain)}`}>
            {t('create.success.market')}
          </Button>
        ) : null}
        <Button component={RouterLink} to="/console/seller">
          {t('create.success.all')}
        </Button>
      </Box>
    </Paper>
  );
}
