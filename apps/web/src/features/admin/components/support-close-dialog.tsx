import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CHAT_LIMITS, type ChatCloseRequest, ChatCloseRequestSchema } from '@namebourse/contract';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorView } from '../../../components/api-feedback/error-view.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { applyServerFieldErrors, contractErrorMap, fieldText } from '../../../lib/form-errors.ts';
import { useLocale } from '../../../lib/use-locale.ts';

type CloseInput = z.input<typeof ChatCloseRequestSchema>;

/** Closes a conversation with a note for the transcript (required; the customer does not see it). */
export function SupportCloseDialog({
  open,
  name,
  onClose,
  onConfirm,
}: {
  open: boolean;
  /** Whose conversation (shown in the text). */
  name: string;
  onClose: () => void;
  onConfirm: (body: ChatCloseRequest) => Promise<void>;
}) {
  const { t } = useTranslation('admin-support');
  const locale = useLocale();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [error, setError] = useState<unknown>(null);
  const resolver = useMemo(() => zodResolver(ChatCloseRequestSchema, { error: contractErrorMap(locale) }), [locale]);
  const form = useForm<CloseInput, unknown, ChatCloseRequest>({ resolver, defaultValues: { note: '' } });
  const { reset, formState } = form;

  useEffect(() => {
    if (open) {
      reset({ note: '' });
      setError(null);
    }
  }, [open, reset]);

  const submit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      await onConfirm(body);
    } catch (caught) {
      const { first } = applyServerFieldErrors(caught, ['note'], form.setError);
      if (!first) setError(caught);
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
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{t('close.title')}</DialogTitle>
        <DialogContent>
          <Box sx={{ typography: 'textLg', lineHeight: 1.7, color: 'text.secondary' }}>{t('close.body', { name })}</Box>
          <FormTextField
            control={form.control}
            name="note"
            label={t('close.note')}
            required
            multiline
            minRows={3}
            fullWidth
            autoFocus
            sx={{ mt: 2.5 }}
            slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.closeNoteMax } }}
            errorText={fieldText(formState.errors.note?.message, locale)}
            helperText={t('close.noteHint', { max: CHAT_LIMITS.closeNoteMax })}
          />
          {error ? (
            <Box sx={{ mt: 2 }}>
              <ErrorView error={error} />
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            {t('close.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('close.closing') : t('close.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
