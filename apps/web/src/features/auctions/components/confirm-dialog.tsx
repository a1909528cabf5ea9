import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A yes/no dialog; the confirm button carries `confirmTestId`. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmText,
  confirmTestId,
  danger = false,
  pending = false,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmText: string;
  confirmTestId?: string;
  danger?: boolean;
  pending?: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('auctions');
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      {children ? <DialogContent>{children}</DialogContent> : null}
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          onClick={onConfirm}
          disabled={pending}
          data-testid={confirmTestId}
        >
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
