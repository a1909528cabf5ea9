import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../../lib/format.ts';
import type { ReceivedAuction } from '../api/get-auction.ts';
import { lotOutcome, myStanding } from '../lib/bid.ts';

/** Where I stand while bidding (Leading / Outbid / Exited); once closed, how it ended (Won / Not won / Sold…). */
export function StandingBadge({ lot }: { lot: ReceivedAuction }) {
  const { t } = useTranslation('auctions');
  if (lot.status === 'scheduled') return null;
  if (lot.status !== 'bidding') return <OutcomeBadge lot={lot} />;
  const standing = myStanding(lot);
  if (standing === null) return null;
  if (standing === 'exited') return <Chip size="small" label={t('standing.exited')} data-testid="lot-exited-badge" />;
  return (
    <Chip
      size="small"
      color={standing === 'leading' ? 'success' : 'error'}
      label={t(`standing.${standing}`)}
      data-testid="lot-leading-badge"
      data-state={standing}
      sx={{ fontWeight: 700 }}
    />
  );
}

/** How a closed lot ended, from my side: never 'Leading' once bidding is over. */
function OutcomeBadge({ lot }: { lot: ReceivedAuction }) {
  const { t } = useTranslation('auctions');
  const outcome = lotOutcome(lot);
  if (!outcome) return null;
  const label =
    lot.status === 'cancelled'
      ? 'cancelled'
      : outcome === 'won'
        ? 'won'
        : outcome === 'no_winner'
          ? 'noWinner'
          : lot.myMaxBidCents !== null
            ? 'lost'
            : 'sold';
  return (
    <Chip
      size="small"
      color={label === 'won' ? 'success' : 'default'}
      label={t(`outcome.${label}`)}
      data-testid="lot-outcome-badge"
      data-outcome={label}
      sx={{ fontWeight: 700 }}
    />
  );
}

/** The result of a closed lot: won at $X (with "Go to pay"), sold to another bidder, or no winner. */
export function LotResult({ lot }: { lot: ReceivedAuction }) {
  const { t } = useTranslation('auctions');
  const outcome = lotOutcome(lot);
  if (!outcome) return null;
  const price = lot.winningPriceCents === null ? '' : formatMoney(lot.winningPriceCents);
  const participated = lot.myMaxBidCents !== null;
  return (
    <Alert
      severity={outcome === 'won' ? 'success' : outcome === 'lost' ? 'info' : 'warning'}
      data-testid="lot-result"
      data-outcome={outcome}
      action={
        outcome === 'won' ? (
          <Button
            component={RouterLink}
            to="/console/auction/win"
            color="inherit"
            size="small"
            variant="outlined"
            data-testid="lot-go-pay"
            // One line at any width (390 px phones included): the message wraps, the button does not.
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {t('result.goPay')}
          </Button>
        ) : undefined
      }
    >
      <Typography sx={{ fontWeight: 700 }}>
        {lot.status === 'cancelled'
          ? t('result.cancelled')
          : outcome === 'won'
            ? t('result.won', { price })
            : outcome === 'lost'
              ? participated
                ? t('result.lostMine', { price })
                : t('result.sold', { price })
              : t('result.noWinner')}
      </Typography>
      {outcome === 'won' ? <Typography sx={{ typography: 'textMd' }}>{t('result.wonHint')}</Typography> : null}
    </Alert>
  );
}
