import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SellerStatistics } from '@namebourse/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { averageCents } from './stats-rows.ts';

function Tile({
  label,
  value,
  children,
  testId,
}: {
  label: string;
  value: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
        {label}
      </Typography>
      <Typography
        sx={{
          typography: { xs: 'text2xl', md: 'text3xl' },
          fontWeight: 800,
          fontVariantNumeric: 'tabular-nums',
          mt: 0.5,
          overflowWrap: 'anywhere',
        }}
      >
        {value}
      </Typography>
      {children ? (
        <Typography color="text.secondary" sx={{ typography: 'textSm', mt: 0.25 }}>
          {children}
        </Typography>
      ) : null}
    </Paper>
  );
}

/** The acceptance rate of offers as a percentage ('25%'); '—' with none received. */
export function acceptanceRate(offers: SellerStatistics['offers'], lng: string): string {
  if (offers.received <= 0) return '—';
  return new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 1 }).format(
    offers.accepted / offers.received,
  );
}

/**
 * The headline figures: revenue (gross before tax), net, completed sales, average price, sales under way, offers
 * received and accepted (the acceptance rate) and the views of the listings.
 */
export function StatsTiles({ stats }: { stats: SellerStatistics }) {
  const { t, i18n } = useTranslation('seller-sales');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const money = (cents: number) => formatMoney(cents, lng);
  const average = averageCents(stats.totals);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}>
      <Tile label={t('stats.gross')} value={money(stats.totals.grossCents)} testId="stats-gross" />
      <Tile label={t('stats.net')} value={money(stats.totals.netCents)} testId="stats-net" />
      <Tile label={t('stats.count')} value={formatNumber(stats.totals.count, lng)} testId="stats-count" />
      <Tile label={t('stats.average')} value={average === null ? '—' : money(average)} testId="stats-average" />
      <Tile label={t('stats.inProgress')} value={formatNumber(stats.inProgress.count, lng)} testId="stats-in-progress">
        {t('stats.inProgressBody', { count: stats.inProgress.count, gross: money(stats.inProgress.grossCents) })}
      </Tile>
      <Tile label={t('stats.offersReceived')} value={formatNumber(stats.offers.received, lng)} testId="stats-offers">
        {t('stats.offersHint')}
      </Tile>
      <Tile
        label={t('stats.offersAccepted')}
        value={formatNumber(stats.offers.accepted, lng)}
        testId="stats-offers-accepted"
      >
        {t('stats.acceptanceRate', { rate: acceptanceRate(stats.offers, lng) })}
      </Tile>
      <Tile label={t('stats.views')} value={formatNumber(stats.views.total, lng)} testId="stats-views">
        {t('stats.viewsHint')}
      </Tile>
    </Box>
  );
}

/** The listings open now with the most views, each a link to its page in the seller centre. */
export function TopListings({ stats }: { stats: SellerStatistics }) {
  const { t, i18n } = useTranslation('seller-sales');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const top = stats.views.topListings;
  if (top.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
        {t('stats.noViews')}
      </Typography>
    );
  }
  return (
    <Box
      component="ol"
      aria-label={t('stats.topListings')}
      data-testid="stats-top-listings"
      sx={{ m: 0, pl: 3, display: 'grid', gap: 0.75 }}
    >
      {top.map((item) => (
        <Box component="li" key={item.listingId} sx={{ typography: 'textMd' }}>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', minWidth: 0 }}>
            <Link component={RouterLink} to={`/console/seller/${item.listingId}`} sx={{ overflowWrap: 'anywhere' }}>
              {item.domain}
            </Link>
            <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {t('stats.viewsCount', { count: item.views, formatted: formatNumber(item.views, lng) })}
            </Box>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
