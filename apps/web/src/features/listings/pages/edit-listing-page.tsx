import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { isRowIdText } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useListing } from '../api/get-listing.ts';
import { CalendarSection } from '../components/calendar-section.tsx';
import { EditFeeLock } from '../components/edit-fee-lock.tsx';
import { EditHeader } from '../components/edit-header.tsx';
import { EditPendingBanner } from '../components/edit-pending-banner.tsx';
import { EditSaleSettings } from '../components/edit-sale-settings.tsx';
import { LogoSection } from '../components/logo-section.tsx';
import { PresentationSection } from '../components/presentation-section.tsx';
import { SELLER_CENTRE_PATH } from '../lib/edit-rules.ts';

function EditLoading() {
  const { t } = useTranslation('listing-edit');
  return (
    <Box
      sx={{ display: 'grid', gap: 2.5 }}
      role="status"
      aria-busy="true"
      aria-label={t('loading')}
      data-testid="edit-loading"
    >
      <Skeleton variant="text" width="50%" height={56} />
      {[180, 260, 220].map((height) => (
        <Skeleton key={height} variant="rounded" height={height} />
      ))}
    </Box>
  );
}

function EditNotFound() {
  const { t } = useTranslation('listing-edit');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }} data-testid="edit-not-found">
      <SearchOffRounded sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h5" component="h1" sx={{ mt: 1.5, typography: 'text3xl' }}>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {t('notFound.body')}
      </Typography>
      <Button component={RouterLink} to={SELLER_CENTRE_PATH} variant="contained">
        {t('notFound.back')}
      </Button>
    </Paper>
  );
}

/**
 * /console/seller/:listingId: one listing of the seller centre — its status and quick switch, sale settings, its
 * commission (the fee lock) with the net at the current price, views and open offers, price calendar, presentation (industries, keywords, descriptions) and logo.
 */
export function EditListingPage() {
  const { t } = useTranslation(['listing-edit', 'listings']);
  const { listingId = '' } = useParams();
  const valid = isRowIdText(listingId);
  const query = useListing(valid ? listingId : '0');
  const listing = valid ? query.data : undefined;
  usePageTitle(listing ? t('pageTitle', { domain: listing.domain }) : t('title'));

  let body: React.ReactNode;
  if (!valid || (isApiError(query.error) && query.error.code === 'Listing.NotFound')) body = <EditNotFound />;
  else if (query.error && !listing)
    body = (
      <Box>
        <Typography variant="h5" component="h1" sx={{ typography: 'text5xl', mb: 2 }}>
          {t('title')}
        </Typography>
        <ErrorView error={query.error} onRetry={() => void query.refetch()} />
      </Box>
    );
  else if (!listing) body = <EditLoading />;
  else
    body = (
      <>
        <EditHeader listing={listing} />
        {listing.status === 'modification_review' ? <EditPendingBanner listing={listing} /> : null}
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: { xs: 2, md: 2.5 } }}>
          <EditSaleSettings key={`sale-${listing.listingId}`} listing={listing} />
          <EditFeeLock listing={listing} />
          <CalendarSection key={`calendar-${listing.listingId}`} listing={listing} />
          <PresentationSection key={`presentation-${listing.listingId}`} listing={listing} />
          <LogoSection key={`logo-${listing.listingId}`} listing={listing} />
        </Box>
      </>
    );

  return (
    <Box data-testid="edit-listing-page" sx={{ pb: { xs: 3, md: 0 } }}>
      {body}
    </Box>
  );
}
