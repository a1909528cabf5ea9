import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';

/**
 * A small form dialog of this page: a title naming it, the body, Cancel and the submit button (a form, so Enter
 * submits); it cannot be dismissed while the request runs.
 */
export function DialogFrame({
  title,
  children,
  submitLabel,
  cancelLabel,
  pending = false,
  submitDisabled = false,
  onSubmit,
  onClose,
  testId,
  maxWidth = 'xs',
}: {
  title: ReactNode;
  children: ReactNode;
  /** Without one, only the close button shows (a report). */
  submitLabel?: ReactNode;
  cancelLabel: ReactNode;
  pending?: boolean;
  submitDisabled?: boolean;
  onSubmit?: () => void;
  onClose: () => void;
  testId?: string;
  maxWidth?: 'xs' | 'sm';
}) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      data-testid={testId}
      slotProps={{
        paper: {
          component: 'form',
          noValidate: true,
          onSubmit: (event: React.FormEvent) => {
            event.preventDefault();
            if (!pending && !submitDisabled) onSubmit?.();
          },
        } as object,
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={pending} color="inherit">
          {cancelLabel}
        </Button>
        {submitLabel ? (
          <Button
            type="submit"
            variant="contained"
            disabled={pending || submitDisabled}
            startIcon={pending ? <LoadingSpinner decorative size={16} color="inherit" /> : undefined}
          >
            {submitLabel}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
