import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { VerificationScene } from '@namebourse/contract';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeButton } from '../../../components/api-feedback/index.ts';
import { PhoneCountrySelect } from '../../../components/phone-country-select.tsx';
import { sendVerificationCode } from '../../../lib/verification-code.ts';
import { looksLikePhone } from '../lib/phone.ts';

export interface PhoneCodeFieldsProps {
  dialCode: string;
  onDialCode: (dialCode: string) => void;
  phone: string;
  onPhone: (phone: string) => void;
  onPhoneBlur?: () => void;
  phoneError?: string;
  dialCodeError?: string;
  phoneLabel: string;
  required?: boolean;
  /** Shown when the typed phone differs from the verified one. */
  needsCode: boolean;
  code: string;
  onCode: (code: string) => void;
  codeError?: string;
  /** Sends the code to the typed phone; resolves with `{ retryAfterSeconds }`. */
  onSendCode: () => Promise<unknown>;
  canSend: boolean;
  names: { phone: string; code: string };
}

/** Dial code + phone number, and — for a new number — the verification code with a 'send code' button. */
export function PhoneCodeFields(props: PhoneCodeFieldsProps) {
  const { t } = useTranslation('profile');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '120px 1fr', sm: '150px 1fr' } }}>
        <PhoneCountrySelect
          value={props.dialCode}
          onChange={props.onDialCode}
          label={t('phone.dialCode')}
          error={Boolean(props.dialCodeError)}
          helperText={props.dialCodeError}
        />
        <TextField
          name={props.names.phone}
          label={props.phoneLabel}
          value={props.phone}
          required={props.required}
          onChange={(event) => props.onPhone(event.target.value)}
          onBlur={props.onPhoneBlur}
          error={Boolean(props.phoneError)}
          helperText={props.phoneError}
          slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel-national', maxLength: 20 } }}
        />
      </Box>
      {props.needsCode ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr auto' }, alignItems: 'start' }}>
          <TextField
            name={props.names.code}
            label={t('phone.code')}
            value={props.code}
            required
            onChange={(event) => props.onCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            error={Boolean(props.codeError)}
            helperText={props.codeError ?? t('phone.codeHint')}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
          />
          <CodeButton onSend={props.onSendCode} disabled={!props.canSend} sx={{ height: 56, minWidth: 140 }} />
        </Box>
      ) : null}
    </Box>
  );
}

type PhoneCodeField = 'phoneCountryCode' | 'phone' | 'verifyCode';

/**
 * PhoneCodeFields bound to a form's `phoneCountryCode`, `phone` and `verifyCode`; the code is sent
 * for `sceneCode` to the typed phone.
 */
export function PhoneCodeFormFields<T extends FieldValues>({
  control,
  err,
  sceneCode,
  ...rest
}: {
  control: Control<T>;
  err: (name: PhoneCodeField) => string | undefined;
  sceneCode: VerificationScene;
  phoneLabel: string;
  required?: boolean;
  needsCode: boolean;
  names: { phone: string; code: string };
}) {
  const dial = useController({ control, name: 'phoneCountryCode' as Path<T> }).field;
  const phoneField = useController({ control, name: 'phone' as Path<T> }).field;
  const codeField = useController({ control, name: 'verifyCode' as Path<T> }).field;
  const dialCode: string = dial.value ?? '';
  const phone: string = phoneField.value ?? '';
  return (
    <PhoneCodeFields
      {...rest}
      dialCode={dialCode}
      onDialCode={dial.onChange}
      dialCodeError={err('phoneCountryCode')}
      phone={phone}
      onPhone={phoneField.onChange}
      onPhoneBlur={phoneField.onBlur}
      phoneError={err('phone')}
      code={codeField.value ?? ''}
      onCode={codeField.onChange}
      codeError={err('verifyCode')}
      canSend={looksLikePhone(phone) && Boolean(dialCode)}
      onSendCode={() => sendVerificationCode({ sceneCode, phone: phone.trim(), phoneCountryCode: dialCode })}
    />
  );
}
