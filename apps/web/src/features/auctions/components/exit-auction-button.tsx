import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useExitAuction } from '../api/exit-auction.ts';
import type { ReceivedAuction } from '../api/get-auction.ts';

/** 'Exit this auction' for a bidder who is not leading, after a confirmation (the deposit is released). */
export function ExitAuctionButton({ lot }: { lot: ReceivedAuction }) {
  const { t } = useTranslation('auctions');
  const exit = useExitAuction(lot.auctionId);
  const [exiting, setExiting] = useState(false);
  const canExit = lot.status === 'bidding' && lot.myMaxBidCents !== null && !lot.isLeading && !lot.hasExited;
  return (
    <>
      {canExit ? (
        <Button color="error" variant="outlined" onClick={() => setExiting(true)} data-testid="lot-exit">
          {t('exit.button')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={exiting}
        title={t('exit.title')}
        confirmLabel={t('exit.confirm')}
        cancelLabel={t('actions.cancel')}
        confirmTestId="lot-exit-confirm"
        danger
        pending={exit.isPending}
        onClose={() => setExiting(false)}
        onConfirm={() => exit.mutate(undefined, { onSettled: () => setExiting(false) })}
      >
        <Typography sx={{ typography: 'textMd', lineHeight: 1.7 }}>
          {t('exit.body', { deposit: formatMoney(lot.myDepositCents) })}
        </Typography>
      </ConfirmDialog>
    </>
  );
}
