import { API_ACCESS } from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import { getBalances, getSpentSince } from '../ledger/ledger.service.ts';

/** What the API access rule (spec §6) is decided on, in US cents. */
export interface ApiAccessInputs {
  /** Spent by the account in the last API_ACCESS.spendingWindowMonths months. */
  spentCents: number;
  /** The account's available balance. */
  availableCents: number;
}

/** `months` calendar months before `now` (UTC; the 31st falls back to the month's last day). */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/**
 * The one place the API access rule reads money from, through the ledger service: net order
 * spending (payments minus refunds) over the last API_ACCESS.spendingWindowMonths months, and the
 * available balance now.
 */
export async function getApiAccessInputs(app: App, userId: bigint): Promise<ApiAccessInputs> {
  const { db, clock } = app.platform;
  const since = monthsBefore(clock.now(), API_ACCESS.spendingWindowMonths);
  const [spentCents, balances] = [await getSpentSince(db, userId, since), await getBalances(db, userId)];
  return { spentCents, availableCents: balances.availableCents };
}
