import Box from '@mui/material/Box';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { retrievePasswordStep1 } from '../api/retrieve-password-step1.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { AuthSwitch } from '../components/auth-links.tsx';
import { EmailVerification } from '../components/email-verification.tsx';
import { StepIndicator } from '../components/step-indicator.tsx';
import { isCodeRejection } from '../lib/account-errors.ts';
import { initialVerification, verificationReducer } from '../lib/flow-machine.ts';
import { isEmail } from '../lib/forms.ts';
import type { RegisterHandoff, ResetHandoff } from '../lib/handoff.ts';
import { safeRedirect, withRedirect } from '../lib/redirect.ts';

export const VERIFY_SCENES = ['REGISTER_BY_EMAIL', 'RETRIEVE_PASSWORD_BY_EMAIL'] as const;
export type VerifyScene = (typeof VERIFY_SCENES)[number];

/** The scene of /account/verify?scene=…: registering by default. */
export function verifyScene(value: string | null): VerifyScene {
  return VERIFY_SCENES.find((scene) => scene === value) ?? 'REGISTER_BY_EMAIL';
}

/**
 * /account/verify?scene=…&email=…: the e-mail verification step on its own page (e-mail → captcha → code). It
 * hands the verified e-mail on: to the register page's password step with the code (REGISTER_BY_EMAIL), or, after
 * retrieve-password-step1, to the find-password page's new-password step with the reset token.
 */
export function VerifyPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const scene = verifyScene(params.get('scene'));
  const redirect = params.get('redirect');
  const queryEmail = params.get('email') ?? '';
  const navigate = useNavigate();
  usePageTitle(t('verifyPage.title'));
  const [state, dispatch] = useReducer(verificationReducer, queryEmail, (email) => {
    const start = initialVerification(isEmail(email) ? email.trim() : '');
    // An e-mail given in the address goes straight to the captcha.
    return start.email ? verificationReducer(start, { type: 'emailSubmitted', email: start.email }) : start;
  });
  const [codeError, setCodeError] = useState<unknown>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const onCode = async (code: string) => {
    setCodeError(null);
    setError(null);
    if (scene === 'REGISTER_BY_EMAIL') {
      const handoff: RegisterHandoff = { email: state.email, verifyCode: code };
      const target = safeRedirect(redirect);
      navigate(target === '/' ? '/account/register' : withRedirect('/account/register', target), { state: handoff });
      return;
    }
    setBusy(true);
    try {
      const { resetToken } = await retrievePasswordStep1({ email: state.email, verifyCode: code });
      const handoff: ResetHandoff = { email: state.email, resetToken, issuedAt: Date.now() };
      navigate('/account/find-password', { state: handoff });
    } catch (caught) {
      if (isCodeRejection(caught)) setCodeError(caught);
      else setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const steps = [t('register.steps.email'), t('register.steps.captcha'), t('register.steps.code')];
  const active = { email: 0, captcha: 1, code: 2 }[state.step];

  return (
    <AuthLayout
      title={t(`verifyPage.heading.${scene}`)}
      subtitle={t(`verifyPage.subtitle.${scene}`)}
      header={<StepIndicator steps={steps} active={active} />}
      footer={<AuthSwitch prompt={t('register.haveAccount')} label={t('register.login')} to="/account/login" />}
    >
      {error ? (
        <Box sx={{ mb: 2 }}>
          <ErrorView error={error} />
        </Box>
      ) : null}
      <EmailVerification
        scene={scene}
        state={state}
        dispatch={dispatch}
        codeError={codeError}
        busy={busy}
        submitLabel={t('verify.next')}
        onCode={onCode}
      />
    </AuthLayout>
  );
}
