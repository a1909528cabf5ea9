import { BUYING_RULES, type CartItem, type CheckoutRequest, type CheckoutResult } from '@namebourse/contract';

/** Lines per checkout request: small enough that the progress bar moves, never above the server's limit. */
export const CHECKOUT_SLICE = Math.min(BUYING_RULES.checkoutMax, 10);

export type CheckoutLine = CheckoutRequest['items'][number];

/**
 * The lines a checkout buys: available ones at the price the buyer confirmed. A line whose price changed since it
 * was added waits for the buyer to confirm the new price (it would only fail).
 */
export function checkoutLines(items: readonly CartItem[]): CheckoutLine[] {
  return items
    .filter((item) => item.available && !item.priceChanged && item.priceCents !== null && item.priceCents > 0)
    .map((item) => ({ listingId: item.listingId, priceCents: item.priceCents as number }));
}

/** Lines waiting for the buyer to confirm a changed price. */
export function linesToConfirm(items: readonly CartItem[]): CartItem[] {
  return items.filter((item) => item.available && item.priceChanged);
}

/** `items` in consecutive slices of at most `size`. */
export function slicesOf<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new RangeError('size must be at least 1');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export const EMPTY_RESULT: CheckoutResult = { orders: [], failed: [], paidCents: 0 };

/** Two slices' reports as one. */
export function mergeResults(a: CheckoutResult, b: CheckoutResult): CheckoutResult {
  return {
    orders: [...a.orders, ...b.orders],
    failed: [...a.failed, ...b.failed],
    paidCents: a.paidCents + b.paidCents,
  };
}

/** Whole percent of the lines done (0 when there are none). */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((done * 100) / total));
}

export interface CheckoutProgress {
  done: number;
  total: number;
}

/** A slice that failed as a whole (network, refused request): each of its lines reported with the error. */
export interface SliceError {
  code: string;
  message: string;
}

/**
 * Checks out `lines` slice by slice (`send` posts one slice), reporting progress after each; a slice that fails
 * as a whole marks its lines failed with that error and the run goes on (each line is all or nothing on the
 * server, so nothing is half bought). Resolves to the merged report.
 */
export async function runCheckout(
  lines: readonly CheckoutLine[],
  send: (slice: CheckoutLine[]) => Promise<CheckoutResult>,
  onProgress: (progress: CheckoutProgress) => void,
  errorOf: (error: unknown) => SliceError,
  size: number = CHECKOUT_SLICE,
): Promise<CheckoutResult> {
  let report = EMPTY_RESULT;
  let done = 0;
  onProgress({ done, total: lines.length });
  for (const slice of slicesOf(lines, size)) {
    try {
      report = mergeResults(report, await send(slice));
    } catch (error) {
      const { code, message } = errorOf(error);
      report = mergeResults(report, {
        orders: [],
        failed: slice.map((line) => ({ listingId: line.listingId, domain: null, code, message })),
        paidCents: 0,
      });
    }
    done += slice.length;
    onProgress({ done, total: lines.length });
  }
  return report;
}
