import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import {
  type BillingInfo,
  type ContactInfo,
  isPostalCodeOptional,
  PROFILE_LIMITS,
  type RegionEntry,
  type SaveBillingInfoRequest,
  type SaveBillingInfoRequestSchema,
} from '@namebourse/contract';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { contractErrorMap, fieldText } from '../../../lib/form-errors.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSaveBillingInfo } from '../api/save-billing-info.ts';
import { billingSchema } from '../lib/billing-schema.ts';
import { isNewPhone } from '../lib/phone.ts';
import { codeMissing, placeSaveError } from '../lib/phone-code-save.ts';
import { FormActions } from './form-actions.tsx';
import { PhoneCodeFormFields } from './phone-code-fields.tsx';
import { RegionSelect } from './region-fields.tsx';

type Values = z.input<typeof SaveBillingInfoRequestSchema>;
const FIELDS = [
  'country',
  'province',
  'city',
  'postalCode',
  'address',
  'taxId',
  'phone',
  'phoneCountryCode',
  'verifyCode',
] as const;

export function BillingForm({
  info,
  contact,
  regions,
}: {
  info: BillingInfo;
  contact: ContactInfo | undefined;
  regions: readonly RegionEntry[];
}) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const resolver = useMemo(
    () => zodResolver(billingSchema(regions, locale), { error: contractErrorMap(locale, { invalidValue: 'choice' }) }),
    [regions, locale],
  );
  const { control, handleSubmit, setError, setFocus, setValue, reset, formState } = useForm<
    Values,
    unknown,
    SaveBillingInfoRequest
  >({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      country: info.country || 'CN',
      province: info.province,
      city: info.city,
      postalCode: info.postalCode,
      address: info.address,
      taxId: info.taxId,
      phone: info.phone,
      phoneCountryCode: info.phoneCountryCode || contact?.phoneCountryCode || '86',
      verifyCode: '',
    },
  });
  const [country = '', phone = '', phoneCountryCode = '', address = ''] = useWatch({
    control,
    name: ['country', 'phone', 'phoneCountryCode', 'address'],
  });
  const provinces = regions.find((entry) => entry.c === country)?.s ?? [];
  const typed = { phone, phoneCountryCode };
  const needsCode =
    isNewPhone(typed, { phone: info.phone, phoneCountryCode: info.phoneCountryCode, verified: info.phoneVerified }) &&
    isNewPhone(typed, {
      phone: contact?.phone ?? '',
      phoneCountryCode: contact?.phoneCountryCode ?? '',
      verified: Boolean(contact?.phoneVerified),
    });
  const mutation = useSaveBillingInfo();
  const [failure, setFailure] = useState<unknown>(null);
  const form = { setError, setFocus };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    if (codeMissing(form, needsCode, values.verifyCode)) return;
    try {
      const saved = await mutation.mutateAsync({
        ...values,
        phone: values.phone || undefined,
        phoneCountryCode: values.phone ? values.phoneCountryCode : undefined,
        verifyCode: needsCode ? values.verifyCode : undefined,
      });
      reset({ ...saved, phoneCountryCode: saved.phoneCountryCode || values.phoneCountryCode, verifyCode: '' });
      showToast(t('billing.saved'), 'success');
    } catch (error) {
      setFailure(placeSaveError(form, error, FIELDS));
    }
  });

  const err = (name: (typeof FIELDS)[number]) => fieldText(formState.errors[name]?.message, locale);
  const postalOptional = isPostalCodeOptional(country);

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Controller
          control={control}
          name="country"
          render={({ field }) => (
            <RegionSelect
              name="country"
              options={regions}
              value={field.value}
              onChange={(code) => {
                field.onChange(code);
                setValue('province', '', { shouldDirty: true });
              }}
              onBlur={field.onBlur}
              label={t('billing.country')}
              error={Boolean(err('country'))}
              helperText={err('country')}
            />
          )}
        />
        {provinces.length > 0 ? (
          <Controller
            control={control}
            name="province"
            render={({ field }) => (
              <RegionSelect
                name="province"
                options={provinces}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                label={t('billing.province')}
                error={Boolean(err('province'))}
                helperText={err('province')}
              />
            )}
          />
        ) : (
          <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
        )}
        <FormTextField
          control={control}
          name="city"
          label={t('billing.city')}
          required
          errorText={err('city')}
          slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.cityMax, autoComplete: 'address-level2' } }}
        />
        <FormTextField
          control={control}
          name="postalCode"
          label={t('billing.postalCode')}
          required={!postalOptional}
          errorText={err('postalCode')}
          helperText={postalOptional ? t('billing.postalOptional') : undefined}
          slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.postalCodeMax, autoComplete: 'postal-code' } }}
        />
      </Box>
      <FormTextField
        control={control}
        name="address"
        label={t('billing.address')}
        required
        multiline
        minRows={2}
        errorText={err('address')}
        helperText={t('billing.addressHint')}
        counter={{ count: address.length, max: PROFILE_LIMITS.addressMax, testId: 'address-counter' }}
        slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.addressMax, autoComplete: 'street-address' } }}
      />
      <FormTextField
        control={control}
        name="taxId"
        label={t('billing.taxId')}
        errorText={err('taxId')}
        helperText={country === 'CN' ? t('billing.taxIdHintCN') : t('billing.taxIdHint')}
        slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.taxIdMax } }}
      />
      <PhoneCodeFormFields
        control={control}
        err={err}
        sceneCode="UPDATE_BILLING_PHONE"
        phoneLabel={t('billing.phone')}
        needsCode={needsCode}
        names={{ phone: 'billingPhone', code: 'billingVerifyCode' }}
      />
      {failure ? <ErrorView error={failure} /> : null}
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
