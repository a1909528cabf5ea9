import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Payee } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/feedback-store';
import { useRevokePayee } from '../api/revoke-payee';
import { CONFIRM_WORD, isConfirmWord } from '../lib/confirm-word';
import { MutationError } from '../../../components/mutation-error';

/**
 * Revoking (withdrawing) a payee: confirmed by typing the word Confirm (spec §5), then MFA (the api-client's
 * dialog). Rendered only while open, so the typed word starts empty each time.
 */
export function RevokePayeeDialog({ payee, onClose }: { payee: Payee; onClose: () => void }) {
  const { t } = useTranslation('payouts');
  const revoke = useRevokePayee();
  const [typed, setTyped] = useState('');
  const ready = isConfirmWord(typed);

  const confirm = async () => {
    if (!ready || revoke.isPending) return;
    try {
      await revoke.mutateAsync(payee.payeeId);
      showToast(t('payees.revoke.done'), 'success');
      onClose();
    } catch {
      // Shown below (MutationError), or the user closed the MFA dialog.
    }
  };

  return (
    <Dialog
      open
      onClose={revoke.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="payee-revoke-title"
    >
      <DialogTitle id="payee-revoke-title">{t(`payees.revoke.title.${payee.type}`)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t(payee.type === 'wire' ? 'payees.revoke.bodyWire' : 'payees.revoke.bodyPaypal')}
        </Alert>
        <Typography sx={{ fontSize: 14, mb: 1 }}>{t('payees.revoke.prompt', { word: CONFIRM_WORD })}</Typography>
        <TextField
          fullWidth
          size="small"
          autoFocus
          value={typed}
          placeholder={CONFIRM_WORD}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void confirm();
          }}
          slotProps={{
            htmlInput: { 'aria-label': t('payees.revoke.wordLabel'), autoComplete: 'off', spellCheck: false },
          }}
        />
        <MutationError error={revoke.error} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={revoke.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={!ready || revoke.isPending}
          onClick={() => void confirm()}
          data-testid="payee-revoke-confirm"
        >
          {revoke.isPending ? t('actions.working') : t('payees.revoke.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
