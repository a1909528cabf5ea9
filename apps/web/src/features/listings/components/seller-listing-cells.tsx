import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Listing } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { hasQuickSwitch, LISTING_STATUS_TONE } from '../lib/seller-filter.ts';

export const sellerDate = (value: string | null) => (value ? formatDate(value) : '--');

/** The status chip and, under it, the operator's reason (rejected, supplement asked). */
export function SellerStatus({ listing, reason = true }: { listing: Listing; reason?: boolean }) {
  const { t } = useTranslation('listings');
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <StatusChip
        label={t(`status.${listing.status}`)}
        tone={LISTING_STATUS_TONE[listing.status]}
        status={listing.status}
      />
      {reason ? <ReviewReason listing={listing} /> : null}
    </Box>
  );
}

/** The operator's reason (rejected, supplement asked), in the error colour. */
export function ReviewReason({ listing }: { listing: Listing }) {
  const { t } = useTranslation('listings');
  if (!listing.reviewReason) return null;
  return (
    <Typography
      component="span"
      data-testid="review-reason"
      sx={{ display: 'block', typography: 'textSm', color: 'error.dark', maxWidth: 220, overflowWrap: 'anywhere' }}
    >
      {t('seller.reviewReason', { reason: listing.reviewReason })}
    </Typography>
  );
}

/** The price buyers see now (auction: the start price; offer: buy now, or the floor, or 'open to offers'). */
export function SellerPrice({ listing }: { listing: Listing }) {
  const { t } = useTranslation('listings');
  if (listing.mode === 'auction') {
    return listing.startPriceCents !== null
      ? t('seller.startsAt', { price: formatMoney(listing.startPriceCents) })
      : '--';
  }
  if (listing.priceCents !== null) {
    return (
      <>
        {formatMoney(listing.priceCents)}
        {listing.mode === 'offer' && listing.floorCents !== null ? (
          <Typography variant="caption" color="text.secondary" component="div">
            {t('seller.floor', { price: formatMoney(listing.floorCents) })}
          </Typography>
        ) : null}
      </>
    );
  }
  if (listing.floorCents !== null) return t('seller.floor', { price: formatMoney(listing.floorCents) });
  return t('seller.openToOffers');
}

/**
 * The quick-listing switch of an approved listing (on = listed): disabled while the request is on its way, and
 * when an ownership proof went missing (only a new proof lifts that pause), with the reason beside it.
 */
export function QuickSwitch({
  listing,
  busy,
  onToggle,
}: {
  listing: Listing;
  busy: boolean;
  onToggle: (listing: Listing, listed: boolean) => void;
}) {
  const { t } = useTranslation('listings');
  if (!hasQuickSwitch(listing.status)) {
    return (
      <Typography component="span" color="text.secondary" sx={{ typography: 'textMd' }}>
        --
      </Typography>
    );
  }
  const listed = listing.quickStatus === 'listed';
  const lockedByOwnership = listing.pausedReason === 'ownership';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <Switch
        size="small"
        checked={listed}
        disabled={busy || lockedByOwnership}
        onChange={() => onToggle(listing, !listed)}
        slotProps={{ input: { 'aria-label': t('seller.quickSwitch', { domain: listing.domain }) } }}
      />
      <Typography
        component="span"
        sx={{
          typography: 'textMd',
          maxWidth: 150,
          color: listed ? 'success.dark' : lockedByOwnership ? 'error.dark' : 'text.secondary',
        }}
      >
        {listed
          ? t('quick.listed')
          : listing.pausedReason
            ? t(`pauseReason.${listing.pausedReason}`)
            : t('quick.paused')}
      </Typography>
    </Box>
  );
}
