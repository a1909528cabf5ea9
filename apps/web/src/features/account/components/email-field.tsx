import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';

/** The account forms' e-mail field (focused first): sign-in fills it as the username, the others as an e-mail. */
export function EmailField<T extends FieldValues & { email: string }>({
  control,
  errorText,
  autoComplete,
}: {
  control: Control<T>;
  errorText: string | undefined;
  autoComplete: 'username' | 'email';
}) {
  const { t } = useTranslation('account');
  return (
    <FormTextField
      control={control}
      name={'email' as FieldPath<T>}
      type="email"
      label={t('fields.email')}
      placeholder={t('fields.emailPlaceholder')}
      autoComplete={autoComplete}
      autoFocus
      required
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'email', maxLength: 254 } }}
      errorText={errorText}
    />
  );
}
