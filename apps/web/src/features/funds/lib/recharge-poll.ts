import type { RechargeStatus } from '@namebourse/contract';

/** Poll every 1.5 s for the first minute, then every 5 s: the webhook usually lands within seconds. */
export const POLL_FAST_MS = 1_500;
export const POLL_SLOW_MS = 5_000;
export const POLL_FAST_FOR_MS = 60_000;

/** How long until the next look at a top-up; false once it is final (or before the first answer failed). */
export function rechargePollDelay(status: RechargeStatus | undefined, waitedMs: number): number | false {
  if (status !== 'recharging') return false;
  return waitedMs < POLL_FAST_FOR_MS ? POLL_FAST_MS : POLL_SLOW_MS;
}

/** Waited long enough that the page says the provider is slow (the top-up is still followed). */
export function isSlow(waitedMs: number): boolean {
  return waitedMs >= POLL_FAST_FOR_MS;
}
