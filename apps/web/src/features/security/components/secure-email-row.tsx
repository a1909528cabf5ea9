import { zodResolver } from '@hookform/resolvers/zod';
import AlternateEmailRounded from '@mui/icons-material/AlternateEmailRounded';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { sendVerificationCode } from '../../../lib/verification-code.ts';
import { useUpdateSecureEmail } from '../api/update-secure-email.ts';
import { type SecureEmailForm, secureEmailSchema } from '../lib/forms.ts';
import { SECTION_IDS } from '../lib/security-checklist.ts';
import { SecureTargetDialog, SecureTargetRow } from './secure-target.tsx';

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

  return (
    <SecureTargetDialog
      kind="email"
      open={open}
      replacing={replacing}
      onClose={onClose}
      form={form}
      fields={FIELDS}
      update={update}
      canSend={/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())}
      onSend={() => sendVerificationCode({ sceneCode: 'MFA_BY_SECURITY_EMAIL', email: email.trim() })}
      target={(message) => (
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
      )}
    />
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
  return (
    <SecureTargetRow
      kind="email"
      id={SECTION_IDS.secureEmail}
      icon={<AlternateEmailRounded />}
      value={value}
      rule={allowed ? undefined : t('email.needsStrongMethod')}
      dialog={(props) => <SecureEmailDialog {...props} />}
    />
  );
}
