import {
  type BuyRequest,
  type BuyResult,
  errorMessage,
  isErrorCode,
  type Locale,
  type MarketMine,
  type OrderStatus,
  type PurchaseFailure,
} from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { afterCommit } from '../../platform/request-tx.ts';
import type { Actor } from '../admin/audit.service.ts';
import { getBalances } from '../ledger/ledger.service.ts';
import { getMarketListing } from '../listings/market.service.ts';
import { notify } from '../messages/messages.service.ts';
import { billingSnapshotOf } from '../orders/orders.buyer.ts';
import { publishOrderEvent } from '../orders/orders.lifecycle.ts';
import { eventPayload, ORDER_EVENTS, orderLink } from '../orders/orders.rules.ts';
import { type OrderRow, orderRates, type PayOrderInput, payOrder } from '../orders/orders.service.ts';
import { assertContactInfoComplete } from '../profile/profile.service.ts';
import { openListingOrder } from './buying.core.ts';
import { findListingRow } from './buying.repository.ts';
import { deleteCartItems, findCartItems } from './cart.repository.ts';
import { findOpenOfferOf } from './offers.service.ts';
import { isListingWatched } from './watch.service.ts';

/**
 * Buy now (POST /api/listings/:listingId/buy) and the buyer's state of a market listing (GET
 * /api/market/:domain/mine). A purchase opens its order through openListingOrder (buying.core.ts)
 * and pays it from the balance in a savepoint of the same transaction when the balance covers it;
 * otherwise the order waits for payment (the listing held for the buyer for the pay window).
 */

type Buyer = Pick<AuthUser, 'id' | 'role'>;

/** Why a purchase failed, in the reader's language (the tail of a failed line's message). */
const REASON_TEXT: Record<Locale, Record<PurchaseFailure, string>> = {
  'zh-CN': {
    sold: '该域名已售出',
    selling: '该域名已被其他买家下单',
    unavailable: '该域名当前不在出售中',
    own_listing: '不能购买自己出售的域名',
    no_price: '该域名没有一口价，请出价报价',
    price_changed: '价格已变动',
  },
  'en-US': {
    sold: 'this domain has been sold',
    selling: 'another buyer has ordered this domain',
    unavailable: 'this domain is not on sale now',
    own_listing: 'you cannot buy your own domain',
    no_price: 'this domain has no buy-now price; make an offer instead',
    price_changed: 'the price has changed',
  },
};

/** A failed purchase's message for a report: the code's text, and the reason when there is one. */
export function failureMessage(code: string, reason: unknown, locale: Locale): string {
  const base = isErrorCode(code) ? errorMessage(code, locale) : code;
  const why = typeof reason === 'string' ? REASON_TEXT[locale][reason as PurchaseFailure] : undefined;
  return why ? `${base}${locale === 'zh-CN' ? '：' : ': '}${why}` : base;
}

/**
 * Pays the just-opened order in a savepoint; null (nothing paid, the savepoint undone) when the
 * balance no longer covers it (a payment of the same buyer elsewhere got there first).
 */
export async function payInSavepoint(tx: Tx, input: PayOrderInput): Promise<OrderRow | null> {
  try {
    return await tx.transaction((sp) => payOrder(sp, input));
  } catch (err) {
    if (err instanceof AppError && err.code === 'Funds.InsufficientBalance') return null;
    throw err;
  }
}

/** Publishes `order.paid` for each order once the change is committed. */
export async function publishPaid(app: App, orders: readonly OrderRow[]): Promise<void> {
  if (orders.length === 0) return;
  await afterCommit(async () => {
    for (const row of orders) await publishOrderEvent(app, ORDER_EVENTS.paid, eventPayload(row));
  });
}

/**
 * POST /api/listings/:listingId/buy: needs complete contact information; opens the order at the
 * active price (`expectedPriceCents`, when given, must still be it: reason price_changed) and pays
 * it from the available balance at once when that covers the total. Otherwise the order stays
 * awaiting payment (the buyer is told, with the pay-by time) and the answer names the shortfall.
 * The listing leaves the buyer's cart. Commodity.PurchaseFailed with the reason when it cannot be bought.
 */
export async function buyNow(app: App, buyer: Buyer, listingId: bigint, body: BuyRequest): Promise<BuyResult> {
  const { db, clock } = app.platform;
  await assertContactInfoComplete(app, buyer.id);
  const billing = await billingSnapshotOf(app, buyer.id);
  const now = clock.now();
  const actor: Actor = { id: buyer.id, role: buyer.role };
  const { order, paid, availableCents } = await db.transaction(async (tx) => {
    const { order: opened } = await openListingOrder(tx, {
      listingId,
      buyerId: buyer.id,
      actor,
      source: 'fixed',
      ...(body.expectedPriceCents === undefined ? {} : { priceCents: body.expectedPriceCents }),
      rates: orderRates(app),
      now,
    });
    await deleteCartItems(tx, buyer.id, [listingId]);
    const balance = (await getBalances(tx, buyer.id)).availableCents;
    const paidRow =
      balance >= opened.amountCents
        ? await payInSavepoint(tx, {
            order: opened,
            actor,
            billing,
            now,
            externalDeliveryDays: app.platform.parameters.get('externalDeliveryDays'),
          })
        : null;
    if (paidRow) return { order: paidRow, paid: true, availableCents: balance };
    await notify(tx, {
      userId: buyer.id,
      kind: 'order_created',
      params: {
        orderId: opened.id,
        domain: opened.domain,
        amountCents: opened.amountCents,
        payBy: opened.payBy ? opened.payBy.toISOString() : null,
        paid: 'false',
      },
      link: orderLink(opened.id),
      dedupeKey: `order:${opened.id}:created`,
      now,
    });
    return { order: opened, paid: false, availableCents: balance };
  });
  if (paid) await publishPaid(app, [order]);
  return {
    orderId: order.id,
    status: order.status as OrderStatus,
    paid,
    domain: order.domain,
    priceCents: order.amountExTaxCents,
    taxCents: order.taxCents,
    amountCents: order.amountCents,
    shortfallCents: paid ? 0 : Math.max(0, order.amountCents - availableCents),
    payBy: !paid && order.payBy ? order.payBy.toISOString() : null,
  };
}

/**
 * GET /api/market/:domain/mine: the signed-in buyer's state of the domain's market listing (watched,
 * in the cart, their own, their open offer) and their available balance. Listing.NotFound as the
 * public page when the domain has no listing on the market.
 */
export async function getMarketMine(app: App, userId: bigint, domain: string, locale: Locale): Promise<MarketMine> {
  const { db, clock } = app.platform;
  const detail = await getMarketListing(app, domain, locale);
  const listingId = BigInt(detail.listingId);
  const listing = await findListingRow(db, listingId);
  if (!listing) throw new AppError('Listing.NotFound');
  const isWatched = await isListingWatched(db, userId, listingId);
  const inCart = (await findCartItems(db, userId, [listingId])).length > 0;
  const offer = await findOpenOfferOf(db, userId, listingId, clock.now(), orderRates(app));
  const { availableCents } = await getBalances(db, userId);
  return { isWatched, inCart, isOwn: listing.userId === userId, offer, availableBalanceCents: availableCents };
}
