import {
  BUYING_RULES,
  buyerTotal,
  type Cart,
  type CartItem,
  type CheckoutRequest,
  type CheckoutResult,
  type ListingMode,
  type ListingStatus,
  type Locale,
  type OrderStatus,
  type PurchaseFailure,
} from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../admin/audit.service.ts';
import { getBalances } from '../ledger/ledger.service.ts';
import type { ListingRow } from '../listings/listings.service.ts';
import { logoUrl } from '../listings/market.presenter.ts';
import { billingSnapshotOf } from '../orders/orders.buyer.ts';
import { type OrderRow, orderRates, payOrder } from '../orders/orders.service.ts';
import { assertContactInfoComplete } from '../profile/profile.service.ts';
import { openListingOrder, purchaseFailed, purchaseRefusal } from './buying.core.ts';
import { findListingRow, lockListingRows } from './buying.repository.ts';
import { failureMessage, publishPaid } from './buying.service.ts';
import {
  type CartLineRow,
  countCartItems,
  deleteCartItems,
  findCartItems,
  listCartLines,
  lockCart,
  upsertCartItem,
} from './cart.repository.ts';

/**
 * The cart (GET/POST/DELETE /api/cart, /api/cart/:listingId) and its checkout (POST
 * /api/cart/checkout): each line remembers the price the buyer added or last confirmed it at; the
 * checkout buys each line all or nothing (its own savepoint) at that price, paid from the balance
 * (a line the balance cannot cover fails: a checkout never leaves unpaid orders), and reports the rest.
 */

type Buyer = Pick<AuthUser, 'id' | 'role'>;

/** Why the buyer cannot buy the listing now, or null (the cart's availability and the checkout's first check). */
function refusalOf(listing: ListingRow, buyerId: bigint): PurchaseFailure | null {
  return purchaseRefusal(listing, buyerId) ?? (listing.priceCents === null ? 'no_price' : null);
}

function presentLine({ item, listing }: CartLineRow, buyerId: bigint, taxRateBps: number): CartItem {
  const reason = refusalOf(listing, buyerId);
  const price = listing.priceCents;
  const { taxCents, totalCents } = buyerTotal(price ?? item.priceCents, taxRateBps);
  return {
    listingId: listing.id.toString(),
    domain: listing.domain,
    mode: listing.mode as ListingMode,
    status: listing.status as ListingStatus,
    available: reason === null,
    unavailableReason: reason,
    priceCents: price,
    addedPriceCents: item.priceCents,
    priceChanged: price !== null && price !== item.priceCents,
    taxCents,
    totalCents,
    logoUrl: logoUrl(listing.logoId),
    addedAt: item.createdAt.toISOString(),
  };
}

/** GET /api/cart: the lines as they are now, the totals of the available ones and the balance. */
export async function getCart(app: App, buyerId: bigint): Promise<Cart> {
  const { db } = app.platform;
  const taxRateBps = app.platform.parameters.get('taxRateBps');
  const items = (await listCartLines(db, buyerId)).map((line) => presentLine(line, buyerId, taxRateBps));
  const { availableCents } = await getBalances(db, buyerId);
  let subtotalCents = 0;
  let taxCents = 0;
  let totalCents = 0;
  for (const item of items) {
    if (!item.available) continue;
    subtotalCents += item.priceCents ?? 0;
    taxCents += item.taxCents;
    totalCents += item.totalCents;
  }
  return {
    items,
    count: items.length,
    subtotalCents,
    taxCents,
    totalCents,
    availableBalanceCents: availableCents,
    shortfallCents: Math.max(0, totalCents - availableCents),
  };
}

/**
 * POST /api/cart: adds a listing the buyer can buy now at its active price, or confirms the active
 * price of a line already there. Commodity.PurchaseFailed with the reason when it cannot be bought
 * (own listing, sold, selling, not on sale, no buy-now price); Cart.LimitReached beyond BUYING_RULES.cartMax lines.
 */
export async function addToCart(app: App, buyerId: bigint, listingId: bigint): Promise<Cart> {
  const { db, clock } = app.platform;
  await db.transaction(async (tx) => {
    await lockCart(tx, buyerId);
    const listing = await findListingRow(tx, listingId);
    if (!listing) throw purchaseFailed('unavailable');
    const reason = refusalOf(listing, buyerId);
    if (reason) throw purchaseFailed(reason);
    const present = (await findCartItems(tx, buyerId, [listingId])).length > 0;
    if (!present && (await countCartItems(tx, buyerId)) >= BUYING_RULES.cartMax) {
      throw new AppError('Cart.LimitReached', { data: { max: BUYING_RULES.cartMax } });
    }
    await upsertCartItem(tx, {
      userId: buyerId,
      listingId,
      priceCents: listing.priceCents as number,
      now: clock.now(),
    });
  });
  return getCart(app, buyerId);
}

/** DELETE /api/cart/:listingId: Cart.NotInCart when the line is not there. */
export async function removeFromCart(app: App, buyerId: bigint, listingId: bigint): Promise<Cart> {
  const removed = await deleteCartItems(app.platform.db, buyerId, [listingId]);
  if (removed === 0) throw new AppError('Cart.NotInCart');
  return getCart(app, buyerId);
}

type Failed = CheckoutResult['failed'][number];

/**
 * POST /api/cart/checkout: needs complete contact information. Every line's listing is locked first
 * (in id order, one statement), then each line in the request's order is checked (in the cart,
 * buyable, the confirmed price still the active one, covered by what is left of the balance) and
 * bought in its own savepoint: the order opened through openListingOrder and paid into escrow, or
 * nothing at all. Bought lines leave the cart; the others are reported with a code and a message
 * in the reader's language.
 */
export async function checkout(app: App, buyer: Buyer, body: CheckoutRequest, locale: Locale): Promise<CheckoutResult> {
  const { db, clock } = app.platform;
  await assertContactInfoComplete(app, buyer.id);
  const billing = await billingSnapshotOf(app, buyer.id);
  const now = clock.now();
  const rates = orderRates(app);
  const externalDeliveryDays = app.platform.parameters.get('externalDeliveryDays');
  const actor: Actor = { id: buyer.id, role: buyer.role };
  const wanted = new Map<string, number>();
  for (const item of body.items) if (!wanted.has(item.listingId)) wanted.set(item.listingId, item.priceCents);
  const ids = [...wanted.keys()].map((id) => BigInt(id));

  const { bought, failed } = await db.transaction(async (tx) => {
    const inCart = new Set((await findCartItems(tx, buyer.id, ids)).map((row) => row.listingId.toString()));
    const locked = await lockListingRows(
      tx,
      ids.filter((id) => inCart.has(id.toString())),
    );
    let remaining = (await getBalances(tx, buyer.id)).availableCents;
    const bought: { listing: ListingRow; order: OrderRow }[] = [];
    const failed: Failed[] = [];
    const fail = (listingId: string, domain: string | null, code: string, data?: Record<string, unknown>) =>
      failed.push({
        listingId,
        domain,
        code,
        message: failureMessage(code, data?.reason, locale),
        ...(typeof data?.priceCents === 'number' ? { priceCents: data.priceCents } : {}),
      });
    for (const [listingId, confirmed] of wanted) {
      if (!inCart.has(listingId)) {
        fail(listingId, null, 'Cart.NotInCart');
        continue;
      }
      const listing = locked.get(listingId);
      if (!listing) {
        fail(listingId, null, 'Commodity.PurchaseFailed', { reason: 'unavailable' });
        continue;
      }
      const reason = refusalOf(listing, buyer.id);
      if (reason) {
        fail(listingId, listing.domain, 'Commodity.PurchaseFailed', { reason });
        continue;
      }
      if (listing.priceCents !== confirmed) {
        fail(listingId, listing.domain, 'Cart.PriceChanged', { priceCents: listing.priceCents });
        continue;
      }
      if (buyerTotal(confirmed, rates.taxRateBps).totalCents > remaining) {
        fail(listingId, listing.domain, 'Funds.InsufficientBalance');
        continue;
      }
      try {
        const paid = await tx.transaction(async (sp) => {
          const { order } = await openListingOrder(sp, {
            listingId: listing.id,
            buyerId: buyer.id,
            actor,
            source: 'fixed',
            priceCents: confirmed,
            rates,
            now,
          });
          // This line's savepoint undoes the order too when the payment is refused.
          return payOrder(sp, { order, actor, billing, now, externalDeliveryDays });
        });
        remaining -= paid.amountCents;
        bought.push({ listing, order: paid });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        fail(listingId, listing.domain, err.code, err.data as Record<string, unknown> | undefined);
      }
    }
    await deleteCartItems(
      tx,
      buyer.id,
      bought.map((b) => b.listing.id),
    );
    return { bought, failed };
  });
  await publishPaid(
    app,
    bought.map((b) => b.order),
  );
  return {
    orders: bought.map(({ listing, order }) => ({
      orderId: order.id,
      listingId: listing.id.toString(),
      domain: order.domain,
      status: order.status as OrderStatus,
      paid: true,
      amountCents: order.amountCents,
    })),
    failed,
    paidCents: bought.reduce((sum, b) => sum + b.order.amountCents, 0),
  };
}
