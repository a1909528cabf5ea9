import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import TrendingUpRounded from '@mui/icons-material/TrendingUpRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MyAuction } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LiveCountdown } from '../../../components/auction/live-countdown.tsx';
import { LotTypeChip } from '../../../components/auction/lot-type-chip.tsx';
import { CardHead, CardList, ListCard, ListTable } from '../../../components/card-list.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format.ts';
import { canRaise, isOpen, STATE_COLOR } from '../lib/tabs.ts';
import { Caption } from './page-parts.tsx';

export interface MyAuctionListProps {
  items: MyAuction[];
  now: number;
  onExit: (auction: MyAuction) => void;
}

export const lotPath = (auctionId: string) => `/sale/${encodeURIComponent(auctionId)}`;

export function StateChip({ state }: { state: MyAuction['state'] }) {
  const { t } = useTranslation('myAuctions');
  return <StatusChip label={t(`state.${state}`)} tone={STATE_COLOR[state]} testId="my-auction-state" />;
}

function DomainLink({ auction, size = 14.5 }: { auction: MyAuction; size?: number }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={lotPath(auction.auctionId)}
        underline="hover"
        sx={{ fontWeight: 700, fontSize: size, overflowWrap: 'anywhere', color: 'text.primary' }}
      >
        {auction.domain}
      </Link>
      <LotTypeChip
        type={auction.type}
        sx={{ display: 'flex', width: 'fit-content', mt: 0.5, height: 20, typography: 'text2xs' }}
      />
    </Box>
  );
}

function Timing({ auction, now }: { auction: MyAuction; now: number }) {
  const { t } = useTranslation('myAuctions');
  if (isOpen(auction))
    return (
      <LiveCountdown
        endsAt={auction.endsAt}
        now={now}
        icon
        endedText={t('closing')}
        aria-label={t('columns.timeLeft')}
        sx={{ fontWeight: 700, typography: 'textMd' }}
      />
    );
  return (
    <Typography sx={{ typography: 'textMd', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatDateTime(auction.endsAt)}
    </Typography>
  );
}

function Actions({
  auction,
  onExit,
  fullWidth = false,
}: {
  auction: MyAuction;
  onExit: (auction: MyAuction) => void;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation('myAuctions');
  const raise = canRaise(auction);
  if (!raise && !auction.canExit) return null;
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        flexWrap: fullWidth ? 'wrap' : 'nowrap',
        justifyContent: fullWidth ? 'stretch' : 'flex-end',
        '& > *': fullWidth ? { flex: '1 1 0' } : {},
      }}
    >
      {raise ? (
        <Button
          variant="contained"
          size="small"
          component={RouterLink}
          to={lotPath(auction.auctionId)}
          startIcon={<TrendingUpRounded />}
          data-testid="my-auction-raise"
          sx={{ whiteSpace: 'nowrap', minHeight: 36 }}
        >
          {t('actions.raise')}
        </Button>
      ) : null}
      {auction.canExit ? (
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          startIcon={<LogoutOutlined />}
          onClick={() => onExit(auction)}
          aria-label={t('actions.exitLot', { domain: auction.domain })}
          data-testid="my-auction-exit"
          sx={{ whiteSpace: 'nowrap', minHeight: 36 }}
        >
          {t('actions.exit')}
        </Button>
      ) : null}
    </Box>
  );
}

const money = { fontVariantNumeric: 'tabular-nums', typography: 'textMd', whiteSpace: 'nowrap' } as const;

/** Desktop: one table row per lot. */
export function MyAuctionTable({ items, now, onExit }: MyAuctionListProps) {
  const { t } = useTranslation('myAuctions');
  return (
    <ListTable
      label={t('bidding.title')}
      minWidth={960}
      headPadding
      headNowrap
      head={
        <>
          <TableCell>{t('columns.domain')}</TableCell>
          <TableCell align="right">{t('columns.currentPrice')}</TableCell>
          <TableCell align="right">{t('columns.myMax')}</TableCell>
          <TableCell>{t('columns.state')}</TableCell>
          <TableCell align="right">{t('columns.bids')}</TableCell>
          <TableCell>{items.some(isOpen) ? t('columns.timeLeft') : t('columns.endedAt')}</TableCell>
          <TableCell align="right">{t('columns.deposit')}</TableCell>
          <TableCell align="right">{t('columns.actions')}</TableCell>
        </>
      }
    >
      <TableBody>
        {items.map((auction) => (
          <TableRow
            key={auction.auctionId}
            hover
            data-testid="my-auction-row"
            data-auction-id={auction.auctionId}
            data-state={auction.state}
            sx={{ '& td': { py: 1.5, verticalAlign: 'middle' } }}
          >
            <TableCell sx={{ minWidth: 180 }}>
              <DomainLink auction={auction} />
            </TableCell>
            <TableCell align="right">
              <Typography sx={{ ...money, fontWeight: 700 }} data-testid="my-auction-price">
                {formatMoney(auction.currentPriceCents)}
              </Typography>
            </TableCell>
            <TableCell align="right">
              <Typography sx={money} data-testid="my-auction-max">
                {formatMoney(auction.myMaxBidCents)}
              </Typography>
            </TableCell>
            <TableCell>
              <StateChip state={auction.state} />
            </TableCell>
            <TableCell align="right">
              <Typography sx={money}>{formatNumber(auction.bidCount)}</Typography>
            </TableCell>
            <TableCell>
              <Timing auction={auction} now={now} />
            </TableCell>
            <TableCell align="right">
              <Typography sx={money} data-testid="my-auction-deposit">
                {auction.myDepositCents > 0 ? formatMoney(auction.myDepositCents) : '--'}
              </Typography>
            </TableCell>
            <TableCell align="right">
              <Actions auction={auction} onExit={onExit} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ListTable>
  );
}

/** Phone: one card per lot. */
export function MyAuctionCards({ items, now, onExit }: MyAuctionListProps) {
  const { t } = useTranslation('myAuctions');
  return (
    <CardList>
      {items.map((auction) => (
        <ListCard
          key={auction.auctionId}
          data-testid="my-auction-row"
          data-auction-id={auction.auctionId}
          data-state={auction.state}
        >
          <CardHead end={<StateChip state={auction.state} />}>
            <DomainLink auction={auction} size={16} />
          </CardHead>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.25, mt: 1.5 }}>
            <Box>
              <Caption>{t('columns.currentPrice')}</Caption>
              <Typography sx={{ ...money, fontWeight: 700 }} data-testid="my-auction-price">
                {formatMoney(auction.currentPriceCents)}
              </Typography>
            </Box>
            <Box>
              <Caption>{t('columns.myMax')}</Caption>
              <Typography sx={money} data-testid="my-auction-max">
                {formatMoney(auction.myMaxBidCents)}
              </Typography>
            </Box>
            <Box>
              <Caption>{isOpen(auction) ? t('columns.timeLeft') : t('columns.endedAt')}</Caption>
              <Timing auction={auction} now={now} />
            </Box>
            <Box>
              <Caption>{t('columns.bidsAndDeposit')}</Caption>
              <Typography sx={money}>
                {formatNumber(auction.bidCount)} ·{' '}
                <span data-testid="my-auction-deposit">
                  {auction.myDepositCents > 0 ? formatMoney(auction.myDepositCents) : '--'}
                </span>
              </Typography>
            </Box>
          </Box>
          <Box sx={{ mt: 1.5 }}>
            <Actions auction={auction} onExit={onExit} fullWidth />
          </Box>
        </ListCard>
      ))}
    </CardList>
  );
}
