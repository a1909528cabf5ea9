import { zodResolver } from '@hookform/resolvers/zod';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { VerificationScene } from '@namebourse/contract';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeButton } from '../../../components/api-feedback/index.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { sendVerificationCode } from '../../../lib/verification-code.ts';
import { attemptsLeftOf, isCaptchaRejection, isCodeRejection } from '../lib/account-errors.ts';
import type { VerificationEvent, VerificationState } from '../lib/flow-machine.ts';
import { codeSchema, emailSchema } from '../lib/forms.ts';
import { AltchaCaptcha } from './altcha-captcha.tsx';
import { EmailField } from './email-field.tsx';

export interface EmailVerificationProps {
  scene: Extract<VerificationScene, 'REGISTER_BY_EMAIL' | 'RETRIEVE_PASSWORD_BY_EMAIL'>;
  state: VerificationState;
  dispatch: (event: VerificationEvent) => void;
  /** Continue with the entered code; a rejection is shown under the code field when it is about the code. */
  onCode: (code: string) => Promise<void> | void;
  /** A server message for the e-mail field ('E-mail already registered'). */
  emailError?: string;
  /** A server error for the code (wrong code, attempts exceeded), set by the parent after `onCode`. */
  codeError?: unknown;
  submitLabel: string;
  busy?: boolean;
  /** Shown above the steps (e.g. why the flow came back here). */
  notice?: ReactNode;
}

function EmailStep({ state, dispatch, emailError }: Pick<EmailVerificationProps, 'state' | 'dispatch' | 'emailError'>) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const resolver = useMemo(() => zodResolver(emailSchema(locale)), [locale]);
  const { control, handleSubmit, setError, formState } = useForm<{ email: string }>({
    resolver,
    defaultValues: { email: state.email },
    mode: 'onTouched',
  });
  useEffect(() => {
    if (emailError) setError('email', { type: 'server', message: emailError }, { shouldFocus: true });
  }, [emailError, setError]);
  const submit = handleSubmit(({ email }) => dispatch({ type: 'emailSubmitted', email }));
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <EmailField control={control} errorText={formState.errors.email?.message} autoComplete="email" />
        <Button type="submit" variant="contained" size="large" fullWidth>
          {t('verify.next')}
        </Button>
      </Stack>
    </Box>
  );
}

function EmailSummary({ email, onEdit }: { email: string; onEdit: () => void }) {
  const { t } = useTranslation('account');
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        py: 1,
        mb: 2.5,
        borderRadius: 2,
        bgcolor: 'background.default',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <MarkEmailReadOutlined color="primary" fontSize="small" aria-hidden="true" />
      <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontWeight: 500 }} data-testid="verify-email">
        {email}
      </Typography>
      <Button size="small" startIcon={<EditOutlined />} onClick={onEdit}>
        {t('verify.changeEmail')}
      </Button>
    </Box>
  );
}

function CodeStep({
  scene,
  state,
  dispatch,
  onCode,
  codeError,
  submitLabel,
  busy,
}: Omit<EmailVerificationProps, 'emailError' | 'notice'>) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const resolver = useMemo(() => zodResolver(codeSchema(locale)), [locale]);
  const { control, handleSubmit, setError, clearErrors } = useForm<{ code: string }>({
    resolver,
    defaultValues: { code: '' },
    mode: 'onTouched',
  });
  const [sendError, setSendError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    if (!codeError) return;
    if (isCodeRejection(codeError) && codeError instanceof Error) {
      const attempts = attemptsLeftOf(codeError);
      const message =
        attempts !== undefined ? `${codeError.message} ${t('verify.attemptsLeft', { attempts })}` : codeError.message;
      setError('code', { type: 'server', message }, { shouldFocus: true });
    }
  }, [codeError, setError, t]);

  const send = async () => {
    setSendError(null);
    try {
      const result = await sendVerificationCode(
        {
          sceneCode: scene,
          email: state.email,
          captchaVerifyParam: state.captchaParam ?? undefined,
        },
        { errorMode: 'message' },
      );
      setSentTo(state.email);
      return result;
    } catch (error) {
      if (isCaptchaRejection(error)) dispatch({ type: 'captchaRejected' });
      setSendError(error instanceof Error && error.message ? error.message : t('verify.sendFailed'));
      throw error;
    }
  };

  const submit = handleSubmit(async ({ code }) => {
    clearErrors('code');
    await onCode(code);
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        {sentTo ? (
          <Alert severity="success" variant="outlined" role="status">
            {t('verify.sent', { email: sentTo })}
          </Alert>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('verify.sendHint')}
          </Typography>
        )}
        {sendError ? (
          <Alert severity="error" role="alert">
            {sendError}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <Controller
            control={control}
            name="code"
            render={({ field: { ref, onChange, ...field }, fieldState }) => (
              <TextField
                {...field}
                onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
                inputRef={ref}
                label={t('fields.code')}
                placeholder={t('fields.codePlaceholder')}
                autoComplete="one-time-code"
                required
                fullWidth
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
              />
            )}
          />
          <CodeButton onSend={send} sx={{ flexShrink: 0, height: 56, minWidth: { xs: 112, sm: 132 } }} />
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}

/** E-mail → captcha → code, the verification shared by register, find password and /account/verify. */
export function EmailVerification(props: EmailVerificationProps) {
  const { state, dispatch, notice } = props;
  const editEmail = () => dispatch({ type: 'editEmail' });
  return (
    <Box>
      {notice}
      {state.step === 'email' ? (
        <EmailStep state={state} dispatch={dispatch} emailError={props.emailError} />
      ) : (
        <>
          <EmailSummary email={state.email} onEdit={editEmail} />
          {state.step === 'captcha' ? (
            <AltchaCaptcha
              round={state.captchaRound}
              onPassed={(param) => dispatch({ type: 'captchaPassed', param })}
            />
          ) : (
            <CodeStep {...props} />
          )}
        </>
      )}
    </Box>
  );
}
