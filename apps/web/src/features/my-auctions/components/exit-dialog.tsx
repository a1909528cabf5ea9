import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { MyAuction } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';

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
    <Dialog
      open={auction !== null}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="exit-dialog-title"
      data-testid="my-auction-exit-dialog"
    >
      <DialogTitle id="exit-dialog-title">{t('exit.title', { domain: auction?.domain ?? '' })}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ fontSize: 14, lineHeight: 1.7 }}>
          {t('exit.body', { deposit: formatMoney(auction?.myDepositCents ?? 0) })}
        </Typography>
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('exit.final')}
        </Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={pending} color="inherit">
          {t('exit.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={onConfirm}
          disabled={pending}
          data-testid="my-auction-exit-confirm"
        >
          {pending ? t('exit.exiting') : t('exit.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
