import {
  type FieldMessageKey,
  FUNDS_LIMITS,
  parseDollarsToCents,
  RECHARGE_METHODS,
  type RechargeMethod,
  type RechargeRequest,
  rechargeFeeCents,
} from '@namebourse/contract';
import { z } from 'zod';
import type { PublicParameterValues } from '../../../lib/public-parameters.ts';

/** Amounts offered as one-tap choices on the top-up form (cents). */
export const QUICK_AMOUNTS_CENTS = [2_000, 5_000, 10_000, 50_000] as const;

/**
 * Why a typed top-up amount is refused. Contract field-message keys ('required', 'amountInvalid', 'rechargeMin')
 * or the funds namespace's 'topup.amountMax' (it carries the maximum).
 */
export type AmountProblem = Extract<FieldMessageKey, 'required' | 'amountInvalid' | 'rechargeMin'> | 'topup.amountMax';

export type AmountCheck = { ok: true; cents: number } | { ok: false; problem: AmountProblem };

/** Checks a dollar amount typed by the user against the top-up limits (spec §9: at least 5 USD). */
export function checkRechargeAmount(input: string): AmountCheck {
  if (!input.trim()) return { ok: false, problem: 'required' };
  const cents = parseDollarsToCents(input.replace(/,/g, ''));
  if (cents === null) return { ok: false, problem: 'amountInvalid' };
  if (cents < FUNDS_LIMITS.rechargeMinCents) return { ok: false, problem: 'rechargeMin' };
  if (cents > FUNDS_LIMITS.rechargeMaxCents) return { ok: false, problem: 'topup.amountMax' };
  return { ok: true, cents };
}

export interface RechargeQuote {
  amountCents: number;
  /** The method's rate in percent (3 for 300 basis points). */
  feePercent: number;
  feeCents: number;
  totalCents: number;
}

/** The fee rate of a top-up method in basis points, from the public parameters (the server's rates now). */
export function rechargeFeeBpsOf(
  parameters: Pick<PublicParameterValues, RechargeFeeKey>,
  method: RechargeMethod,
): number {
  return parameters[RECHARGE_FEE_KEYS[method]];
}

type RechargeFeeKey = 'rechargeFeeCardBps' | 'rechargeFeeAlipayBps';
const RECHARGE_FEE_KEYS: Record<RechargeMethod, RechargeFeeKey> = {
  card: 'rechargeFeeCardBps',
  alipay: 'rechargeFeeAlipayBps',
};

/**
 * What the user pays for a top-up: the amount, the method's fee on top at `feeBps` (the rate in force, a
 * parameter), and the total (shown before paying).
 */
export function rechargeQuote(amountCents: number, method: RechargeMethod, feeBps: number): RechargeQuote {
  const feeCents = rechargeFeeCents(amountCents, method, feeBps);
  return {
    amountCents,
    feePercent: feeBps / 100,
    feeCents,
    totalCents: amountCents + feeCents,
  };
}

/** A cent amount as the text of the amount field ('20', '20.50'), e.g. to prefill it from a link. */
export function centsToInput(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** The amount of a `?amount=` link (dollars), raised to the minimum; null when absent or not an amount. */
export function prefillAmount(param: string | null): string | null {
  if (!param) return null;
  const cents = parseDollarsToCents(param);
  if (cents === null || cents <= 0) return null;
  return centsToInput(Math.min(Math.max(cents, FUNDS_LIMITS.rechargeMinCents), FUNDS_LIMITS.rechargeMaxCents));
}

/** '' is "a new card, entered on the provider's page". */
export const NEW_CARD = '';

/** The top-up form: typed amount, method and (for cards) a saved card; its output is the API request. */
export const rechargeFormSchema = z
  .object({
    amount: z.string(),
    method: z.enum(RECHARGE_METHODS),
    cardId: z.string(),
  })
  .superRefine((values, ctx) => {
    const check = checkRechargeAmount(values.amount);
    if (!check.ok) ctx.addIssue({ code: 'custom', path: ['amount'], message: check.problem });
  })
  .transform((values): RechargeRequest => {
    const check = checkRechargeAmount(values.amount);
    const amountCents = check.ok ? check.cents : 0;
    return values.method === 'card' && values.cardId !== NEW_CARD
      ? { amountCents, method: 'card', cardId: values.cardId }
      : { amountCents, method: values.method };
  });
export type RechargeFormInput = z.input<typeof rechargeFormSchema>;

/** A fee rate in percent as text ('3%', '1.5%'), in the UI language's number format. */
export function formatPercent(percent: number, lng: string): string {
  return new Intl.NumberFormat(lng.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(percent / 100);
}
