import type { CaptchaChallenge } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const CAPTCHA_CHALLENGE_PATH = '/account/captcha-challenge';

/** GET /api/account/captcha-challenge: an ALTCHA v1 challenge. Shown inline on failure. */
export function getCaptchaChallenge(signal?: AbortSignal): Promise<CaptchaChallenge> {
  return api.get<CaptchaChallenge>(CAPTCHA_CHALLENGE_PATH, undefined, { errorMode: 'message', signal });
}

/** A fresh challenge per `round` (a solution is accepted once, so challenges are never reused). */
export function useCaptchaChallenge(round: number) {
  return useQuery({
    queryKey: ['account', 'captcha-challenge', round],
    queryFn: ({ signal }) => getCaptchaChallenge(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
