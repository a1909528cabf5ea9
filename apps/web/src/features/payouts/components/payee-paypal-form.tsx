import Box from '@mui/material/Box';
import type { Payee } from '@namebourse/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { fieldText } from '../../../lib/form-errors.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import {
  PAYPAL_FIELDS,
  type PaypalFields,
  type PaypalFormValues,
  paypalDefaults,
  paypalFormSchema,
} from '../lib/payee-form.ts';
import { FIELD_GRID, PayeeNameField, type Shell, type Submit, usePayeeResolver } from './payee-editor-form.tsx';

/** The PayPal payee: holder and PayPal account. */
export function PayeePaypalForm({ payee, submit, shell }: { payee: Payee | null; submit: Submit; shell: Shell }) {
  const { t } = useTranslation('payouts');
  const locale = useLocale();
  const resolver = usePayeeResolver(paypalFormSchema);
  const { control, handleSubmit, setError, setFocus, formState } = useForm<PaypalFormValues, unknown, PaypalFields>({
    resolver,
    mode: 'onTouched',
    defaultValues: paypalDefaults(payee),
  });
  const err = (name: keyof PaypalFormValues) => fieldText(formState.errors[name]?.message, locale);

  const onSubmit = handleSubmit(async (fields) => {
    const first = await submit<PaypalFormValues>(fields, PAYPAL_FIELDS, setError);
    if (first) setFocus(first);
  });

  return shell(
    <Box sx={FIELD_GRID}>
      <PayeeNameField control={control} errorText={err('name')} />
      <FormTextField
        control={control}
        name="paypalAccount"
        type="email"
        label={t('payees.field.paypalAccount')}
        required
        errorText={err('paypalAccount')}
        slotProps={{ htmlInput: { maxLength: 120, autoComplete: 'email' } }}
      />
    </Box>,
    () => void onSubmit(),
  );
}
