import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { LoadingSpinner } from './loading-spinner.tsx';
import { MutationError } from './mutation-error.tsx';

/** The word typed to confirm a destructive action (spec §5: 'some confirmations require typing the word Confirm'). */
export const CONFIRM_WORD = 'Confirm';

/** Exactly the word, ignoring surrounding spaces (case matters, as the prompt shows it). */
export function isConfirmWord(value: string): boolean {
  return value.trim() === CONFIRM_WORD;
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What will happen. */
  children?: ReactNode;
  /** A warning above the body (or above the typed word). */
  warning?: ReactNode;
  confirmLabel: ReactNode;
  /** Shown on the confirm button while the action runs (else the confirm label). */
  pendingLabel?: ReactNode;
  cancelLabel: ReactNode;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  pending?: boolean;
  /** The action's error, shown in place (nothing for a cancelled MFA dialog). */
  error?: unknown;
  /** Ask the user to type CONFIRM_WORD first: the prompt above the field and the field's accessible name. */
  confirmWord?: { prompt: ReactNode; label: string };
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
  confirmTestId?: string;
}

/**
 * Asks before an action: title, what will happen, Cancel and the confirm button, disabled while the action runs;
 * the dialog cannot be dismissed meanwhile. With `confirmWord`, confirming waits for the typed word (Enter works).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  warning,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  danger = false,
  pending = false,
  error,
  confirmWord,
  onConfirm,
  onClose,
  testId,
  confirmTestId,
}: ConfirmDialogProps) {
  const titleId = useId();
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (open) setTyped('');
  }, [open]);
  const ready = !confirmWord || isConfirmWord(typed);

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        {warning ? (
          <Alert severity="warning" sx={{ mt: children ? 2 : 0, mb: confirmWord ? 2 : 0 }}>
            {warning}
          </Alert>
        ) : null}
        {confirmWord ? (
          <>
            <Typography sx={{ typography: 'textMd', mb: 1 }}>{confirmWord.prompt}</Typography>
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
              slotProps={{ htmlInput: { 'aria-label': confirmWord.label, autoComplete: 'off', spellCheck: false } }}
            />
          </>
        ) : null}
        <MutationError error={error} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={pending} color="inherit">
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          disabled={!ready || pending}
          onClick={onConfirm}
          startIcon={pending && !pendingLabel ? <LoadingSpinner decorative size={16} color="inherit" /> : undefined}
          data-testid={confirmTestId}
        >
          {pending && pendingLabel ? pendingLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
