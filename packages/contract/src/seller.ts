import { z } from 'zod';
import { ORDER_DELIVERIES } from './buying.values.ts';
import { IsoDateSchema } from './dates.ts';
import { PageQuerySchema, pageSchema } from './envelope.ts';
import { LISTING_MODES } from './listings.values.ts';
import { ORDER_SOURCES, ORDER_STATUSES } from './orders.ts';

/**
 * The seller centre's sales (API.md Seller centre: GET /seller/sales, GET /seller/statistics):
 * the orders the caller sold, whatever made them (a seller auction, a fixed-price or an offer
 * order), with what reached their earnings and the settlement that paid it out; and statistics by
 * month, TLD and mode. Days and months are counted in UTC+8 (SELLER_STATS_OFFSET_MINUTES).
 */

/** The zone sales are counted in: months and the from/to days of the list (UTC+8). */
export const SELLER_STATS_OFFSET_MINUTES = 480;
/** How many months the statistics chart (the current one and the 11 before it). */
export const SELLER_STATS_MONTHS = 12;

const cents = z.number().int();
const isoTime = z.string();

/** GET /api/seller/sales: newest first; `from`/`to` are days (UTC+8, inclusive) of the sale; `q` part of the domain. */
export const SellerSalesQuerySchema = PageQuerySchema.extend({
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  q: z.string().trim().max(253, 'tooLong').optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'rangeInvalid', path: ['to'] });
export type SellerSalesQuery = z.infer<typeof SellerSalesQuerySchema>;

/**
 * The settlement that paid a sale out, linked first in, first out over the earnings bucket (the
 * oldest earnings leave first): `pending` while it is in review or processing, `paid` once paid.
 */
export const SellerPayoutSchema = z.object({
  settlementId: z.string(),
  status: z.enum(['pending', 'paid']),
  appliedAt: isoTime,
  paidAt: isoTime.nullable(),
});
export type SellerPayout = z.infer<typeof SellerPayoutSchema>;

export const SellerSaleSchema = z.object({
  orderId: z.string(),
  /** The listing it was sold from (null: an order without one). */
  listingId: z.string().nullable(),
  domain: z.string(),
  tld: z.string(),
  mode: z.enum(LISTING_MODES),
  source: z.enum(ORDER_SOURCES),
  /** The buyer's account number, masked ('NB****21'). */
  buyer: z.string(),
  /** The sale price before tax. */
  priceCents: cents,
  /** What the buyer paid in all (price and tax). */
  amountCents: cents,
  /** The buyer's tax (the platform's, never the seller's). */
  taxCents: cents,
  /** The commission rate this sale pays (the listing's fee lock, or the rate of the day) and its amount. */
  commissionBps: z.number().int(),
  commissionCents: cents,
  /** What the sale nets the seller (price − commission), known before it is credited. */
  expectedNetCents: cents,
  /** What the platform kept of the buyer's payment (amount − net) once credited; null before. */
  feeCents: cents.nullable(),
  /** What reached the seller's earnings (the ledger posting of the order's completion); null before. */
  netCents: cents.nullable(),
  status: z.enum(ORDER_STATUSES),
  soldAt: isoTime,
  paidAt: isoTime.nullable(),
  deliveredAt: isoTime.nullable(),
  creditedAt: isoTime.nullable(),
  payout: SellerPayoutSchema.nullable(),
  /** How the domain reaches the buyer: handed over here, or pushed by the seller (a domain held elsewhere). */
  delivery: z.enum(ORDER_DELIVERIES),
  /** seller_push: the seller must deliver by then or the buyer is refunded. */
  deliverBy: isoTime.nullable(),
  /** seller_push: the seller can give the transfer code now (paid, not yet delivered, before deliverBy). */
  canDeliver: z.boolean(),
  /** The last failed delivery attempt's reason (the seller may try again). */
  deliveryError: z.string().nullable(),
});
export type SellerSale = z.infer<typeof SellerSaleSchema>;

export const SellerSalesPageSchema = pageSchema(SellerSaleSchema).extend({
  /** Totals of the whole filtered list (not only this page): completed sales. */
  totals: z.object({ count: z.number().int(), grossCents: cents, netCents: cents }),
});
export type SellerSalesPage = z.infer<typeof SellerSalesPageSchema>;

const bucket = { count: z.number().int(), grossCents: cents, netCents: cents };

/** GET /api/seller/statistics: completed sales (credited to earnings), gross = price before tax. */
export const SellerStatisticsSchema = z.object({
  totals: z.object(bucket),
  /** The last SELLER_STATS_MONTHS months (UTC+8), oldest first, empty months included. */
  byMonth: z.array(z.object({ month: z.string(), ...bucket })),
  /** Biggest gross first. */
  byTld: z.array(z.object({ tld: z.string(), ...bucket })),
  /** Every mode, in LISTING_MODES order. */
  byMode: z.array(z.object({ mode: z.enum(LISTING_MODES), ...bucket })),
  /** Sales paid or awaiting payment but not yet credited. */
  inProgress: z.object({ count: z.number().int(), grossCents: cents }),
  /** Offers on the seller's listings in the last SELLER_STATS_MONTHS months: received, and accepted of them. */
  offers: z.object({ received: z.number().int(), accepted: z.number().int() }),
  /** Views of the seller's listings' public pages: all time, and of the listings open now. */
  views: z.object({
    total: z.number().int(),
    topListings: z.array(z.object({ listingId: z.string(), domain: z.string(), views: z.number().int() })),
  }),
  /** The seller's listings now: on sale (incl. an edit in review), in review, selling. */
  open: z.object({ onSale: z.number().int(), inReview: z.number().int(), selling: z.number().int() }),
  serverTime: isoTime,
});
export type SellerStatistics = z.infer<typeof SellerStatisticsSchema>;

/** GET /api/seller/sales?format=csv|xlsx and GET /api/seller/statistics?format=csv|xlsx: the same data as a file. */
export const SELLER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const SellerExportQuerySchema = z.object({
  format: z.enum(SELLER_EXPORT_FORMATS, { message: 'choice' }).optional(),
});
