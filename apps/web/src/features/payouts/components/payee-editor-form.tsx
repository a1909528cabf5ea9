import { zodResolver } from '@hookform/resolvers/zod';
import { FUNDS_LIMITS } from '@namebourse/contract';
import { type ReactNode, useMemo } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { type applyServerFieldErrors, contractErrorMap } from '../../../lib/form-errors.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import type { PaypalFields, paypalFormSchema, WireFields, wireFormSchema } from '../lib/payee-form.ts';

// What the payee forms share: the editor's submit and frame, the resolver, the grid and the holder's name.

/** Saves; on failure puts the server's field messages under their fields and returns the first to focus. */
export type Submit = <T extends FieldValues>(
  fields: WireFields | PaypalFields,
  known: readonly Path<T>[],
  setError: Parameters<typeof applyServerFieldErrors<T>>[2],
) => Promise<Path<T> | null>;
/** The editor's frame around a form's fields: title, intro, files, error and buttons. */
export type Shell = (fields: ReactNode, onSubmit: () => void) => ReactNode;

/** The contract schema's resolver, its messages in the page's language. */
export function usePayeeResolver<S extends typeof wireFormSchema | typeof paypalFormSchema>(schema: S) {
  const locale = useLocale();
  return useMemo(
    () => zodResolver(schema, { error: contractErrorMap(locale, { invalidValue: 'choice' }) }),
    [schema, locale],
  );
}

/** Two columns from the small breakpoint up. */
export const FIELD_GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** The account holder's name (Latin letters), in both forms. */
export function PayeeNameField<T extends { name: string }>({
  control,
  errorText,
}: {
  control: Control<T>;
  errorText: string | undefined;
}) {
  const { t } = useTranslation('payouts');
  return (
    <FormTextField
      control={control as unknown as Control<{ name: string }>}
      name="name"
      label={t('payees.field.name')}
      required
      errorText={errorText}
      helperText={t('payees.hint.latin')}
      slotProps={{ htmlInput: { maxLength: FUNDS_LIMITS.payeeNameMax, autoComplete: 'name' } }}
    />
  );
}
