import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import {
  type ContactInfo,
  PROFILE_LIMITS,
  type SaveContactInfoRequest,
  SaveContactInfoRequestSchema,
} from '@namebourse/contract';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorView } from '../../../components/api-feedback';
import { isApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/feedback-store';
import { useSaveContactInfo } from '../api/save-contact-info';
import { sendVerificationCode } from '../../../lib/verification-code';
import { FormTextField } from '../../../components/form-text-field';
import { applyServerFieldErrors, fieldText, contractErrorMap } from '../../../lib/form-errors';
import { useLocale } from '../../../lib/use-locale';
import { isNewPhone, looksLikePhone } from '../lib/phone';
import { PhoneCodeFields } from './phone-code-fields';

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

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    if (needsCode && !values.verifyCode) {
      setError('verifyCode', { type: 'required', message: 'verifyCodeRequired' });
      setFocus('verifyCode');
      return;
    }
    try {
      const saved = await mutation.mutateAsync({ ...values, verifyCode: needsCode ? values.verifyCode : undefined });
      reset({ ...values, phone: saved.phone, phoneCountryCode: saved.phoneCountryCode, verifyCode: '' });
      showToast(t('contact.saved'), 'success');
    } catch (error) {
      if (isApiError(error) && error.code.startsWith('Verification.Code')) {
        const left = attemptsLeftOf(error.data);
        const suffix = left !== undefined ? ` ${t('phone.attemptsLeft', { count: left })}` : '';
        setError('verifyCode', { type: 'server', message: `${error.message}${suffix}` });
        setFocus('verifyCode');
        return;
      }
      const { first, other } = applyServerFieldErrors<Values>(error, FIELDS, setError);
      if (first) setFocus(first);
      else if (other.length === 0) setFailure(error);
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
      <Controller
        control={control}
        name="phoneCountryCode"
        render={({ field: dial }) => (
          <Controller
            control={control}
            name="phone"
            render={({ field: phoneField }) => (
              <Controller
                control={control}
                name="verifyCode"
                render={({ field: codeField }) => (
                  <PhoneCodeFields
                    dialCode={dial.value}
                    onDialCode={dial.onChange}
                    dialCodeError={err('phoneCountryCode')}
                    phone={phoneField.value}
                    onPhone={phoneField.onChange}
                    onPhoneBlur={phoneField.onBlur}
                    phoneError={err('phone')}
                    phoneLabel={t('contact.phone')}
                    required
                    needsCode={needsCode}
                    code={codeField.value ?? ''}
                    onCode={codeField.onChange}
                    codeError={err('verifyCode')}
                    canSend={looksLikePhone(phone) && Boolean(phoneCountryCode)}
                    onSendCode={() =>
                      sendVerificationCode({ sceneCode: 'UPDATE_CONTACT_PHONE', phone: phone.trim(), phoneCountryCode })
                    }
                    names={{ phone: 'phone', code: 'verifyCode' }}
                  />
                )}
              />
            )}
          />
        )}
      />
      {failure ? <ErrorView error={failure} /> : null}
      {needsCode && info.phoneVerified ? (
        <Alert severity="info" variant="outlined">
          {t('contact.newPhoneNotice')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button
          type="button"
          disabled={!formState.isDirty || mutation.isPending}
          onClick={() => {
            reset();
            setFailure(null);
          }}
        >
          {t('actions.reset')}
        </Button>
        <Button type="submit" variant="contained" disabled={mutation.isPending} sx={{ minWidth: 120 }}>
          {mutation.isPending ? t('actions.saving') : t('actions.save')}
        </Button>
      </Box>
    </Box>
  );
}
