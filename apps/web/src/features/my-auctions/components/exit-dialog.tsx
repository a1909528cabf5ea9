import Typography from '@mui/material/Typography';
import type { MyAuction } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatMoney } from '../../../lib/format.ts';

/** Exiting is final for the lot; the deposit is released at once. */
export function ExitDialog({
  auction,
  pending,
  onClose,
  onConfirm,
}: {
  auction: MyAuction | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('myAuctions');
  return (
    <ConfirmDialog
      open={auction !== null}
      title={t('exit.title', { domain: auction?.domain ?? '' })}
      warning={t('exit.final')}
      confirmLabel={t('exit.confirm')}
      pendingLabel={t('exit.exiting')}
      cancelLabel={t('exit.cancel')}
      danger
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
      testId="my-auction-exit-dialog"
      confirmTestId="my-auction-exit-confirm"
    >
      <Typography color="text.secondary" sx={{ typography: 'textMd', lineHeight: 1.7 }}>
        {t('exit.body', { deposit: formatMoney(auction?.myDepositCents ?? 0) })}
      </Typography>
    </ConfirmDialog>
  );
}
