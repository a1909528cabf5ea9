import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveCountdown } from '../../../components/auction/live-countdown.tsx';
import { MoneyText } from '../../../components/auction/money-text.tsx';
import { useServerNow } from '../../../components/auction/server-clock.ts';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format.ts';
import { useDisplayTimeZone } from '../../../lib/render-env.ts';
import type { ReceivedAuction } from '../api/get-auction.ts';
import { auctionKeys } from '../api/keys.ts';
import { StandingBadge } from './lot-standing.tsx';

/** What the bid panel shows of a lot: its price, its figures and its time. */

const flash = keyframes`
  0% { background-color: rgba(18, 183, 106, 0.28); }
  100% { background-color: transparent; }
`;

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>{label}</Typography>
      <Typography
        component="div"
        sx={{ typography: 'textXl', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {children}
      </Typography>
    </Box>
  );
}

/** A label and an amount on one line. */
export function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography
        sx={{ typography: 'textMd', color: strong ? 'text.primary' : 'text.secondary', fontWeight: strong ? 700 : 400 }}
      >
        {label}
      </Typography>
      <Typography sx={{ typography: 'textMd', fontWeight: strong ? 800 : 600, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** What the price card's figure is: the current price, the starting price, the final (sold) price or the last. */
function PriceLabel({ lot }: { lot: ReceivedAuction }) {
  const { t } = useTranslation('auctions');
  if (lot.status === 'bidding') return t('lot.currentPrice');
  if (lot.status === 'scheduled') return t('lot.startPrice');
  return lot.status === 'ended' && lot.winningPriceCents !== null ? t('lot.finalPrice') : t('lot.closingPrice');
}

/** The current (or final) price, flashing when it changes live, and where I stand (or how it ended). */
export function LotPrice({ lot, priceTick }: { lot: ReceivedAuction; priceTick: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <Box>
        <Typography sx={{ typography: 'textSm', color: 'text.secondary' }} data-testid="lot-price-label">
          <PriceLabel lot={lot} />
        </Typography>
        <Box
          key={priceTick}
          sx={{ borderRadius: 1, px: 0.5, mx: -0.5, animation: priceTick > 0 ? `${flash} 1.6s ease-out` : 'none' }}
        >
          <MoneyText
            cents={lot.winningPriceCents ?? lot.currentPriceCents}
            sx={{ typography: 'priceFigure', fontWeight: 800, color: 'primary.main', lineHeight: 1.2 }}
            data-testid="lot-current-price"
          />
        </Box>
      </Box>
      <StandingBadge lot={lot} />
    </Box>
  );
}

/** Minimum next bid and increment (while bidding), bids and bidders. */
export function LotStats({ lot }: { lot: ReceivedAuction }) {
  const { t } = useTranslation('auctions');
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}>
      {/* Once bidding is over there is no next bid: only what happened stays. */}
      {lot.status === 'ended' || lot.status === 'cancelled' ? null : (
        <>
          <Stat label={t('lot.minNextBid')} testId="lot-min-next-bid">
            {formatMoney(lot.minNextBidCents)}
          </Stat>
          <Stat label={t('lot.increment')}>{formatMoney(lot.incrementCents)}</Stat>
        </>
      )}
      <Stat label={t('lot.bidCount')} testId="lot-bid-count">
        {formatNumber(lot.bidCount)}
      </Stat>
      <Stat label={t('lot.bidderCount')} testId="lot-bidder-count">
        {formatNumber(lot.bidderCount)}
      </Stat>
    </Box>
  );
}

/** Time left (while bidding), the end, a soft-close extension and the soft-close hint. */
export function LotTiming({ lot }: { lot: ReceivedAuction }) {
  const { t } = useTranslation('auctions');
  const timeZone = useDisplayTimeZone();
  const queryClient = useQueryClient();
  const open = lot.status === 'bidding';
  const now = useServerNow(open);
  const endsSoon = open && Date.parse(lot.endsAt) - now <= 5 * 60_000;
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>
        {open ? t('lot.timeLeft') : t('lot.endedAt')}
      </Typography>
      {open ? (
        <LiveCountdown
          endsAt={lot.endsAt}
          // The close is the sweeper's: ask again shortly after the time is up (the live stream may be down).
          onElapsed={() =>
            setTimeout(() => void queryClient.invalidateQueries({ queryKey: auctionKeys.detail(lot.auctionId) }), 2_000)
          }
          sx={{ typography: 'text6xl', fontWeight: 800 }}
          data-testid="lot-countdown"
        />
      ) : null}
      <Typography sx={{ typography: 'textMd' }}>
        {t('lot.endsAt')}{' '}
        <Box component="time" dateTime={lot.endsAt} sx={{ fontWeight: 600 }} data-testid="lot-ends-at">
          {formatDateTime(lot.endsAt, undefined, timeZone)}
        </Box>
      </Typography>
      {lot.isExtended ? (
        <Typography sx={{ typography: 'textSm', color: 'warning.main' }} data-testid="lot-extended">
          {t('lot.extended', { scheduled: formatDateTime(lot.scheduledEndsAt, undefined, timeZone) })}
        </Typography>
      ) : null}
      {open ? (
        <Typography
          sx={{
            typography: 'textSm',
            color: endsSoon ? 'error.main' : 'text.secondary',
            display: 'flex',
            gap: 0.5,
            alignItems: 'center',
          }}
          data-testid="lot-soft-close-hint"
        >
          <InfoOutlined sx={{ fontSize: 15 }} />
          {endsSoon ? t('lot.endsSoonHint') : t('lot.softCloseHint')}
        </Typography>
      ) : null}
    </Box>
  );
}
