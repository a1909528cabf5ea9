import {
  FUNDS_LIMITS,
  parseDollarsToCents,
  SETTLEMENT_TARGETS,
  type SettlementRequest,
  type SettlementTarget,
} from '@namebourse/contract';
import { z } from 'zod';
import type { PublicParameterValues } from '../../../lib/public-parameters.ts';

/**
 * The settlement form: the amount typed in dollars (turned into integer cents), the target and a note. Messages
 * are contract field-message keys, or keys of the 'payouts' namespace starting with 'settle.form.'.
 */
export interface SettlementFormValues {
  amount: string;
  target: SettlementTarget;
  note: string;
}

/** The settlement minimum and fee in force (parameters settlementMinCents, settlementFeeCents; from the server). */
export type SettlementRule = Pick<PublicParameterValues, 'settlementMinCents' | 'settlementFeeCents'>;

export interface SettlementContext {
  /** Earnings that can be settled now. */
  earningsCents: number;
  /** The account has an approved wire payee (needed for target 'wire'). */
  wireApproved: boolean;
  rule: SettlementRule;
}

export const WIRE_NOT_APPROVED = 'settle.form.wireNotApproved';

/** Why an amount cannot be settled, or null when it can (`minCents`: the minimum in force). */
export function amountProblem(
  amountText: string,
  earningsCents: number,
  minCents: number,
): 'required' | 'amountInvalid' | 'settlementMin' | 'settlementMax' | null {
  if (amountText.trim() === '') return 'required';
  const cents = parseDollarsToCents(amountText);
  if (cents === null) return 'amountInvalid';
  if (cents < minCents) return 'settlementMin';
  if (cents > earningsCents) return 'settlementMax';
  return null;
}

export function settlementFormSchema({ earningsCents, wireApproved, rule }: SettlementContext) {
  return z
    .object({
      amount: z.string(),
      target: z.enum(SETTLEMENT_TARGETS),
      note: z.string().trim().max(FUNDS_LIMITS.settlementNoteMax),
    })
    .superRefine((values, ctx) => {
      const problem = amountProblem(values.amount, earningsCents, rule.settlementMinCents);
      if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
      if (values.target === 'wire' && !wireApproved)
        ctx.addIssue({ code: 'custom', path: ['target'], message: WIRE_NOT_APPROVED });
    })
    .transform(
      (values): SettlementRequest => ({
        amountCents: parseDollarsToCents(values.amount) ?? 0,
        target: values.target,
        note: values.note === '' ? undefined : values.note,
      }),
    );
}

export interface SettlementPreview {
  amountCents: number;
  feeCents: number;
  /** What arrives: the amount less the fee (never below 0). */
  netCents: number;
}

/** The live fee (`feeCents`: the fee in force) and net amount of what is typed; null while it is not an amount. */
export function settlementPreview(amountText: string, feeCents: number): SettlementPreview | null {
  const amountCents = parseDollarsToCents(amountText);
  if (amountCents === null) return null;
  return { amountCents, feeCents, netCents: Math.max(0, amountCents - feeCents) };
}

/** The dollar text of a cent amount for the amount field ("1234.5" → "1234.50"). */
export function centsToInput(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `${whole}.${rest}`;
}

/** The settlement a wire payee makes possible: a payee is approved. */
export function canSettleByWire(payees: readonly { type: string; status: string }[]): boolean {
  return payees.some((payee) => payee.type === 'wire' && payee.status === 'approved');
}

/** Enough earnings for the minimum settlement (`minCents`: the minimum in force). */
export function canSettle(earningsCents: number, minCents: number): boolean {
  return earningsCents >= minCents;
}
