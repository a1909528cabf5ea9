/** The recharge page and the top-up result page (the sandbox session's returnUrl). */
export const FUND_PATH = '/console/fund/recharge';
export const RESULT_PATH = '/console/fund/recharge/result';

export const resultPath = (rechargeId: string) => `${RESULT_PATH}?rechargeId=${encodeURIComponent(rechargeId)}`;

/** An address on this site (goes through the router); anything else is another site (a full page load). */
export function isSameSiteUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/**
 * The provider's page where a still-recharging top-up can be paid; null when there is none (final, or a saved-card
 * charge whose payUrl is the result page itself).
 */
export function continueUrl(recharge: { status: string; payUrl: string | null }): string | null {
  if (recharge.status !== 'recharging' || !recharge.payUrl) return null;
  return recharge.payUrl.startsWith(RESULT_PATH) ? null : recharge.payUrl;
}
