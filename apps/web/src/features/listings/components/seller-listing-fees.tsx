import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Listing } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useServerNow } from '../../../components/auction/index.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { usePublicParameters } from '../../../lib/public-parameters.ts';

/** A commission rate in basis points as a percentage ('5%', '2.5%'). */
export function commissionPercent(bps: number, lng: string): string {
  return new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}

/** The seller's offers page filtered to one listing. */
export function listingOffersLink(listingId: string): string {
  return `/console/offers?role=seller&listingId=${encodeURIComponent(listingId)}`;
}

/**
 * Whether the listing's fee lock still holds at `nowMs`, and the rate its sales pay now: the locked rate while
 * the lock holds, else today's (`todayBps`: the commission parameter in force, from the server; null while it is
 * not known; commissionRateAt on the server).
 */
export function feeLockState(
  listing: Pick<Listing, 'commissionBps' | 'feeLockedUntil'>,
  nowMs: number,
  todayBps: number | undefined,
): { locked: boolean; rateBps: number | null } {
  const locked = new Date(listing.feeLockedUntil).getTime() > nowMs;
  return { locked, rateBps: locked ? listing.commissionBps : (todayBps ?? null) };
}

/** "Commission 5% locked until <date>" (the fee lock), or that it ended and today's rate applies. */
export function FeeLock({ listing }: { listing: Listing }) {
  const { t, i18n } = useTranslation('listings');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const now = useServerNow(false);
  const todayBps = usePublicParameters().data?.commissionBps;
  const { locked, rateBps } = feeLockState(listing, now, todayBps);
  return (
    <Typography
      component="span"
      data-testid="fee-lock"
      sx={{ display: 'block', typography: 'textSm', color: 'text.secondary', overflowWrap: 'anywhere' }}
    >
      {locked
        ? t('seller.feeLock', {
            rate: commissionPercent(listing.commissionBps, lng),
            date: formatDate(listing.feeLockedUntil, lng),
          })
        : rateBps === null
          ? t('seller.feeLockEndedAt', { date: formatDate(listing.feeLockedUntil, lng) })
          : t('seller.feeLockEnded', {
              rate: commissionPercent(rateBps, lng),
              date: formatDate(listing.feeLockedUntil, lng),
            })}
    </Typography>
  );
}

/** The listing's page views and its open offers (a link to them on the seller's offers page). */
export function ListingActivity({ listing }: { listing: Listing }) {
  const { t, i18n } = useTranslation('listings');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Box sx={{ display: 'grid', gap: 0.25, typography: 'textMd' }} data-testid="listing-activity">
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {t('seller.views', { count: listing.views, formatted: formatNumber(listing.views, lng) })}
      </Box>
      {listing.openOffers > 0 ? (
        <Link
          component={RouterLink}
          to={listingOffersLink(listing.listingId)}
          aria-label={t('seller.openOffersOf', { count: listing.openOffers, domain: listing.domain })}
          sx={{ typography: 'textMd', fontWeight: 600 }}
        >
          {t('seller.openOffers', { count: listing.openOffers })}
        </Link>
      ) : (
        <Typography component="span" color="text.secondary" sx={{ typography: 'textSm' }}>
          {t('seller.noOpenOffers')}
        </Typography>
      )}
    </Box>
  );
}
