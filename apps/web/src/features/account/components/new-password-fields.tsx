import Stack from '@mui/material/Stack';
import { type Control, Controller, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from '../../../components/password-checklist.tsx';
import { PASSWORD_MAX } from '../../../lib/password-rules.ts';
import { PasswordField } from './password-field.tsx';

interface PasswordFormShape extends FieldValues {
  password: string;
  confirm: string;
}

/** New password + confirmation with the live checklist (register, find password). */
export function NewPasswordFields<T extends PasswordFormShape>({ control }: { control: Control<T> }) {
  const { t } = useTranslation('account');
  const password = useWatch({ control, name: 'password' as Path<T> }) as string | undefined;
  return (
    <Stack spacing={2.5}>
      <Controller
        control={control}
        name={'password' as Path<T>}
        render={({ field: { ref, ...field }, fieldState }) => (
          <PasswordField
            {...field}
            inputRef={ref}
            label={t('fields.newPassword')}
            placeholder={t('fields.newPasswordPlaceholder')}
            autoComplete="new-password"
            required
            fullWidth
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { maxLength: PASSWORD_MAX + 10, 'aria-describedby': 'password-checklist' } }}
          />
        )}
      />
      <PasswordChecklist password={password ?? ''} id="password-checklist" />
      <Controller
        control={control}
        name={'confirm' as Path<T>}
        render={({ field: { ref, ...field }, fieldState }) => (
          <PasswordField
            {...field}
            inputRef={ref}
            label={t('fields.confirmPassword')}
            placeholder={t('fields.confirmPasswordPlaceholder')}
            autoComplete="new-password"
            required
            fullWidth
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { maxLength: PASSWORD_MAX + 10 } }}
          />
        )}
      />
    </Stack>
  );
}
