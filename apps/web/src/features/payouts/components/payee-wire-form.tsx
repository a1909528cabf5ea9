import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { FUNDS_LIMITS, PAYEE_ACCOUNT_TYPES, type Payee } from '@namebourse/contract';
import { type Control, Controller, type FieldValues, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { fieldText } from '../../../lib/form-errors.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import {
  upperAsTyped,
  WIRE_FIELDS,
  type WireFields,
  type WireFormValues,
  wireDefaults,
  wireFormSchema,
} from '../lib/payee-form.ts';
import { FIELD_GRID, PayeeNameField, type Shell, type Submit, usePayeeResolver } from './payee-editor-form.tsx';

/** The wire-transfer payee: holder, bank, account number and type, SWIFT, signatory, address and ids. */
export function PayeeWireForm({ payee, submit, shell }: { payee: Payee | null; submit: Submit; shell: Shell }) {
  const { t } = useTranslation('payouts');
  const locale = useLocale();
  const resolver = usePayeeResolver(wireFormSchema);
  // The form holds strings ('' for an unchosen account type or a blank optional field); the resolver's output,
  // what handleSubmit receives, is the schema's parsed WireFields.
  const { control, handleSubmit, setError, setFocus, formState } = useForm<WireFormValues>({
    resolver: resolver as never,
    mode: 'onTouched',
    defaultValues: wireDefaults(payee),
  });
  const address = useWatch({ control, name: 'address' }) ?? '';
  const err = (name: keyof WireFormValues) => fieldText(formState.errors[name]?.message, locale);
  const masked = Boolean(payee?.accountNumber) && !wireDefaults(payee).accountNumber;

  const onSubmit = handleSubmit(async (values) => {
    const first = await submit<WireFormValues>(values as unknown as WireFields, WIRE_FIELDS, setError);
    if (first) setFocus(first);
  });

  return shell(
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={FIELD_GRID}>
        <PayeeNameField control={control} errorText={err('name')} />
        <FormTextField
          control={control}
          name="bankName"
          label={t('payees.field.bankName')}
          required
          errorText={err('bankName')}
          helperText={t('payees.hint.latin')}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <UpperCaseField
          control={control}
          name="accountNumber"
          label={t('payees.field.accountNumber')}
          required
          errorText={err('accountNumber')}
          helperText={masked ? t('payees.hint.accountNumberAgain') : t('payees.hint.accountNumber')}
          maxLength={40}
        />
        <UpperCaseField
          control={control}
          name="swiftCode"
          label={t('payees.field.swiftCode')}
          errorText={err('swiftCode')}
          helperText={t('payees.hint.swiftCode')}
          maxLength={11}
        />
        <Controller
          control={control}
          name="accountType"
          render={({ field }) => (
            <FormControl error={Boolean(err('accountType'))} required>
              <FormLabel id="payee-account-type" sx={{ typography: 'textSm' }}>
                {t('payees.field.accountType')}
              </FormLabel>
              <RadioGroup
                row
                aria-labelledby="payee-account-type"
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
              >
                {PAYEE_ACCOUNT_TYPES.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={
                      <Radio
                        size="small"
                        slotProps={{ input: { ref: value === 'personal' ? field.ref : undefined } }}
                      />
                    }
                    label={t(`payees.accountType.${value}`)}
                  />
                ))}
              </RadioGroup>
              {err('accountType') ? <FormHelperText>{err('accountType')}</FormHelperText> : null}
            </FormControl>
          )}
        />
        <FormTextField
          control={control}
          name="signatory"
          label={t('payees.field.signatory')}
          required
          errorText={err('signatory')}
          helperText={t('payees.hint.latin')}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
      </Box>
      <FormTextField
        control={control}
        name="address"
        label={t('payees.field.address')}
        required
        multiline
        minRows={2}
        errorText={err('address')}
        helperText={t('payees.hint.address', { min: FUNDS_LIMITS.payeeAddressMin, max: FUNDS_LIMITS.payeeAddressMax })}
        counter={{ count: address.trim().length, max: FUNDS_LIMITS.payeeAddressMax, testId: 'payee-address-counter' }}
        slotProps={{ htmlInput: { maxLength: FUNDS_LIMITS.payeeAddressMax } }}
      />
      <Box sx={FIELD_GRID}>
        <FormTextField
          control={control}
          name="businessRegistrationNumber"
          label={t('payees.field.businessRegistrationNumber')}
          errorText={err('businessRegistrationNumber')}
          helperText={t('payees.hint.businessRegistrationNumber')}
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
        <FormTextField
          control={control}
          name="idNumber"
          label={t('payees.field.idNumber')}
          required
          errorText={err('idNumber')}
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
      </Box>
    </Box>,
    () => void onSubmit(),
  );
}

/** A text field that upper-cases what is typed (bank account numbers and SWIFT codes). */
function UpperCaseField<T extends FieldValues>({
  maxLength,
  ...props
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  errorText: string | undefined;
  helperText: string;
  maxLength: number;
}) {
  return (
    <FormTextField
      {...props}
      normalize={upperAsTyped}
      slotProps={{ htmlInput: { maxLength, autoCapitalize: 'characters', spellCheck: false, autoComplete: 'off' } }}
    />
  );
}
