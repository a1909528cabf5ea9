import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ACCOUNT_LIMITS } from '@namebourse/contract';
import { useMemo, useReducer, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../app/session/session-context.tsx';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { fieldErrorsOf, isApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback-store.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useRegister } from '../api/register.ts';
import { AgreementField } from '../components/agreement-field.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { AuthSwitch } from '../components/auth-links.tsx';
import { EmailVerification } from '../components/email-verification.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { StepIndicator } from '../components/step-indicator.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { ACCOUNT_CODES, hasCode, isCodeRejection } from '../lib/account-errors.ts';
import { type RegisterState, registerReducer } from '../lib/flow-machine.ts';
import { type RegisterDetailsForm, registerDetailsSchema } from '../lib/forms.ts';
import { registerStart } from '../lib/handoff.ts';
import { safeRedirect, withRedirect } from '../lib/redirect.ts';

function activeStep(state: RegisterState): number {
  if (state.stage !== 'verify') return 3;
  return { email: 0, captcha: 1, code: 2 }[state.verification.step];
}

/** /account/register: e-mail → captcha → code → password and agreement → signed in. */
export function RegisterPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('register.title'));
  const locale = useLocale();
  const location = useLocation();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const navigate = useNavigate();
  const session = useSession();
  const [state, dispatch] = useReducer(registerReducer, location.state, registerStart);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [codeError, setCodeError] = useState<unknown>(null);
  const mutation = useRegister();

  const resolver = useMemo(
    () => zodResolver(registerDetailsSchema(locale, t('register.agreementRequired'))),
    [locale, t],
  );
  const { control, handleSubmit, setError, formState } = useForm<RegisterDetailsForm>({
    resolver,
    defaultValues: { password: '', confirm: '', nickname: '', agreement: false },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    setCodeError(null);
    try {
      const identity = await mutation.mutateAsync({
        email: state.verification.email,
        verifyCode: state.verifyCode,
        password: values.password,
        agreementAccepted: true,
        nickname: values.nickname.trim() || undefined,
      });
      dispatch({ type: 'registered' });
      session.setUserInfo(identity);
      showToast(t('register.welcome'), 'success');
      navigate(safeRedirect(redirect), { replace: true });
    } catch (error) {
      if (isApiError(error) && hasCode(error, ACCOUNT_CODES.emailRegistered)) {
        setEmailError(error.message);
        dispatch({ type: 'emailRejected' });
        mutation.reset();
        return;
      }
      if (isCodeRejection(error)) {
        setCodeError(error);
        dispatch({ type: 'codeRejected' });
        mutation.reset();
        return;
      }
      applyServerFieldErrors(error, ['password', 'nickname'], setError);
      if (hasCode(error, ACCOUNT_CODES.agreementRequired) && isApiError(error)) {
        setError('agreement', { type: 'server', message: error.message });
      }
    }
  });

  const steps = [
    t('register.steps.email'),
    t('register.steps.captcha'),
    t('register.steps.code'),
    t('register.steps.password'),
  ];

  return (
    <AuthLayout
      title={t('register.title')}
      subtitle={state.stage === 'password' ? t('register.passwordSubtitle') : t('register.subtitle')}
      header={<StepIndicator steps={steps} active={activeStep(state)} />}
      footer={
        <AuthSwitch
          prompt={t('register.haveAccount')}
          label={t('register.login')}
          to={withRedirect('/account/login', redirect)}
        />
      }
    >
      {state.stage === 'verify' ? (
        <EmailVerification
          scene="REGISTER_BY_EMAIL"
          state={state.verification}
          dispatch={(event) => {
            if (event.type === 'emailSubmitted') setEmailError(undefined);
            dispatch({ type: 'verification', event });
          }}
          emailError={emailError}
          codeError={codeError}
          submitLabel={t('verify.next')}
          onCode={(code) => {
            setCodeError(null);
            dispatch({ type: 'codeEntered', code });
          }}
        />
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('register.title')}>
          <Stack spacing={2.5}>
            {mutation.isError && !Object.keys(fieldErrorsOf(mutation.error)).length ? (
              <ErrorView error={mutation.error} />
            ) : null}
            <TextField
              label={t('fields.email')}
              value={state.verification.email}
              autoComplete="username"
              fullWidth
              slotProps={{ htmlInput: { readOnly: true } }}
              sx={{ display: 'none' }}
              aria-hidden="true"
              tabIndex={-1}
            />
            <NewPasswordFields control={control} />
            <FormTextField
              control={control}
              name="nickname"
              label={t('fields.nickname')}
              placeholder={t('fields.nicknamePlaceholder')}
              autoComplete="nickname"
              fullWidth
              helperText={t('fields.nicknameHint')}
              slotProps={{ htmlInput: { maxLength: ACCOUNT_LIMITS.nicknameMaxLength } }}
              errorText={formState.errors.nickname?.message}
            />
            <Controller
              control={control}
              name="agreement"
              render={({ field, fieldState }) => (
                <AgreementField
                  checked={field.value}
                  onChange={field.onChange}
                  inputRef={field.ref}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Box sx={{ display: 'flex', gap: 1.5 }}>
              <Button
                variant="outlined"
                size="large"
                startIcon={<ArrowBackRounded />}
                sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
                onClick={() => dispatch({ type: 'back' })}
                disabled={mutation.isPending}
              >
                {t('register.back')}
              </Button>
              <SubmitButton busy={mutation.isPending}>
                {mutation.isPending ? t('register.submitting') : t('register.submit')}
              </SubmitButton>
            </Box>
          </Stack>
        </Box>
      )}
    </AuthLayout>
  );
}
