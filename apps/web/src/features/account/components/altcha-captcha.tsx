import 'altcha';
import './altcha-jsx.ts';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCaptchaChallenge } from '../api/get-captcha-challenge.ts';
import { verifyIntelligentCaptcha } from '../api/verify-intelligent-captcha.ts';

/** The ALTCHA language keys we register our own texts under. */
const ALTCHA_LANGUAGE = { 'zh-CN': 'zh-cn', 'en-US': 'en' } as const;

const ALTCHA_STRING_KEYS = [
  'ariaLinkLabel',
  'enterCode',
  'enterCodeAria',
  'error',
  'expired',
  'footer',
  'getAudioChallenge',
  'label',
  'loading',
  'reload',
  'verify',
  'verificationRequired',
  'verified',
  'verifying',
  'waitAlert',
] as const;

interface AltchaStateEvent extends Event {
  detail?: { state?: string; payload?: string | null };
}

export interface AltchaCaptchaProps {
  /** A new round fetches a new challenge (a solution is accepted once). */
  round: number;
  /** The widget solved the challenge and the server accepted it (verify-intelligent-captcha). */
  onPassed: (captchaVerifyParam: string) => void;
}

/**
 * The ALTCHA proof-of-work widget. The challenge is fetched through the API client (so it carries the usual
 * headers and the envelope is unwrapped) and handed to the widget as JSON; the solved payload is checked with
 * verify-intelligent-captcha before `onPassed`.
 */
export function AltchaCaptcha({ round, onPassed }: AltchaCaptchaProps) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const [localRound, setLocalRound] = useState(0);
  const challenge = useCaptchaChallenge(round * 1000 + localRound);
  const ref = useRef<HTMLElement>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const onPassedRef = useRef(onPassed);
  onPassedRef.current = onPassed;

  // Our texts for the widget, registered under the language it is told to use.
  const language = ALTCHA_LANGUAGE[locale];
  const strings = useMemo(
    () => Object.fromEntries(ALTCHA_STRING_KEYS.map((key) => [key, t(`captcha.widget.${key}`)])),
    [t],
  );
  useEffect(() => {
    globalThis.$altcha?.i18n.set(language, strings);
  }, [language, strings]);

  const challengeJson = challenge.data ? JSON.stringify(challenge.data) : null;

  useEffect(() => {
    const element = ref.current;
    if (!element || !challengeJson) return;
    let active = true;
    const onState = (event: Event) => {
      const { state, payload } = (event as AltchaStateEvent).detail ?? {};
      if (state !== 'verified' || !payload) return;
      setChecking(true);
      setFailure(null);
      verifyIntelligentCaptcha(payload)
        .then((passed) => {
          if (!active) return;
          if (passed) onPassedRef.current(payload);
          else {
            setFailure(new Error(t('captcha.failed')));
            setLocalRound((value) => value + 1);
          }
        })
        .catch((error: unknown) => {
          if (!active) return;
          setFailure(error);
          setLocalRound((value) => value + 1);
        })
        .finally(() => {
          if (active) setChecking(false);
        });
    };
    element.addEventListener('statechange', onState);
    return () => {
      active = false;
      element.removeEventListener('statechange', onState);
    };
  }, [challengeJson, t]);

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('captcha.hint')}
      </Typography>
      {failure ? (
        <Box sx={{ mb: 1.5 }}>
          <ErrorView error={failure} />
        </Box>
      ) : null}
      {challenge.isPending ? (
        <Skeleton variant="rounded" height={74} aria-label={t('captcha.loading')} />
      ) : challenge.isError ? (
        <ErrorView error={challenge.error} title={t('captcha.loadFailed')} onRetry={() => void challenge.refetch()} />
      ) : (
        <Box
          sx={{ opacity: checking ? 0.6 : 1, pointerEvents: checking ? 'none' : undefined }}
          aria-busy={checking}
          data-testid="captcha"
        >
          <altcha-widget
            key={challengeJson}
            ref={ref}
            challenge={challengeJson ?? undefined}
            language={language}
            auto="off"
            type="checkbox"
            style={{ '--altcha-max-width': '100%', '--altcha-border-radius': '8px' }}
          />
        </Box>
      )}
      {checking ? (
        <Typography variant="caption" color="text.secondary" role="status" sx={{ display: 'block', mt: 1 }}>
          {t('captcha.checking')}
        </Typography>
      ) : null}
    </Box>
  );
}
