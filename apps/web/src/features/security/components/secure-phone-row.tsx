import { zodResolver } from '@hookform/resolvers/zod';
import SmartphoneRounded from '@mui/icons-material/SmartphoneRounded';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhoneCountrySelect } from '../../../components/phone-country-select.tsx';
import { sendVerificationCode } from '../../../lib/verification-code.ts';
import { useUpdateSecureMobile } from '../api/update-secure-mobile.ts';
import { type SecurePhoneForm, securePhoneSchema } from '../lib/forms.ts';
import { SECTION_IDS } from '../lib/security-checklist.ts';
import { SecureTargetDialog, SecureTargetRow } from './secure-target.tsx';

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

  return (
    <SecureTargetDialog
      kind="phone"
      open={open}
      replacing={replacing}
      onClose={onClose}
      form={form}
      fields={FIELDS}
      update={update}
      canSend={/^\d{4,15}$/.test(phone.trim()) && Boolean(phoneCountryCode)}
      onSend={() => sendVerificationCode({ sceneCode: 'UPDATE_SECURITY_PHONE', phone: phone.trim(), phoneCountryCode })}
      target={(message) => (
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
      )}
    />
  );
}

export function SecurePhoneRow({ value }: { value: string | null }) {
  return (
    <SecureTargetRow
      kind="phone"
      id={SECTION_IDS.securePhone}
      icon={<SmartphoneRounded />}
      value={value}
      dialog={(props) => <SecurePhoneDialog {...props} />}
    />
  );
}
