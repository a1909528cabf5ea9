import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import type { ReceivedAuction } from '../api/get-auction.ts';
import { BidForm } from './bid-form.tsx';
import { ExitAuctionButton } from './exit-auction-button.tsx';
import { Line, LotPrice, LotStats, LotTiming } from './lot-facts.tsx';
import { LotResult } from './lot-standing.tsx';

/** Price, time and the bid form of a lot (visitors are asked to sign in). */
export function BidPanel({ lot, priceTick }: { lot: ReceivedAuction; priceTick: number }) {
  const { t } = useTranslation('auctions');
  const open = lot.status === 'bidding';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 }, display: 'grid', gap: 2 }} data-testid="lot-bid-panel">
      <LotPrice lot={lot} priceTick={priceTick} />
      <LotStats lot={lot} />
      <Divider />
      <LotTiming lot={lot} />
      <LotResult lot={lot} />

      {lot.myMaxBidCents !== null ? (
        <Box
          sx={{ display: 'grid', gap: 0.5, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}
          data-testid="lot-mine"
        >
          <Line label={t('lot.myMax')} value={formatMoney(lot.myMaxBidCents)} />
          <Line label={t('lot.myDeposit')} value={formatMoney(lot.myDepositCents)} />
          {lot.myBidderName ? <Line label={t('lot.myBidderName')} value={lot.myBidderName} /> : null}
        </Box>
      ) : null}

      {lot.hasReserve ? (
        <Alert severity={lot.reserveMet ? 'success' : 'info'} data-testid="lot-reserve">
          {lot.reserveMet ? t('lot.reserveMet') : t('lot.reserveNotMet')}
        </Alert>
      ) : null}

      {open && lot.isMine ? (
        <Alert severity="info" data-testid="lot-own">
          {t('lot.ownLot')}
        </Alert>
      ) : null}
      {open && !lot.hasExited && !lot.isMine ? <BidForm lot={lot} /> : null}
      <ExitAuctionButton lot={lot} />
    </Paper>
  );
}
