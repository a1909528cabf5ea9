import {
  type DomainBatchResult,
  domainReasonText,
  isDomainReason,
  LOCK_BLOCKED_STATUSES,
  type Locale,
  type MyDomain,
  withTaxCents,
} from '@namebourse/contract';

/** Names per POST /domains/batch: small enough for a progress bar that moves, far below the server's limit. */
export const BATCH_CHUNK = 50;
/** How often the list asks again while a registrar result is awaited on the page (ms). */
export const LIVE_REFRESH_MS = 5_000;

/** `items` cut into runs of `size` (the last one shorter). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let at = 0; at < items.length; at += size) runs.push(items.slice(at, at + size));
  return runs;
}

/** Whether a registrar result is awaited for this domain (an operation in flight or a lock change under way). */
export function isAwaitingResult(domain: Pick<MyDomain, 'pendingOperation' | 'lockStatus'>): boolean {
  return domain.pendingOperation !== null || domain.lockStatus === 'opening' || domain.lockStatus === 'closing';
}

/** The list's refetch interval: every LIVE_REFRESH_MS while any domain on the page awaits a result, else none. */
export function liveRefreshInterval(items: readonly Pick<MyDomain, 'pendingOperation' | 'lockStatus'>[] | undefined) {
  return items?.some(isAwaitingResult) ? LIVE_REFRESH_MS : false;
}

/** Whether the lock is locked (transfer prohibited) or becoming so: the switch's position. */
export function isLocked(domain: Pick<MyDomain, 'lockStatus'>): boolean {
  return domain.lockStatus === 'closed' || domain.lockStatus === 'closing';
}

/** The lock can change now: no renewal or redemption period or transfer in the way, nothing in flight. */
export function canChangeLock(domain: Pick<MyDomain, 'status' | 'lockStatus' | 'pendingOperation'>): boolean {
  return !LOCK_BLOCKED_STATUSES.includes(domain.status) && !isAwaitingResult(domain);
}

/** Renewal is offered in the normal and renewable statuses with nothing in flight. */
export function canRenew(domain: Pick<MyDomain, 'status' | 'pendingOperation'>): boolean {
  return (domain.status === 'normal' || domain.status === 'renewable') && domain.pendingOperation === null;
}

export function canRedeem(domain: Pick<MyDomain, 'redeemable' | 'pendingOperation'>): boolean {
  return domain.redeemable && domain.pendingOperation === null;
}

/** Price of a renewal before tax: the price per year times the years (cents). */
export function renewalTotal(pricePerYearCents: number, years: number): number {
  return pricePerYearCents * years;
}

/**
 * The order the server creates for an operation: the price, the tax at `taxRateBps` (the tax rate parameter in
 * force, from the server) and the total (cents).
 */
export function orderAmounts(
  exTaxCents: number,
  taxRateBps: number,
): { exTaxCents: number; taxCents: number; totalCents: number } {
  const totalCents = withTaxCents(exTaxCents, taxRateBps);
  return { exTaxCents, taxCents: totalCents - exTaxCents, totalCents };
}

/** Renewing several domains for `years`: one order each, at its own price with its own tax; the sums (cents). */
export function batchRenewalTotal(
  domains: readonly Pick<MyDomain, 'renewalPriceCents'>[],
  years: number,
  taxRateBps: number,
): { exTaxCents: number; taxCents: number; totalCents: number } {
  return domains.reduce(
    (sum, domain) => {
      const one = orderAmounts(renewalTotal(domain.renewalPriceCents, years), taxRateBps);
      return {
        exTaxCents: sum.exTaxCents + one.exTaxCents,
        taxCents: sum.taxCents + one.taxCents,
        totalCents: sum.totalCents + one.totalCents,
      };
    },
    { exTaxCents: 0, taxCents: 0, totalCents: 0 },
  );
}

export interface BatchFailure {
  name: string;
  /** The reason in the reader's language. */
  message: string;
}

export interface BatchReport {
  succeeded: string[];
  failed: BatchFailure[];
}

/** A failure's text: the reason catalogue's words for a known reason code, else the server's (localized) message. */
export function failureText(failure: { code: string; message: string }, locale: Locale): string {
  if (isDomainReason(failure.code)) return domainReasonText(failure.code, locale) ?? failure.message;
  return failure.message || failure.code;
}

/** Adds one chunk's answer to the report. */
export function addBatchResult(report: BatchReport, result: DomainBatchResult, locale: Locale): BatchReport {
  return {
    succeeded: [...report.succeeded, ...result.succeeded],
    failed: [...report.failed, ...result.failed.map((f) => ({ name: f.name, message: failureText(f, locale) }))],
  };
}

/** Adds a chunk whose request failed as a whole: every name in it failed with the request's message. */
export function addBatchError(report: BatchReport, names: readonly string[], message: string): BatchReport {
  return { succeeded: report.succeeded, failed: [...report.failed, ...names.map((name) => ({ name, message }))] };
}

/** The `data.reason` of a Domain.* error (with its `days` etc.) in the reader's language; null without one. */
export function errorReasonText(data: unknown, locale: Locale): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { reason, ...params } = data as Record<string, unknown>;
  if (typeof reason !== 'string' || reason === '') return null;
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params))
    if (typeof value === 'string' || typeof value === 'number') values[key] = value;
  return domainReasonText(reason, locale, values);
}

/** Whether transfer out is possible at `nowMs` (the wait after delivery or transfer-in has passed). */
export function transferOutOpen(domain: Pick<MyDomain, 'transferOutAllowedFrom'>, nowMs: number): boolean {
  return Date.parse(domain.transferOutAllowedFrom) <= nowMs;
}
