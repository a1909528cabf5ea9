import type { CheckLoginResult } from '../session/check-login.ts';

export type ConsoleGuardDecision = 'redirect' | 'pending' | 'allow';

/**
 * Spec §6 local check: no stored account id → login; otherwise check-login runs, and an empty accountNo or an
 * error → login. `result` is undefined while check-login is still running.
 */
export function consoleGuardDecision(storedAccountNo: string, result?: CheckLoginResult): ConsoleGuardDecision {
  if (!storedAccountNo) return 'redirect';
  if (!result) return 'pending';
  if (result.status === 'error') return 'redirect';
  return result.info.accountNo ? 'allow' : 'redirect';
}
