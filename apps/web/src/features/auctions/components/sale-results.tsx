import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuctionSummary } from '@namebourse/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { KeyMetricsText } from '../../../components/auction/domain-metrics.tsx';
import { LiveCountdown } from '../../../components/auction/live-countdown.tsx';
import { LotTypeChip } from '../../../components/auction/lot-type-chip.tsx';
import { MoneyText } from '../../../components/auction/money-text.tsx';
import { useServerNow } from '../../../components/auction/server-clock.ts';
import { formatNumber } from '../../../lib/format.ts';
import { WatchToggle } from './watch-toggle.tsx';

export const lotPath = (auctionId: string) => `/sale/${encodeURIComponent(auctionId)}`;

function DomainName({ lot }: { lot: AuctionSummary }) {
  const { t } = useTranslation('auctions');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0, flexWrap: 'wrap' }}>
      <Link
        component={RouterLink}
        to={lotPath(lot.auctionId)}
        underline="hover"
        sx={{ fontWeight: 700, typography: 'textLg', color: 'text.primary', wordBreak: 'break-all' }}
        data-testid="sale-row-domain"
      >
        {lot.domain}
      </Link>
      {lot.isPremium ? (
        <Chip size="small" color="secondary" label={t('premium')} sx={{ height: 20, typography: 'text2xs' }} />
      ) : null}
    </Box>
  );
}

/** Desktop: one table row per lot. */
export function SaleTable({ items }: { items: AuctionSummary[] }) {
  const { t } = useTranslation('auctions');
  const now = useServerNow(true);
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 980, '& td, & th': { py: 1.25 } }} aria-label={t('sale.resultsLabel')}>
        <TableHead>
          <TableRow
            sx={{ '& th': { fontWeight: 700, color: 'text.secondary', typography: 'textSm', whiteSpace: 'nowrap' } }}
          >
            <TableCell padding="checkbox" />
            <TableCell>{t('columns.domain')}</TableCell>
            <TableCell>{t('columns.type')}</TableCell>
            <TableCell align="right">{t('columns.price')}</TableCell>
            <TableCell align="right">{t('columns.bids')}</TableCell>
            <TableCell align="right">{t('columns.bidders')}</TableCell>
            <TableCell>{t('columns.metrics')}</TableCell>
            <TableCell>{t('columns.timeLeft')}</TableCell>
            <TableCell align="right" />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((lot) => (
            <TableRow key={lot.auctionId} hover data-testid="sale-row" data-auction-id={lot.auctionId}>
              <TableCell padding="checkbox">
                <WatchToggle auctionId={lot.auctionId} isWatched={lot.isWatched} />
              </TableCell>
              <TableCell sx={{ maxWidth: 320 }}>
                <DomainName lot={lot} />
              </TableCell>
              <TableCell>
                <LotTypeChip type={lot.type} />
              </TableCell>
              <TableCell align="right">
                <MoneyText cents={lot.currentPriceCents} sx={{ fontWeight: 700 }} />
              </TableCell>
              <TableCell align="right">{formatNumber(lot.bidCount)}</TableCell>
              <TableCell align="right">{formatNumber(lot.bidderCount)}</TableCell>
              <TableCell>
                <KeyMetricsText metrics={lot.metrics} />
              </TableCell>
              <TableCell>
                <LiveCountdown
                  endsAt={lot.endsAt}
                  now={now}
                  sx={{ typography: 'textMd', fontWeight: 600 }}
                  data-testid="sale-row-countdown"
                />
              </TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  variant="contained"
                  component={RouterLink}
                  to={lotPath(lot.auctionId)}
                  data-testid="sale-row-bid"
                >
                  {t('sale.bid')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ typography: 'textXs', color: 'text.secondary' }}>{label}</Typography>
      <Typography component="div" sx={{ typography: 'textMd', fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Phones: one card per lot. */
export function SaleCards({ items }: { items: AuctionSummary[] }) {
  const { t } = useTranslation('auctions');
  const now = useServerNow(true);
  return (
    <Box sx={{ display: 'grid', gap: 1.25 }}>
      {items.map((lot) => (
        <Paper
          key={lot.auctionId}
          variant="outlined"
          sx={{ p: 1.75 }}
          data-testid="sale-row"
          data-auction-id={lot.auctionId}
        >
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <DomainName lot={lot} />
              <Box sx={{ mt: 0.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <LotTypeChip type={lot.type} />
                <KeyMetricsText metrics={lot.metrics} />
              </Box>
            </Box>
            <WatchToggle auctionId={lot.auctionId} isWatched={lot.isWatched} />
          </Box>
          <Box sx={{ mt: 1.25, display: 'grid', gridTemplateColumns: '1.2fr 1fr 1.3fr', gap: 1 }}>
            <Figure label={t('columns.price')}>
              <MoneyText cents={lot.currentPriceCents} sx={{ fontWeight: 800 }} />
            </Figure>
            <Figure label={t('columns.bidsBidders')}>
              {`${formatNumber(lot.bidCount)} / ${formatNumber(lot.bidderCount)}`}
            </Figure>
            <Figure label={t('columns.timeLeft')}>
              <LiveCountdown endsAt={lot.endsAt} now={now} data-testid="sale-row-countdown" />
            </Figure>
          </Box>
          <Button
            fullWidth
            size="small"
            variant="contained"
            component={RouterLink}
            to={lotPath(lot.auctionId)}
            sx={{ mt: 1.25 }}
            data-testid="sale-row-bid"
          >
            {t('sale.bid')}
          </Button>
        </Paper>
      ))}
    </Box>
  );
}
