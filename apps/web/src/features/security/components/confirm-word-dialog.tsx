import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationError } from '../../../components/mutation-error';

/** The word to type (spec §5: 'some confirmations require typing the word Confirm'). */
export const CONFIRM_WORD = 'Confirm';

export function isConfirmWord(value: string): boolean {
  return value.trim() === CONFIRM_WORD;
}

export interface ConfirmWordDialogProps {
  open: boolean;
  title: ReactNode;
  body: ReactNode;
  confirmLabel: ReactNode;
  pending?: boolean;
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** A destructive confirmation that is enabled only once the user has typed 'Confirm'. */
export function ConfirmWordDialog({
  open,
  title,
  body,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmWordDialogProps) {
  const { t } = useTranslation('security');
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (open) setTyped('');
  }, [open]);
  const ready = isConfirmWord(typed);

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {body}
        </Alert>
        <Typography sx={{ fontSize: 14, mb: 1 }}>{t('confirmWord.prompt', { word: CONFIRM_WORD })}</Typography>
        <TextField
          fullWidth
          size="small"
          autoFocus
          value={typed}
          placeholder={CONFIRM_WORD}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && ready && !pending) onConfirm();
          }}
          slotProps={{ htmlInput: { 'aria-label': t('confirmWord.label'), autoComplete: 'off', spellCheck: false } }}
        />
        <MutationError error={error} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" color="error" disabled={!ready || pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
