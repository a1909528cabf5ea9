import {
  type BatchPriceBody,
  type BatchPriceResult,
  type ErrorCode,
  errorMessage,
  type FieldMessageKey,
  fieldMessage,
  type ListingStatus,
  type Locale,
  listingPriceProblem,
} from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import { recordAudits } from '../admin/audit.service.ts';
import { findPriceable, type PriceableRow, setPrices } from './listings.batch.repository.ts';

/**
 * Batch pricing (spec §2; API.md POST /listings/batch-price): set one price on many listings, or
 * change each by a percentage or an amount. Each listing succeeds or fails on its own; `preview`
 * computes the same report and changes nothing. The rules are pure functions (below, tested in
 * listings.batch-price.test.ts); the service applies them in one transaction with conditional
 * updates. A price change takes effect at once, without review, whatever the listing's review
 * status (issue 16: editing the price of an approved listing takes effect at once).
 *
 * Which price: a fixed-price listing's price; an offer listing's buy-now price. An offer listing
 * without a buy-now price is refused (Listing.NotEditable): batch pricing changes prices that exist
 * and never adds a buy-now option (that is an edit of the listing, with its floor in view). Seller
 * auctions are refused too: their start price is set before the lot opens, on the listing itself.
 */

/** Statuses in which a listing's price may change (open, not selling). */
export const PRICE_EDITABLE_STATUSES: readonly ListingStatus[] = [
  'on_sale',
  'modification_review',
  'pending_review',
  'review_failed',
  'supplement_required',
];
export const PRICE_EDITABLE_MODES = ['fixed', 'offer'] as const;

export type PriceChange = { priceCents: number } | { percent: number } | { deltaCents: number };

/** The change the body asks for (the schema guarantees exactly one). */
export function changeOf(body: Pick<BatchPriceBody, 'priceCents' | 'percent' | 'deltaCents'>): PriceChange {
  if (body.priceCents !== undefined) return { priceCents: body.priceCents };
  if (body.percent !== undefined) return { percent: body.percent };
  return { deltaCents: body.deltaCents ?? 0 };
}

/** Percentages are taken to six decimals (12.345678 %); finer digits cannot move a cent of a valid price. */
const PERCENT_SCALE = 1_000_000n;

/**
 * The new price in integer cents. A percentage rounds to the cent, half up (away from zero for a
 * positive price): 10 % off $9.95 is $8.955 → $8.96. BigInt arithmetic: no float error, no overflow.
 */
export function newPrice(oldCents: number, change: PriceChange): number {
  if ('priceCents' in change) return change.priceCents;
  if ('deltaCents' in change) return oldCents + change.deltaCents;
  const factor = 100n * PERCENT_SCALE + BigInt(Math.round(change.percent * Number(PERCENT_SCALE)));
  const numerator = BigInt(oldCents) * factor;
  const denominator = 100n * PERCENT_SCALE;
  if (numerator <= 0n) return Number(numerator / denominator);
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

export type PriceOutcome =
  | { ok: true; oldPriceCents: number; newPriceCents: number }
  | { ok: false; code: ErrorCode; message?: FieldMessageKey; params?: Record<string, string | number> };

/** Whether (and to what) one listing's price changes; `undefined` row: not the caller's (or no such listing). */
export function priceOutcome(row: PriceableRow | undefined, change: PriceChange): PriceOutcome {
  if (!row) return { ok: false, code: 'Listing.NotFound' };
  if (!(PRICE_EDITABLE_STATUSES as readonly string[]).includes(row.status)) {
    return { ok: false, code: 'Listing.NotEditable' };
  }
  if (!(PRICE_EDITABLE_MODES as readonly string[]).includes(row.mode) || row.priceCents === null) {
    return { ok: false, code: 'Listing.NotEditable' };
  }
  const next = newPrice(row.priceCents, change);
  const problem = listingPriceProblem(next);
  if (problem) return { ok: false, code: 'Request.Invalid', ...problem };
  // An offer listing's buy-now price stays at or above its floor (minimum offer).
  if (row.mode === 'offer' && row.floorCents !== null && next < row.floorCents) {
    return { ok: false, code: 'Request.Invalid', message: 'rangeInvalid' };
  }
  return { ok: true, oldPriceCents: row.priceCents, newPriceCents: next };
}

function failureMessage(outcome: Extract<PriceOutcome, { ok: false }>, locale: Locale): string {
  return outcome.message ? fieldMessage(outcome.message, locale, outcome.params) : errorMessage(outcome.code, locale);
}

const MAX_BIGINT = 2n ** 63n - 1n;

/** Computes (preview) or applies a batch price change to the caller's listings. */
export async function batchPrice(
  app: App,
  userId: bigint,
  body: BatchPriceBody,
  locale: Locale,
): Promise<BatchPriceResult> {
  const change = changeOf(body);
  const ids = [...new Set(body.listingIds.map((id) => BigInt(id).toString()))];
  // The schema refuses ids beyond bigint (rowIdText); kept so that the query can never see one.
  const lookup = ids.filter((id) => BigInt(id) <= MAX_BIGINT);
  const { db, clock } = app.platform;

  const report = (rows: PriceableRow[]) => {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const result: BatchPriceResult = { preview: body.preview, succeeded: [], failed: [] };
    for (const id of ids) {
      const row = byId.get(id);
      const outcome = priceOutcome(row, change);
      // Another user's listing is 'not found', with no domain: nothing about it is revealed.
      const domain = row?.domain ?? '';
      if (outcome.ok) {
        result.succeeded.push({
          listingId: id,
          domain,
          oldPriceCents: outcome.oldPriceCents,
          newPriceCents: outcome.newPriceCents,
        });
      } else {
        result.failed.push({ listingId: id, domain, code: outcome.code, message: failureMessage(outcome, locale) });
      }
    }
    return result;
  };

  if (body.preview) return report(await findPriceable(db, userId, lookup, false));

  return db.transaction(async (tx) => {
    const rows = await findPriceable(tx, userId, lookup, true);
    const result = report(rows);
    const now = clock.now();
    const changes = result.succeeded.filter((s) => s.newPriceCents !== s.oldPriceCents);
    const changed = new Set(
      await setPrices(
        tx,
        userId,
        changes.map((c) => ({ id: c.listingId, oldPriceCents: c.oldPriceCents, newPriceCents: c.newPriceCents })),
        PRICE_EDITABLE_STATUSES,
        PRICE_EDITABLE_MODES,
        now,
      ),
    );
    // Audited like a single edit's price change (one statement for the batch).
    const statusOf = new Map(rows.map((r) => [r.id, r.status]));
    await recordAudits(
      tx,
      changes
        .filter((c) => changed.has(c.listingId))
        .map((c) => ({
          entityType: 'listing',
          entityId: c.listingId,
          action: 'reprice',
          fromStatus: statusOf.get(c.listingId) ?? null,
          toStatus: statusOf.get(c.listingId) ?? null,
          reason: `batch: ${c.oldPriceCents} → ${c.newPriceCents}`,
          actor: { id: userId, role: 'user' },
          now,
        })),
    );
    // Rows are locked above, so every update applies; should one not (a change made between), it is
    // reported as failed rather than claimed.
    const lost = changes.filter((c) => !changed.has(c.listingId));
    if (lost.length === 0) return result;
    const lostIds = new Set(lost.map((c) => c.listingId));
    return {
      ...result,
      succeeded: result.succeeded.filter((s) => !lostIds.has(s.listingId)),
      failed: [
        ...result.failed,
        ...lost.map((c) => ({
          listingId: c.listingId,
          domain: c.domain,
          code: 'Listing.NotEditable',
          message: errorMessage('Listing.NotEditable', locale),
        })),
      ],
    };
  });
}
