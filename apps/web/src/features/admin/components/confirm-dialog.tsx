import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { isHandledByPipeline } from '../../../lib/api-client.ts';
import { applyServerFieldErrors, fieldText } from '../../../lib/form-errors.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { REVIEW_REASON_MAX, type ReviewReasonForm, reviewReasonSchema } from '../lib/forms.ts';

export type ReasonMode = 'none' | 'optional' | 'required';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, shown above the reason. */
  children: ReactNode;
  reason?: ReasonMode;
  reasonLabel?: string;
  confirmLabel: string;
  confirmColor?: 'primary' | 'success' | 'error' | 'warning';
  /** Runs the action; a rejection is shown in the dialog (which stays open), success closes it via the caller. */
  onConfirm: (reason: string) => Promise<void>;
  testId?: string;
}

const EMPTY: ReviewReasonForm = { reason: '' };

/** Asks before a review action or adjustment, with a reason when the action needs one; shows server errors. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  reason = 'none',
  reasonLabel,
  confirmLabel,
  confirmColor = 'primary',
  onConfirm,
  testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [error, setError] = useState<unknown>(null);
  const resolver = useMemo(() => zodResolver(reviewReasonSchema(reason === 'required')), [reason]);
  const form = useForm<ReviewReasonForm>({ resolver, defaultValues: EMPTY });
  const { reset, formState } = form;

  useEffect(() => {
    if (open) {
      reset(EMPTY);
      setError(null);
    }
  }, [open, reset]);

  const submit = form.handleSubmit(async ({ reason: text }) => {
    setError(null);
    try {
      await onConfirm(text);
    } catch (caught) {
      if (isHandledByPipeline(caught)) return;
      const { other, first } = applyServerFieldErrors(caught, ['reason'], form.setError);
      if (first && other.length === 0) return;
      setError(caught);
    }
  });

  const busy = formState.isSubmitting;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Box sx={{ typography: 'textLg', lineHeight: 1.7, color: 'text.secondary' }}>{children}</Box>
          {reason !== 'none' ? (
            <FormTextField
              control={form.control}
              name="reason"
              label={reasonLabel ?? t('review.reason')}
              required={reason === 'required'}
              multiline
              minRows={3}
              fullWidth
              autoFocus
              sx={{ mt: 2.5 }}
              slotProps={{ htmlInput: { maxLength: REVIEW_REASON_MAX } }}
              errorText={fieldText(formState.errors.reason?.message, locale)}
              helperText={t('review.reasonHint', { max: REVIEW_REASON_MAX })}
            />
          ) : null}
          {error ? (
            <Box sx={{ mt: 2 }}>
              <ErrorView error={error} />
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={confirmColor}
            disabled={busy}
            startIcon={busy ? <LoadingSpinner decorative size={16} color="inherit" /> : undefined}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
