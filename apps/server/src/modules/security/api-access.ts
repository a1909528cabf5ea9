import type { App } from '../../app.ts';

/** What the API access rule (spec §6) is decided on, in US cents. */
export interface ApiAccessInputs {
  /** Spent by the account in the last API_ACCESS.spendingWindowMonths months. */
  spentCents: number;
  /** The account's available balance. */
  availableCents: number;
}

/**
 * The one place the API access rule reads money from. The ledger (the money issue) supplies these
 * numbers: this function will call the ledger service (spending over the last 24 months, available
 * balance). Until the ledger exists no account has spent anything or holds a balance, so it
 * truthfully reports 0 / 0 and API access stays locked (the page offers contact-us for a trial).
 */
export async function getApiAccessInputs(_app: App, _userId: bigint): Promise<ApiAccessInputs> {
  return { spentCents: 0, availableCents: 0 };
}
