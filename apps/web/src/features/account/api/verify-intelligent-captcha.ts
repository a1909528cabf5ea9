import { api } from '../../../lib/api-client.ts';

export const VERIFY_CAPTCHA_PATH = '/account/verify-intelligent-captcha';

/** POST /api/account/verify-intelligent-captcha { captchaVerifyParam } → { captchaResult }. */
export async function verifyIntelligentCaptcha(captchaVerifyParam: string): Promise<boolean> {
  const result = await api.post<{ captchaResult: boolean }>(
    VERIFY_CAPTCHA_PATH,
    { captchaVerifyParam },
    { errorMode: 'message' },
  );
  return result.captchaResult === true;
}
