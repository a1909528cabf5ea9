import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import {
  type ContactInfo,
  PROFILE_LIMITS,
  type SaveContactInfoRequest,
  SaveContactInfoRequestSchema,
} from '@namebourse/contract';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { contractErrorMap, fieldText } from '../../../lib/form-errors.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSaveContactInfo } from '../api/save-contact-info.ts';
import { isNewPhone } from '../lib/phone.ts';
import { codeMissing, placeSaveError } from '../lib/phone-code-save.ts';
import { FormActions } from './form-actions.tsx';
import { PhoneCodeFormFields } from './phone-code-fields.tsx';

type Values = z.input<typeof SaveContactInfoRequestSchema>;
const FIELDS = ['firstName', 'lastName', 'company', 'phone', 'phoneCountryCode', 'verifyCode'] as const;

/** Verification.CodeInvalid carries the attempts left. */
function attemptsLeftOf(data: unknown): number | undefined {
  const value = (data as { attemptsLeft?: unknown } | null)?.attemptsLeft;
  return typeof value === 'number' ? value : undefined;
}

export function ContactInfoForm({ info }: { info: ContactInfo }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const resolver = useMemo(
    () => zodResolver(SaveContactInfoRequestSchema, { error: contractErrorMap(locale, { invalidValue: 'choice' }) }),
    [locale],
  );
  const { control, handleSubmit, setError, setFocus, reset, formState } = useForm<
    Values,
    unknown,
    SaveContactInfoRequest
  >({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      firstName: info.firstName,
      lastName: info.lastName,
      company: info.company,
      phone: info.phone,
      phoneCountryCode: info.phoneCountryCode || '86',
      verifyCode: '',
    },
  });
  const [phone = '', phoneCountryCode = ''] = useWatch({ control, name: ['phone', 'phoneCountryCode'] });
  const needsCode = isNewPhone(
    { phone, phoneCountryCode },
    { phone: info.phone, phoneCountryCode: info.phoneCountryCode, verified: info.phoneVerified },
  );
  const mutation = useSaveContactInfo();
  const [failure, setFailure] = useState<unknown>(null);
  const form = { setError, setFocus };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    if (codeMissing(form, needsCode, values.verifyCode)) return;
    try {
      const saved = await mutation.mutateAsync({ ...values, verifyCode: needsCode ? values.verifyCode : undefined });
      reset({ ...values, phone: saved.phone, phoneCountryCode: saved.phoneCountryCode, verifyCode: '' });
      showToast(t('contact.saved'), 'success');
    } catch (error) {
      setFailure(
        placeSaveError(form, error, FIELDS, (codeError) => {
          const left = attemptsLeftOf(codeError.data);
          const suffix = left !== undefined ? ` ${t('phone.attemptsLeft', { count: left })}` : '';
          return `${codeError.message}${suffix}`;
        }),
      );
    }
  });

  const err = (name: (typeof FIELDS)[number]) => fieldText(formState.errors[name]?.message, locale);

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField
          control={control}
          name="firstName"
          label={t('contact.firstName')}
          required
          errorText={err('firstName')}
          slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.nameMax, autoComplete: 'given-name' } }}
        />
        <FormTextField
          control={control}
          name="lastName"
          label={t('contact.lastName')}
          required
          errorText={err('lastName')}
          slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.nameMax, autoComplete: 'family-name' } }}
        />
      </Box>
      <FormTextField
        control={control}
        name="company"
        label={t('contact.company')}
        errorText={err('company')}
        helperText={t('contact.companyHint')}
        slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.companyMax, autoComplete: 'organization' } }}
      />
      <TextField
        label={t('contact.email')}
        value={info.email}
        disabled
        helperText={t('contact.emailHint')}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <PhoneCodeFormFields
        control={control}
        err={err}
        sceneCode="UPDATE_CONTACT_PHONE"
        phoneLabel={t('contact.phone')}
        required
        needsCode={needsCode}
        names={{ phone: 'phone', code: 'verifyCode' }}
      />
      {failure ? <ErrorView error={failure} /> : null}
      {needsCode && info.phoneVerified ? (
        <Alert severity="info" variant="outlined">
          {t('contact.newPhoneNotice')}
        </Alert>
      ) : null}
      <FormActions
        dirty={formState.isDirty}
        pending={mutation.isPending}
        onReset={() => {
          reset();
          setFailure(null);
        }}
      />
    </Box>
  );
}
