import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useCancelTransfer } from '../api/transfer-actions.ts';
import { TransferError } from './transfer-error.tsx';

/**
 * Cancelling a transfer out: confirmed in a dialog, asked of the registry (asynchronous), then 'cancellation
 * requested' until the registry answers (the result shows under Results).
 */
export function TransferCancel({ domain, disabled }: { domain: string; disabled: boolean }) {
  const { t } = useTranslation('transfers');
  const cancel = useCancelTransfer();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);

  const confirm = async () => {
    if (cancel.isPending) return;
    try {
      await cancel.mutateAsync(domain);
      setRequested(true);
      setOpen(false);
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <Box data-testid="transfer-cancel">
      <Typography color="text.secondary" sx={{ typography: 'textMd', lineHeight: 1.6 }}>
        {t('cancel.description')}
      </Typography>
      {requested ? (
        <Alert severity="info" role="status" sx={{ mt: 2 }}>
          {t('cancel.requested')}
        </Alert>
      ) : (
        <Button
          variant="outlined"
          color="error"
          sx={{ mt: 2 }}
          disabled={disabled}
          onClick={() => {
            cancel.reset();
            setOpen(true);
          }}
        >
          {t('cancel.button')}
        </Button>
      )}
      <ConfirmDialog
        open={open}
        title={t('cancel.confirmTitle', { domain })}
        confirmLabel={t('cancel.confirm')}
        pendingLabel={t('cancel.working')}
        cancelLabel={t('cancel.keep')}
        danger
        pending={cancel.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
        testId="transfer-cancel-dialog"
        confirmTestId="transfer-cancel-confirm"
      >
        <Typography sx={{ typography: 'textMd', lineHeight: 1.6 }}>{t('cancel.confirmBody')}</Typography>
        <TransferError error={cancel.error} testId="transfer-cancel-error" />
      </ConfirmDialog>
    </Box>
  );
}
