import {
  type Locale,
  ORDER_TRANSITIONS,
  type Order,
  type OrderStatus,
  type OrdersQuery,
  type Page,
} from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { assertTransition } from '../../platform/transitions.ts';
import { getBalances } from '../ledger/ledger.service.ts';
import { assertContactInfoComplete, getBillingInfo, getContactInfo, getSettings } from '../profile/profile.service.ts';
import { invoiceFileName, renderInvoicePdf } from './invoice.ts';
import { payOrder, publishOrderEvent } from './orders.lifecycle.ts';
import { presentOrder } from './orders.presenter.ts';
import { findOrder, listOrderRows, lockBuyerOrders, type OrderRow } from './orders.repository.ts';
import { type BillingSnapshot, eventPayload, isPayable, ORDER_EVENTS, parseBillingSnapshot } from './orders.rules.ts';

/**
 * The buyer's side of the orders area, what orders.routes.ts calls: the buyer's own orders (list,
 * one order, the invoice PDF) and paying them from the available balance, all or nothing.
 */

/** The buyer's billing address and contact name now, read through the profile service. */
export async function billingSnapshotOf(app: Pick<App, 'platform'>, userId: bigint): Promise<BillingSnapshot> {
  const [billing, contact] = [await getBillingInfo(app, userId), await getContactInfo(app, userId)];
  return {
    name: [contact.firstName, contact.lastName].filter(Boolean).join(' '),
    company: contact.company ?? '',
    email: contact.email,
    country: billing.country,
    province: billing.province,
    city: billing.city,
    postalCode: billing.postalCode,
    address: billing.address,
    taxId: billing.taxId,
  };
}

/**
 * POST /orders/:orderId/pay and POST /orders/pay: pays the buyer's orders all or nothing, in one
 * database transaction. Needs complete contact information (Commodity.UserContactInfoIncomplete);
 * an order that is not the buyer's is Order.NotFound; the balance must cover them all
 * (Funds.InsufficientBalance with `{ requiredCents, availableCents }` for the recharge prompt).
 */
export async function payOrders(
  app: App,
  user: Pick<AuthUser, 'id' | 'role'>,
  orderIds: string[],
): Promise<{ orders: Order[]; paidCents: number }> {
  const { db, clock } = app.platform;
  await assertContactInfoComplete(app, user.id);
  const billing = await billingSnapshotOf(app, user.id);
  const wanted = [...new Set(orderIds)];
  const now = clock.now();
  const paid = await db.transaction(async (tx) => {
    const locked = await lockBuyerOrders(tx, user.id, wanted);
    if (locked.length !== wanted.length) {
      const found = new Set(locked.map((o) => o.id));
      throw new AppError('Order.NotFound', { data: { orderIds: wanted.filter((id) => !found.has(id)) } });
    }
    for (const order of locked) {
      assertTransition(ORDER_TRANSITIONS, order.status as OrderStatus, 'paid_awaiting_delivery', 'Order.NotPayable');
      if (!isPayable(order, now)) {
        throw new AppError('Order.NotPayable', { data: { orderId: order.id, reason: 'payment_window_closed' } });
      }
    }
    const requiredCents = locked.reduce((sum, o) => sum + o.amountCents, 0);
    const { availableCents } = await getBalances(tx, user.id);
    if (availableCents < requiredCents) {
      throw new AppError('Funds.InsufficientBalance', { data: { requiredCents, availableCents } });
    }
    const out: OrderRow[] = [];
    const externalDeliveryDays = app.platform.parameters.get('externalDeliveryDays');
    for (const order of locked)
      out.push(await payOrder(tx, { order, actor: user, billing, now, externalDeliveryDays }));
    return out;
  });
  for (const row of paid) await publishOrderEvent(app, ORDER_EVENTS.paid, eventPayload(row));
  const byId = new Map(paid.map((row) => [row.id, row]));
  const rows = wanted.map((id) => byId.get(id) as OrderRow);
  return { orders: rows.map((row) => presentOrder(row, now)), paidCents: rows.reduce((s, r) => s + r.amountCents, 0) };
}

// ---- Reading (the buyer's own orders only) ----

export async function listOrders(app: Pick<App, 'platform'>, userId: bigint, query: OrdersQuery): Promise<Page<Order>> {
  const { db, clock } = app.platform;
  const { items, total } = await listOrderRows(
    db,
    { buyerId: userId, status: query.status, keyword: query.keyword || undefined },
    windowOf(query),
  );
  const now = clock.now();
  return pageOf(query, { items, total }, (row) => presentOrder(row, now));
}

/** The buyer's order; Order.NotFound ('The order does not exist or has expired') for anyone else's. */
export async function getOwnOrder(app: Pick<App, 'platform'>, userId: bigint, orderId: string): Promise<OrderRow> {
  const row = await findOrder(app.platform.db, orderId, { buyerId: userId });
  if (!row) throw new AppError('Order.NotFound');
  return row;
}

export async function getOrder(app: Pick<App, 'platform'>, userId: bigint, orderId: string): Promise<Order> {
  return presentOrder(await getOwnOrder(app, userId, orderId), app.platform.clock.now());
}

/**
 * GET /orders/:orderId/invoice: the PDF of a paid order of the buyer, in the reader's language,
 * with its times in the time zone of the buyer's settings (named on the invoice; UTC when the
 * runtime does not know it). Order.NotFound for anyone else's order, Order.InvoiceUnavailable before payment.
 */
export async function getInvoice(
  app: Pick<App, 'platform'>,
  userId: bigint,
  orderId: string,
  reader: { locale: Locale },
): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await getOwnOrder(app, userId, orderId);
  if (!order.paidAt || !order.invoiceNo) throw new AppError('Order.InvoiceUnavailable');
  const { timeZone } = await getSettings(app, userId);
  const pdf = await renderInvoicePdf({
    order,
    invoiceNo: order.invoiceNo,
    billing: parseBillingSnapshot(order.billingSnapshot),
    locale: reader.locale,
    timeZone,
    now: app.platform.clock.now(),
  });
  return { fileName: invoiceFileName(order.invoiceNo), pdf };
}
