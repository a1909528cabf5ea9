import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../app/session/session-context.tsx';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { fieldErrorsOf, isApiError, isHandledByPipeline } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useLogin } from '../api/login.ts';
import { AltchaCaptcha } from '../components/altcha-captcha.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { AuthSwitch } from '../components/auth-links.tsx';
import { EmailField } from '../components/email-field.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { ACCOUNT_CODES, hasCode, isCaptchaRejection, unlockTimeOf } from '../lib/account-errors.ts';
import { type LoginForm, loginSchema } from '../lib/forms.ts';
import { safeRedirect, withRedirect } from '../lib/redirect.ts';

function formatTime(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Why the sign-in failed, above the form. */
function LoginError({ error }: { error: unknown }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  if (!isApiError(error) || isHandledByPipeline(error)) return null;
  if (hasCode(error, ACCOUNT_CODES.locked)) {
    const until = unlockTimeOf(error);
    return (
      <Alert severity="error" role="alert" data-testid="login-error">
        <AlertTitle>{error.message}</AlertTitle>
        {until ? t('login.lockedUntil', { time: formatTime(until, locale) }) : t('login.lockedHint')}
      </Alert>
    );
  }
  if (hasCode(error, ACCOUNT_CODES.tooManyRequests)) {
    const until = unlockTimeOf(error);
    return (
      <Alert severity="warning" role="alert" data-testid="login-error">
        <AlertTitle>{error.message}</AlertTitle>
        {until ? t('login.retryAt', { time: formatTime(until, locale) }) : null}
      </Alert>
    );
  }
  if (isCaptchaRejection(error)) {
    return (
      <Alert severity="info" role="alert" data-testid="login-error">
        {error.message}
      </Alert>
    );
  }
  if (hasCode(error, ACCOUNT_CODES.invalidCredentials)) {
    return (
      <Alert severity="error" role="alert" data-testid="login-error">
        {error.message}
      </Alert>
    );
  }
  if (Object.keys(fieldErrorsOf(error)).length > 0) return null;
  return <ErrorView error={error} />;
}

/**
 * /account/login: e-mail and password; MFA comes from the request pipeline's dialog. After a few failures the
 * server asks for a captcha: the ALTCHA widget appears, and solving it sends the form again with the solution
 * (each solution is spent by one attempt, so every further attempt gets a new widget).
 */
export function LoginPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('login.title'));
  const locale = useLocale();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const navigate = useNavigate();
  const session = useSession();
  const mutation = useLogin();
  const resolver = useMemo(() => zodResolver(loginSchema(locale)), [locale]);
  const { control, handleSubmit, setError, formState } = useForm<LoginForm>({
    resolver,
    defaultValues: { email: params.get('email') ?? '', password: '' },
    // Checked on submit, then live: a blur check would shift the links under the fields on the first click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // Shown once the server asked for a captcha; a new round per attempt (a solution is accepted once).
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaRound, setCaptchaRound] = useState(0);
  const captchaParam = useRef<string | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    const captchaVerifyParam = captchaParam.current ?? undefined;
    captchaParam.current = null;
    try {
      const identity = await mutation.mutateAsync({ ...values, captchaVerifyParam });
      session.setUserInfo(identity);
      navigate(safeRedirect(redirect), { replace: true });
    } catch (error) {
      if (isCaptchaRejection(error)) setCaptchaShown(true);
      if (isCaptchaRejection(error) || captchaVerifyParam) setCaptchaRound((round) => round + 1);
      applyServerFieldErrors(error, ['email', 'password'], setError);
    }
  });

  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <AuthSwitch
          prompt={t('login.noAccount')}
          label={t('login.register')}
          to={withRedirect('/account/register', redirect)}
        />
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('login.title')}>
        <Stack spacing={2.5}>
          {mutation.isError ? <LoginError error={mutation.error} /> : null}
          <EmailField control={control} errorText={formState.errors.email?.message} autoComplete="username" />
          <Controller
            control={control}
            name="password"
            render={({ field: { ref, ...field }, fieldState }) => (
              <PasswordField
                {...field}
                inputRef={ref}
                label={t('fields.password')}
                placeholder={t('fields.passwordPlaceholder')}
                autoComplete="current-password"
                required
                fullWidth
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { maxLength: 128 } }}
              />
            )}
          />
          {captchaShown ? (
            <AltchaCaptcha
              round={captchaRound}
              onPassed={(param) => {
                captchaParam.current = param;
                void onSubmit();
              }}
            />
          ) : null}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '8px !important' }}>
            <Link component={RouterLink} to="/account/find-password" variant="body2" underline="hover">
              {t('login.forgot')}
            </Link>
          </Box>
          <SubmitButton busy={mutation.isPending}>
            {mutation.isPending ? t('login.submitting') : t('login.submit')}
          </SubmitButton>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
