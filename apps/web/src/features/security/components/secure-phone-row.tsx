import SmartphoneRounded from '@mui/icons-material/SmartphoneRounded';
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
import { PhoneCountrySelect } from '../../../components/phone-country-select';
import { showToast } from '../../../lib/feedback-store';
import { sendVerificationCode } from '../../../lib/verification-code';
import { useUpdateSecureMobile } from '../api/update-secure-mobile';
import { type SecurePhoneForm, securePhoneSchema } from '../lib/forms';
import { SECTION_IDS } from '../lib/security-checklist';
import { CodeField } from './code-field';
import { MethodRow } from './method-row';
import { MutationError } from '../../../components/mutation-error';

const FIELDS = ['phoneCountryCode', 'phone', 'verifyCode'] as const;

function SecurePhoneDialog({ open, onClose, replacing }: { open: boolean; onClose: () => void; replacing: boolean }) {
  const { t } = useTranslation('security');
  const update = useUpdateSecureMobile();
  const form = useForm<SecurePhoneForm>({
    resolver: zodResolver(securePhoneSchema),
    defaultValues: { phoneCountryCode: '86', phone: '', verifyCode: '' },
    mode: 'onTouched',
  });
  const [phone, phoneCountryCode] = useWatch({ control: form.control, name: ['phone', 'phoneCountryCode'] });
  const canSend = /^\d{4,15}$/.test(phone.trim()) && Boolean(phoneCountryCode);

  const close = () => {
    update.reset();
    form.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      showToast(t('phone.updated'), 'success');
      close();
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, form.setError);
    }
  });

  const message = (key: string | undefined) => (key ? t(key) : ' ');

  return (
    <Dialog open={open} onClose={update.isPending ? undefined : close} fullWidth maxWidth="xs">
      <DialogTitle>{replacing ? t('phone.changeTitle') : t('phone.addTitle')}</DialogTitle>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogContent>
          <Typography color="text.secondary" sx={{ fontSize: 14, mb: 2, lineHeight: 1.6 }}>
            {t('phone.dialogHelp')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 1.5, pt: 0.5 }}>
            <Controller
              control={form.control}
              name="phoneCountryCode"
              render={({ field, fieldState }) => (
                <PhoneCountrySelect
                  value={field.value}
                  label={t('form.dialCode')}
                  onChange={field.onChange}
                  error={Boolean(fieldState.error)}
                  helperText={message(fieldState.error?.message)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="phone"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label={t('form.phone')}
                  error={Boolean(fieldState.error)}
                  helperText={message(fieldState.error?.message)}
                  slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel-national', maxLength: 15 } }}
                />
              )}
            />
          </Box>
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
              onSend={() =>
                sendVerificationCode({ sceneCode: 'UPDATE_SECURITY_PHONE', phone: phone.trim(), phoneCountryCode })
              }
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

export function SecurePhoneRow({ value }: { value: string | null }) {
  const { t } = useTranslation('security');
  const [open, setOpen] = useState(false);
  const set = Boolean(value?.trim());
  return (
    <MethodRow
      id={SECTION_IDS.securePhone}
      icon={<SmartphoneRounded />}
      title={t('phone.title')}
      description={t('phone.description')}
      done={set}
      value={value}
      statusLabel={set ? t('status.set') : t('status.notSet')}
      actions={
        <Button variant={set ? 'outlined' : 'contained'} onClick={() => setOpen(true)}>
          {set ? t('actions.change') : t('actions.add')}
        </Button>
      }
    >
      {open ? <SecurePhoneDialog open={open} replacing={set} onClose={() => setOpen(false)} /> : null}
    </MethodRow>
  );
}
