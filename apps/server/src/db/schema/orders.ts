import { ORDER_SOURCES } from '@namebourse/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Orders for every way of buying (auction wins, fixed price, offers); statuses through ORDER_TRANSITIONS. */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The seller (listings and offers); null when the lot came from a partner platform. */
    sellerId: bigint('seller_id', { mode: 'bigint' }).references(() => users.id, { onDelete: 'restrict' }),
    partner: text('partner'),
    source: text('source', { enum: ORDER_SOURCES }).notNull(),
    sourceRef: text('source_ref'),
    domain: text('domain').notNull(),
    status: text('status').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    amountExTaxCents: bigint('amount_ex_tax_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    taxRateBps: integer('tax_rate_bps').notNull(),
    payBy: ts('pay_by'),
    paidAt: ts('paid_at'),
    deliverAt: ts('deliver_at'),
    completedAt: ts('completed_at'),
    /** When the 'less than 24 hours left to pay' reminder was sent (once per order). */
    paymentRemindedAt: ts('payment_reminded_at'),
    /** The billing address at payment time (what the invoice shows), JSON text. */
    billingSnapshot: text('billing_snapshot'),
    invoiceNo: text('invoice_no'),
    /**
     * Until when the previous holder can still reclaim the domain, from the registry (RDAP):
     * stored so list pages never query the registry; refreshed by the sweeper at registryCheckAt.
     */
    reclaimableUntil: ts('reclaimable_until'),
    /** When the sweeper next reads the registry (RDAP) for reclaimableUntil; null: never again. */
    registryCheckAt: ts('registry_check_at'),
    /** Why the last delivery attempt failed (shown while the order is delivery_failed). */
    deliveryError: text('delivery_error'),
    /** The seller's listing it was bought from (fixed price, offer; a seller auction's lot has it too). */
    listingId: bigint('listing_id', { mode: 'bigint' }),
    /** The commission rate the sale pays (the listing's fee lock at order time); null: no seller. */
    commissionBps: integer('commission_bps'),
    /** ORDER_DELIVERIES: how the paid domain reaches the buyer; null: not a domain (renewal, redemption). */
    delivery: text('delivery'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('orders_buyer_idx').on(t.buyerId, t.createdAt),
    index('orders_seller_idx').on(t.sellerId, t.createdAt).where(sql`${t.sellerId} is not null`),
    index('orders_pay_by_idx').on(t.payBy).where(sql`${t.status} = 'awaiting_payment'`),
    // The violation sweep's claim (auction orders left unpaid): a short range read, not every order.
    index('orders_violation_idx').on(t.payBy).where(sql`${t.status} = 'buyer_violation'`),
    index('orders_deliver_at_idx')
      .on(t.deliverAt)
      .where(sql`${t.status} in ('paid_awaiting_delivery', 'transferring', 'delivery_failed')`),
    // The registry refresh's claim: open orders of a domain whose registry check is due.
    index('orders_registry_check_idx')
      .on(t.registryCheckAt)
      .where(sql`${t.status} in ('awaiting_payment', 'paid_awaiting_delivery', 'transferring', 'delivery_failed')`),
    uniqueIndex('orders_source_uq').on(t.source, t.sourceRef),
    // At most one open order per listing: two buyers at the same moment cannot both hold it.
    uniqueIndex('orders_listing_open_uq')
      .on(t.listingId)
      .where(
        sql`${t.listingId} is not null and ${t.status} in ('awaiting_payment', 'paid_awaiting_delivery', 'transferring', 'delivery_failed')`,
      ),
    index('orders_listing_idx').on(t.listingId).where(sql`${t.listingId} is not null`),
    uniqueIndex('orders_invoice_no_uq').on(t.invoiceNo),
    check(
      'orders_amounts',
      sql`${t.amountCents} = ${t.amountExTaxCents} + ${t.taxCents} AND ${t.amountExTaxCents} > 0`,
    ),
  ],
);
