import AlternateEmailRounded from '@mui/icons-material/AlternateEmailRounded';
import Alert from '@mui/material/Alert';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeButton } from '../../../components/api-feedback';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { showToast } from '../../../lib/feedback-store';
import { sendVerificationCode } from '../../../lib/verification-code';
import { useUpdateSecureEmail } from '../api/update-secure-email';
import { type SecureEmailForm, secureEmailSchema } from '../lib/forms';
import { SECTION_IDS } from '../lib/security-checklist';
import { CodeField } from './code-field';
import { MethodRow } from './method-row';
import { MutationError } from '../../../components/mutation-error';

const FIELDS = ['email', 'verifyCode'] as const;

function SecureEmailDialog({ open, onClose, replacing }: { open: boolean; onClose: () => void; replacing: boolean }) {
  const { t } = useTranslation('security');
  const update = useUpdateSecureEmail();
  const form = useForm<SecureEmailForm>({
    resolver: zodResolver(secureEmailSchema),
    defaultValues: { email: '', verifyCode: '' },
    mode: 'onTouched',
  });
  const email = useWatch({ control: form.control, name: 'email' });
  const canSend = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

  const close = () => {
    update.reset();
    form.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      showToast(t('email.updated'), 'success');
      close();
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, form.setError);
    }
  });

  const message = (key: string | undefined) => (key ? t(key) : ' ');

  return (
    <Dialog open={open} onClose={update.isPending ? undefined : close} fullWidth maxWidth="xs">
      <DialogTitle>{replacing ? t('email.changeTitle') : t('email.addTitle')}</DialogTitle>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogContent>
          <Typography color="text.secondary" sx={{ fontSize: 14, mb: 2, lineHeight: 1.6 }}>
            {t('email.dialogHelp')}
          </Typography>
          <Controller
            control={form.control}
            name="email"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                fullWidth
                type="email"
                label={t('form.email')}
                error={Boolean(fieldState.error)}
                helperText={message(fieldState.error?.message)}
                slotProps={{ htmlInput: { autoComplete: 'email' } }}
                sx={{ mt: 0.5 }}
              />
            )}
          />
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mt: 1 }}>
            <Controller
              control={form.control}
              name="verifyCode"
              render={({ field, fieldState }) => (
                <CodeField
                  {...field}
                  label={t('form.code')}
                  sx={{ flex: 1 }}
                  error={Boolean(fieldState.error)}
                  helperText={message(fieldState.error?.message)}
                />
              )}
            />
            <CodeButton
              sx={{ height: 56, flexShrink: 0, minWidth: 112 }}
              disabled={!canSend}
              onSend={() => sendVerificationCode({ sceneCode: 'MFA_BY_SECURITY_EMAIL', email: email.trim() })}
            />
          </Box>
          <MutationError error={update.error} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={update.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {update.isPending ? t('actions.working') : t('actions.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function SecureEmailRow({
  value,
  allowed,
}: {
  value: string | null;
  /** A secure phone or an authenticator exists: a secure email cannot be the only method (spec §6). */
  allowed: boolean;
}) {
  const { t } = useTranslation('security');
  const [open, setOpen] = useState(false);
  const set = Boolean(value?.trim());
  return (
    <MethodRow
      id={SECTION_IDS.secureEmail}
      icon={<AlternateEmailRounded />}
      title={t('email.title')}
      description={t('email.description')}
      done={set}
      value={value}
      statusLabel={set ? t('status.set') : t('status.notSet')}
      actions={
        <Button
          variant={set ? 'outlined' : 'contained'}
          onClick={() => setOpen(true)}
          disabled={!allowed}
          aria-describedby={allowed ? undefined : `${SECTION_IDS.secureEmail}-rule`}
        >
          {set ? t('actions.change') : t('actions.add')}
        </Button>
      }
    >
      {allowed ? null : (
        <Alert id={`${SECTION_IDS.secureEmail}-rule`} severity="info" sx={{ mt: 2 }}>
          {t('email.needsStrongMethod')}
        </Alert>
      )}
      {open && allowed ? <SecureEmailDialog open={open} replacing={set} onClose={() => setOpen(false)} /> : null}
    </MethodRow>
  );
}
