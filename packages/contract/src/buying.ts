import { z } from 'zod';
import { BUYING_RULES, OFFER_ACTIONS, OFFER_STATUSES, PURCHASE_FAILURES } from './buying.values.ts';
import { PageQuerySchema, pageSchema } from './envelope.ts';
import { LISTING_MODES, LISTING_RULES, LISTING_STATUSES } from './listings.values.ts';
import { ORDER_STATUSES } from './orders.ts';
import { rowIdText } from './row-id.ts';

export * from './buying.values.ts';

// ---- Buying from sellers (API.md Seller centre and buying; issue 17) ----

const cents = z.number().int();
const isoTime = z.string();
const idParam = rowIdText();
const amountSchema = z
  .number({ message: 'required' })
  .int('integer')
  .min(BUYING_RULES.minOfferCents, 'priceTooLow')
  .max(LISTING_RULES.maxPriceCents, 'tooBig');

/**
 * POST /api/listings/:listingId/buy. `expectedPriceCents`: the price the buyer saw; when the active
 * price is another one now, Commodity.PurchaseFailed (reason price_changed, data.priceCents) and
 * nothing is bought. The order is paid from the balance at once when it covers the total; else it
 * stays awaiting payment (the listing held for the buyer, 72 h) and `paid` is false with the shortfall.
 */
export const BuyRequestSchema = z.object({ expectedPriceCents: cents.positive().optional() });
export type BuyRequest = z.infer<typeof BuyRequestSchema>;
export const BuyResultSchema = z.object({
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  paid: z.boolean(),
  domain: z.string(),
  priceCents: cents,
  taxCents: cents,
  amountCents: cents,
  /** When not paid: what the balance lacks (the recharge prompt), and the pay-by time. */
  shortfallCents: cents,
  payBy: isoTime.nullable(),
});
export type BuyResult = z.infer<typeof BuyResultSchema>;

/** The reason data of Commodity.PurchaseFailed (and of a checkout item's failure). */
export const PurchaseFailureSchema = z.object({
  reason: z.enum(PURCHASE_FAILURES),
  /** price_changed: the active price now. */
  priceCents: cents.optional(),
});

// ---- Cart ----

export const CartAddRequestSchema = z.object({ listingId: idParam });
export const CartParamsSchema = z.object({ listingId: idParam });

/** One cart line: the listing as it is now, and the price the buyer added (or last confirmed) it at. */
export const CartItemSchema = z.object({
  listingId: z.string(),
  domain: z.string(),
  mode: z.enum(LISTING_MODES),
  status: z.enum(LISTING_STATUSES),
  /** Can be bought now (on sale, a buy-now price, not the buyer's own, not paused). */
  available: z.boolean(),
  /** When not available: why (sold, selling, unavailable, own_listing, no_price). */
  unavailableReason: z.enum(PURCHASE_FAILURES).nullable(),
  /** The active price now (null: none). */
  priceCents: cents.nullable(),
  /** The price when added (or confirmed); differs from priceCents after a price change. */
  addedPriceCents: cents,
  priceChanged: z.boolean(),
  taxCents: cents,
  totalCents: cents,
  logoUrl: z.string().nullable(),
  addedAt: isoTime,
});
export type CartItem = z.infer<typeof CartItemSchema>;

/** GET /api/cart: the lines, the totals of the available ones, and the balance they are paid from. */
export const CartSchema = z.object({
  items: z.array(CartItemSchema),
  count: z.number().int(),
  /** Sums over the available lines at their current prices. */
  subtotalCents: cents,
  taxCents: cents,
  totalCents: cents,
  availableBalanceCents: cents,
  /** What the balance lacks for the total (0 when it covers it). */
  shortfallCents: cents,
});
export type Cart = z.infer<typeof CartSchema>;

/**
 * POST /api/cart/checkout: buys the given cart lines (≤ BUYING_RULES.checkoutMax per request; the
 * web sends a long cart in slices), each all or nothing, at the price the buyer confirmed
 * (`priceCents`, what the cart showed). A line whose price changed meanwhile fails with
 * Cart.PriceChanged (data.priceCents) until the buyer confirms the new one. Bought lines leave the cart.
 */
export const CheckoutRequestSchema = z.object({
  items: z
    .array(z.object({ listingId: idParam, priceCents: cents.positive() }))
    .min(1, 'required')
    .max(BUYING_RULES.checkoutMax, 'tooMany'),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;
export const CheckoutResultSchema = z.object({
  orders: z.array(
    z.object({
      orderId: z.string(),
      listingId: z.string(),
      domain: z.string(),
      status: z.enum(ORDER_STATUSES),
      paid: z.boolean(),
      amountCents: cents,
    }),
  ),
  failed: z.array(
    z.object({
      listingId: z.string(),
      domain: z.string().nullable(),
      code: z.string(),
      message: z.string(),
      /** Cart.PriceChanged: the price now. */
      priceCents: cents.optional(),
    }),
  ),
  paidCents: cents,
});
export type CheckoutResult = z.infer<typeof CheckoutResultSchema>;

// ---- Offers ----

export const OfferRequestSchema = z.object({ amountCents: amountSchema });
export type OfferRequest = z.infer<typeof OfferRequestSchema>;
export const OfferParamsSchema = z.object({ offerId: idParam });

export const OfferEventSchema = z.object({
  action: z.enum(OFFER_ACTIONS),
  by: z.enum(['buyer', 'seller', 'system']),
  amountCents: cents.nullable(),
  at: isoTime,
});
export type OfferEvent = z.infer<typeof OfferEventSchema>;

/** One offer as either side sees it (GET /api/offers, and every offer action's answer). */
export const OfferSchema = z.object({
  offerId: z.string(),
  listingId: z.string(),
  domain: z.string(),
  status: z.enum(OFFER_STATUSES),
  /** The side the caller is on. */
  role: z.enum(['buyer', 'seller']),
  /** The amount on the table now (the buyer's offer, or the seller's counter). */
  amountCents: cents,
  /** Who made the amount on the table. */
  lastBy: z.enum(['buyer', 'seller']),
  /** The listing's floor and buy-now price now. */
  floorCents: cents.nullable(),
  listingPriceCents: cents.nullable(),
  /** The other side, masked ('NB****21'). */
  counterparty: z.string(),
  /** Whether the caller can act now (accept / reject / counter, or offer again). */
  canAccept: z.boolean(),
  canReject: z.boolean(),
  canCounter: z.boolean(),
  /** The seller's side at the amount on the table: commission at the rate that applies and the net. */
  commissionBps: z.number().int(),
  commissionCents: cents,
  netCents: cents,
  /** The buyer's side: tax and total at the amount on the table. */
  taxCents: cents,
  totalCents: cents,
  expiresAt: isoTime,
  /** The order once accepted. */
  orderId: z.string().nullable(),
  orderStatus: z.enum(ORDER_STATUSES).nullable(),
  history: z.array(OfferEventSchema),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type Offer = z.infer<typeof OfferSchema>;

export const OffersQuerySchema = PageQuerySchema.extend({
  role: z.enum(['buyer', 'seller'], { message: 'choice' }).default('buyer'),
  status: z.enum(OFFER_STATUSES, { message: 'choice' }).optional(),
  listingId: idParam.optional(),
});
export type OffersQuery = z.infer<typeof OffersQuerySchema>;
export const OffersPageSchema = pageSchema(OfferSchema).extend({
  /** Offers by status for this role (the tabs' counts). */
  counts: z.record(z.string(), z.number().int()),
});
export type OffersPage = z.infer<typeof OffersPageSchema>;

// ---- Watched listings (the watchlist page: lots and listings) ----

/** POST /api/watchlist with `{ listingId }` watches a listing (with `{ auctionId }` a lot, as before). */
export const WatchListingRequestSchema = z.object({ listingId: idParam });
export const WatchListingStateSchema = z.object({ listingId: z.string(), isWatched: z.boolean() });
export type WatchListingState = z.infer<typeof WatchListingStateSchema>;
export const WatchedListingSchema = z.object({
  listingId: z.string(),
  domain: z.string(),
  mode: z.enum(LISTING_MODES),
  status: z.enum(LISTING_STATUSES),
  /** On sale in the market now (a sold or withdrawn listing stays on the list, marked). */
  available: z.boolean(),
  priceCents: cents.nullable(),
  floorCents: cents.nullable(),
  /** The listing's period ends then (null: long-term). */
  expiresAt: isoTime.nullable(),
  /** Seconds until expiresAt (null: long-term). */
  timeLeftSeconds: z.number().int().nullable(),
  logoUrl: z.string().nullable(),
  watchedAt: isoTime,
});
export type WatchedListing = z.infer<typeof WatchedListingSchema>;
export const WatchedListingsPageSchema = pageSchema(WatchedListingSchema);

/** The signed-in buyer's state of one market listing (GET /api/market/:domain/mine). */
export const MarketMineSchema = z.object({
  isWatched: z.boolean(),
  inCart: z.boolean(),
  isOwn: z.boolean(),
  /** The buyer's open (or countered) offer on it, if any. */
  offer: OfferSchema.nullable(),
  availableBalanceCents: cents,
});
export type MarketMine = z.infer<typeof MarketMineSchema>;

// ---- The seller's push of an external domain ----

/**
 * POST /api/seller/sales/:orderId/deliver: the seller of a domain held elsewhere gives its transfer
 * (auth) code; the platform starts the transfer into the buyer's account (asynchronous). Success
 * completes the order; failure lets the seller try again until the deadline, then the buyer is refunded.
 */
export const SellerDeliverRequestSchema = z.object({
  authCode: z.string().trim().min(4, 'tooShort').max(64, 'tooLong'),
});
export const SellerSaleParamsSchema = z.object({ orderId: z.string().min(1).max(40) });
