import { type PurchaseFailure, PurchaseFailureSchema } from '@namebourse/contract';
import { isApiError } from '../../lib/api-client.ts';

export const PURCHASE_FAILED_CODE = 'Commodity.PurchaseFailed';
export const PRICE_CHANGED_CODE = 'Cart.PriceChanged';

export interface PurchaseFailureInfo {
  reason: PurchaseFailure;
  /** price_changed: the active price now. */
  priceCents?: number;
}

/**
 * Why a purchase failed, read from the error: Commodity.PurchaseFailed carries `{ reason, priceCents? }`;
 * Cart.PriceChanged is a price change. Null for any other error.
 */
export function purchaseFailureOf(error: unknown): PurchaseFailureInfo | null {
  if (!isApiError(error)) return null;
  if (error.code === PRICE_CHANGED_CODE) {
    const data = PurchaseFailureSchema.partial().safeParse(error.data ?? {});
    return { reason: 'price_changed', priceCents: data.success ? data.data.priceCents : undefined };
  }
  if (error.code !== PURCHASE_FAILED_CODE) return null;
  const data = PurchaseFailureSchema.safeParse(error.data);
  return data.success ? data.data : { reason: 'unavailable' };
}

/** The `buying` key that words a failure's reason ('This domain has just been sold', …). */
export function purchaseFailureKey(reason: PurchaseFailure): `failure.${PurchaseFailure}` {
  return `failure.${reason}`;
}

/** Whether a listing can be bought at a fixed price now: not an auction, and a buy-now price. */
export function canBuyNow(listing: { mode: string; priceCents: number | null }): listing is {
  mode: string;
  priceCents: number;
} {
  return listing.mode !== 'auction' && listing.priceCents !== null && listing.priceCents > 0;
}
