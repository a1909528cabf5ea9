import { zodResolver } from '@hookform/resolvers/zod';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { useNow } from '../../../components/auction/use-now.ts';
import { SuccessMark } from '../../../components/success-mark.tsx';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { retrievePasswordStep1 } from '../api/retrieve-password-step1.ts';
import { retrievePasswordStep2 } from '../api/retrieve-password-step2.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { AuthSwitch } from '../components/auth-links.tsx';
import { EmailVerification } from '../components/email-verification.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { StepIndicator } from '../components/step-indicator.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { ACCOUNT_CODES, hasCode, isCodeRejection } from '../lib/account-errors.ts';
import { formatMinutes, resetReducer, secondsLeft } from '../lib/flow-machine.ts';
import { type NewPasswordForm, newPasswordSchema } from '../lib/forms.ts';
import { resetStart } from '../lib/handoff.ts';

function ResetDone({ email }: { email: string }) {
  const { t } = useTranslation('account');
  return (
    <Box role="status" sx={{ textAlign: 'center', py: 2 }}>
      <SuccessMark />
      <Typography variant="h6" component="p" sx={{ mt: 2 }}>
        {t('findPassword.doneTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('findPassword.doneBody')}
      </Typography>
      <Button
        component={RouterLink}
        to={email ? `/account/login?email=${encodeURIComponent(email)}` : '/account/login'}
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 3 }}
      >
        {t('findPassword.toLogin')}
      </Button>
    </Box>
  );
}

/** /account/find-password: step 1 e-mail + captcha + code → reset token; step 2 a new password within 5 minutes. */
export function FindPasswordPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('findPassword.title'));
  const locale = useLocale();
  const location = useLocation();
  const [state, dispatch] = useReducer(resetReducer, location.state, (initial) => resetStart(initial, Date.now()));
  const [codeError, setCodeError] = useState<unknown>(null);
  const [stepError, setStepError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const now = useNow(state.stage === 'reset', 500);
  const left = secondsLeft(state.expiresAt, now);

  useEffect(() => {
    if (state.stage === 'reset' && left === 0) dispatch({ type: 'expired' });
  }, [state.stage, left]);

  const resolver = useMemo(() => zodResolver(newPasswordSchema(locale)), [locale]);
  const { control, handleSubmit, setError, reset } = useForm<NewPasswordForm>({
    resolver,
    defaultValues: { password: '', confirm: '' },
    mode: 'onTouched',
  });

  const onCode = async (code: string) => {
    setCodeError(null);
    setStepError(null);
    setBusy(true);
    try {
      const { resetToken } = await retrievePasswordStep1({ email: state.verification.email, verifyCode: code });
      reset({ password: '', confirm: '' });
      dispatch({ type: 'tokenIssued', resetToken, now: Date.now() });
    } catch (error) {
      if (isCodeRejection(error)) {
        setCodeError(error);
        dispatch({ type: 'codeRejected' });
      } else setStepError(error);
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!state.resetToken) return;
    setStepError(null);
    setBusy(true);
    try {
      await retrievePasswordStep2({ resetToken: state.resetToken, password });
      dispatch({ type: 'reset' });
    } catch (error) {
      if (hasCode(error, ACCOUNT_CODES.resetExpired)) dispatch({ type: 'expired' });
      else {
        const { first } = applyServerFieldErrors(error, ['password'], setError);
        if (!first) setStepError(error);
      }
    } finally {
      setBusy(false);
    }
  });

  const steps = [t('findPassword.steps.verify'), t('findPassword.steps.reset'), t('findPassword.steps.done')];
  const active = { verify: 0, reset: 1, done: 3 }[state.stage];

  return (
    <AuthLayout
      title={t('findPassword.title')}
      subtitle={
        state.stage === 'verify'
          ? t('findPassword.subtitle')
          : state.stage === 'reset'
            ? t('findPassword.resetSubtitle')
            : undefined
      }
      header={<StepIndicator steps={steps} active={active} />}
      footer={
        <AuthSwitch prompt={t('findPassword.remembered')} label={t('findPassword.toLogin')} to="/account/login" />
      }
    >
      {stepError ? (
        <Box sx={{ mb: 2 }}>
          <ErrorView error={stepError} />
        </Box>
      ) : null}
      {state.stage === 'verify' ? (
        <EmailVerification
          scene="RETRIEVE_PASSWORD_BY_EMAIL"
          state={state.verification}
          dispatch={(event) => dispatch({ type: 'verification', event })}
          codeError={codeError}
          busy={busy}
          submitLabel={t('verify.next')}
          onCode={onCode}
          notice={
            state.notice === 'expired' ? (
              <Alert severity="warning" sx={{ mb: 2.5 }} role="alert" data-testid="reset-expired">
                {t('findPassword.expired')}
              </Alert>
            ) : null
          }
        />
      ) : state.stage === 'reset' ? (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('findPassword.steps.reset')}>
          <Stack spacing={2.5}>
            <Alert
              icon={<TimerOutlined />}
              severity={left <= 60 ? 'warning' : 'info'}
              data-testid="reset-countdown"
              sx={{ '& .MuiAlert-message': { width: '100%' } }}
            >
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <span>{t('findPassword.window')}</span>
                <Box component="strong" sx={{ fontVariantNumeric: 'tabular-nums' }} aria-live="off">
                  {formatMinutes(left)}
                </Box>
              </Box>
            </Alert>
            <input type="email" name="email" autoComplete="username" value={state.verification.email} readOnly hidden />
            <NewPasswordFields control={control} />
            <SubmitButton busy={busy}>{t('findPassword.submit')}</SubmitButton>
          </Stack>
        </Box>
      ) : (
        <ResetDone email={state.verification.email} />
      )}
    </AuthLayout>
  );
}
