import {
  type FieldMessageKey,
  fieldMessage,
  type Locale,
  OFFER_STATUSES,
  OFFER_TRANSITIONS,
  type Offer,
  type OfferStatus,
  type OffersPage,
  type OffersQuery,
} from '@namebourse/contract';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { windowOf } from '../../platform/paging.ts';
import { assertTransition } from '../../platform/transitions.ts';
import type { Actor } from '../admin/audit.service.ts';
import { toId } from '../catalog/catalog.service.ts';
import type { ListingRow } from '../listings/listings.service.ts';
import { notify } from '../messages/messages.service.ts';
import { orderLink } from '../orders/orders.rules.ts';
import { type OrderRates, orderRates } from '../orders/orders.service.ts';
import { assertContactInfoComplete } from '../profile/profile.service.ts';
import { openListingOrder, purchaseFailed, purchaseRefusal } from './buying.core.ts';
import { findListingRow } from './buying.repository.ts';
import { notifyOffer } from './offers.notices.ts';
import { presentOffer } from './offers.presenter.ts';
import {
  countOffersByStatus,
  findOffer,
  findOfferEvents,
  findOfferViews,
  findOpenOffer,
  insertOffer,
  insertOfferEvent,
  listOfferViews,
  lockOpenOffersOfListing,
  type OfferRow,
  updateOfferIf,
} from './offers.repository.ts';
import {
  counterProblem,
  type OfferRole,
  type OfferStep,
  type OfferVerb,
  offerExpiresAt,
  offerProblem,
  statusAt,
  stepOf,
} from './offers.rules.ts';

/**
 * Offers and counter-offers (issue 17; API.md POST /listings/:listingId/offers, GET /offers, POST
 * /offers/:offerId/accept|reject|counter). A buyer offers on an offer-mode listing on sale; the
 * seller accepts, rejects or counters; the buyer accepts a counter, rejects it or offers again; the
 * buyer may withdraw an open offer. Every step goes through OFFER_TRANSITIONS with an update
 * conditional on the old status, appends to the history, restarts the expiry
 * (BUYING_RULES.offerExpiryDays) and tells the other side. An accepted offer becomes an order through
 * openListingOrder (72 h to pay). Locks: the listing first, then the offer (as a purchase and the
 * listing's own changes do), so an offer step never deadlocks with them.
 */

type User = Pick<AuthUser, 'id' | 'role'>;

/** A Request.Invalid on the amount, in the reader's language. */
function amountInvalid(key: FieldMessageKey, locale: Locale, params: Record<string, string> = {}): AppError {
  return new AppError('Request.Invalid', { data: { fields: { amountCents: fieldMessage(key, locale, params) } } });
}

/** The offer as `role` sees it now. */
async function presentOne(db: DbOrTx, offerId: bigint, role: OfferRole, now: Date, rates: OrderRates): Promise<Offer> {
  const [view] = await findOfferViews(db, [offerId]);
  if (!view) throw new AppError('Offer.NotFound');
  return presentOffer(view, await findOfferEvents(db, [offerId]), role, now, rates);
}

/**
 * Moves the offer one step (conditional on its status: a concurrent step makes this one
 * Offer.InvalidTransition), records it in the history and restarts its expiry. Returns the row and
 * the history step's id.
 */
async function moveOffer(
  tx: Tx,
  offer: OfferRow,
  step: OfferStep,
  by: OfferRole | 'system',
  now: Date,
  set: { amountCents?: number; orderId?: string } = {},
): Promise<{ row: OfferRow; eventId: bigint }> {
  const from = offer.status as OfferStatus;
  assertTransition(OFFER_TRANSITIONS, from, step.to, 'Offer.InvalidTransition');
  const amountCents = set.amountCents ?? offer.amountCents;
  const makesAmount = step.action === 'offered' || step.action === 'countered';
  const row = await updateOfferIf(tx, offer.id, from, {
    status: step.to,
    amountCents,
    ...(makesAmount && by !== 'system' ? { lastBy: by } : {}),
    ...(set.orderId ? { orderId: set.orderId } : {}),
    // An expiry keeps the time it expired at; every other step gives the next answer its full time.
    ...(step.to === 'expired' ? {} : { expiresAt: offerExpiresAt(now) }),
    updatedAt: now,
  });
  if (!row) throw new AppError('Offer.InvalidTransition', { data: { from, to: step.to } });
  const eventId = await insertOfferEvent(tx, {
    offerId: offer.id,
    action: step.action,
    by,
    amountCents,
    createdAt: now,
  });
  return { row, eventId };
}

/** The listing must take offers from this buyer now, at this amount (locked by the caller). */
function assertOfferable(listing: ListingRow | undefined, buyerId: bigint, amountCents: number, locale: Locale) {
  if (!listing) throw new AppError('Listing.NotFound');
  if (listing.userId === buyerId) throw new AppError('Offer.OwnListing');
  if (listing.mode !== 'offer') throw new AppError('Offer.NotAccepted');
  const refusal = purchaseRefusal(listing, buyerId);
  if (refusal) throw purchaseFailed(refusal);
  const problem = offerProblem(amountCents, listing);
  if (problem && 'code' in problem) throw new AppError(problem.code, { data: { floorCents: problem.floorCents } });
  if (problem) throw amountInvalid(problem.field, locale);
  return listing;
}

/**
 * POST /api/listings/:listingId/offers: a new offer (open, awaiting the seller), or, when the seller
 * countered the buyer's offer, the buyer's new amount on it (countered → open). Offer.AlreadyOpen
 * while the buyer's offer awaits the seller. Needs complete contact information.
 */
export async function makeOffer(
  app: App,
  buyer: User,
  listingId: bigint,
  amountCents: number,
  locale: Locale,
): Promise<Offer> {
  const { db, clock } = app.platform;
  await assertContactInfoComplete(app, buyer.id);
  const now = clock.now();
  const offerId = await db.transaction(async (tx) => {
    const listing = assertOfferable(
      await findListingRow(tx, listingId, { forUpdate: true }),
      buyer.id,
      amountCents,
      locale,
    );
    let mine = await findOpenOffer(tx, buyer.id, listingId, { lock: true });
    // Past its expiry but not swept yet: it expires now, and the new offer starts afresh.
    if (mine && statusAt(mine, now) === 'expired') {
      await expireOffer(tx, mine, now);
      mine = undefined;
    }
    if (mine?.status === 'open') throw new AppError('Offer.AlreadyOpen');
    if (mine) {
      const { row, eventId } = await moveOffer(tx, mine, { to: 'open', action: 'offered' }, 'buyer', now, {
        amountCents,
      });
      await notifyOffer(tx, { offer: row, kind: 'offer_received', to: 'seller', by: 'buyer', eventId, now });
      return row.id;
    }
    const row = await insertOffer(tx, {
      listingId,
      buyerId: buyer.id,
      sellerId: listing.userId,
      domain: listing.domain,
      status: 'open',
      amountCents,
      lastBy: 'buyer',
      expiresAt: offerExpiresAt(now),
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw new AppError('Offer.AlreadyOpen');
    const eventId = await insertOfferEvent(tx, {
      offerId: row.id,
      action: 'offered',
      by: 'buyer',
      amountCents,
      createdAt: now,
    });
    await notifyOffer(tx, { offer: row, kind: 'offer_received', to: 'seller', by: 'buyer', eventId, now });
    return row.id;
  });
  return presentOne(db, offerId, 'buyer', now, orderRates(app));
}

/**
 * POST /api/offers/:offerId/accept|reject|counter by either party (Offer.NotFound for anyone
 * else). The seller answers an open offer; the buyer answers a counter (counter = offering again)
 * or withdraws their open offer. Accepting opens the order at the amount on the table.
 */
export async function answerOffer(
  app: App,
  user: User,
  offerId: bigint,
  verb: OfferVerb,
  amountCents: number | undefined,
  locale: Locale,
): Promise<Offer> {
  const { db, clock } = app.platform;
  const found = await findOffer(db, offerId);
  if (!found || (found.buyerId !== user.id && found.sellerId !== user.id)) throw new AppError('Offer.NotFound');
  const role: OfferRole = found.buyerId === user.id ? 'buyer' : 'seller';
  if (role === 'buyer' && verb !== 'reject') await assertContactInfoComplete(app, user.id);
  const now = clock.now();
  const actor: Actor = { id: user.id, role: user.role };
  await db.transaction(async (tx) => {
    const listing = await findListingRow(tx, found.listingId, { forUpdate: true });
    const offer = await findOffer(tx, offerId, { lock: true });
    if (!offer || !listing) throw new AppError('Offer.NotFound');
    const status = statusAt(offer, now);
    const step = stepOf(role, verb, status);
    if ('error' in step) throw new AppError(step.error, { data: { status } });
    const other: OfferRole = role === 'buyer' ? 'seller' : 'buyer';
    if (verb === 'reject') {
      const { row, eventId } = await moveOffer(tx, offer, step, role, now);
      await notifyOffer(tx, { offer: row, kind: 'offer_rejected', to: other, by: role, eventId, now });
    } else if (verb === 'counter') {
      const amount = amountCents ?? 0;
      if (role === 'seller') {
        const problem = counterProblem(amount, offer.amountCents, listing.priceCents);
        if (problem) throw amountInvalid(problem.field, locale, problem.params);
      } else {
        assertOfferable(listing, user.id, amount, locale);
      }
      const { row, eventId } = await moveOffer(tx, offer, step, role, now, { amountCents: amount });
      const kind = role === 'seller' ? 'offer_countered' : 'offer_received';
      await notifyOffer(tx, { offer: row, kind, to: other, by: role, eventId, now });
    } else {
      await acceptOffer(tx, { offer, step, role, actor, now, rates: orderRates(app) });
    }
  });
  return presentOne(db, offerId, role, now, orderRates(app));
}

/** The acceptance: the order (the listing → selling) at the amount on the table, then the offer → accepted. */
async function acceptOffer(
  tx: Tx,
  input: { offer: OfferRow; step: OfferStep; role: OfferRole; actor: Actor; now: Date; rates: OrderRates },
): Promise<void> {
  const { offer, role, now } = input;
  const { order } = await openListingOrder(tx, {
    listingId: offer.listingId,
    buyerId: offer.buyerId,
    actor: input.actor,
    source: 'offer',
    sourceRef: offer.id.toString(),
    priceCents: offer.amountCents,
    rates: input.rates,
    now,
  });
  const { row, eventId } = await moveOffer(tx, offer, input.step, role, now, { orderId: order.id });
  const other: OfferRole = role === 'buyer' ? 'seller' : 'buyer';
  await notifyOffer(tx, {
    offer: row,
    kind: 'offer_accepted',
    to: other,
    by: role,
    eventId,
    orderId: order.id,
    payBy: other === 'buyer' ? order.payBy : null,
    now,
  });
  if (role === 'buyer') {
    // The buyer accepted the counter themselves: the order's pay-by time, as for a purchase.
    await notify(tx, {
      userId: offer.buyerId,
      kind: 'order_created',
      params: {
        orderId: order.id,
        domain: order.domain,
        amountCents: order.amountCents,
        payBy: order.payBy ? order.payBy.toISOString() : null,
        paid: 'false',
      },
      link: orderLink(order.id),
      dedupeKey: `order:${order.id}:created`,
      now,
    });
  }
}

/** GET /api/offers: the user's offers on one side (filters status, listingId), with the count per status. */
export async function listOffers(app: App, userId: bigint, query: OffersQuery): Promise<OffersPage> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const rates = orderRates(app);
  const party = {
    userId,
    role: query.role,
    // An id beyond bigint (the schema takes 19 digits) is no listing's: 0n, which no row has either.
    listingId: query.listingId === undefined ? undefined : (toId(query.listingId) ?? 0n),
  };
  const slice = await listOfferViews(db, { ...party, status: query.status }, windowOf(query));
  const events = await findOfferEvents(
    db,
    slice.items.map((v) => v.offer.id),
  );
  const found = await countOffersByStatus(db, party);
  // Every status has its count (the tabs), zero when none.
  const counts = Object.fromEntries(OFFER_STATUSES.map((status) => [status, found[status] ?? 0]));
  return {
    items: slice.items.map((view) => presentOffer(view, events, query.role, now, rates)),
    total: slice.total,
    page: query.page,
    pageSize: query.pageSize,
    counts,
  };
}

/** The buyer's open or countered offer on a listing, as the buyer sees it, or null. */
export async function findOpenOfferOf(
  db: DbOrTx,
  buyerId: bigint,
  listingId: bigint,
  now: Date,
  rates: OrderRates,
): Promise<Offer | null> {
  const row = await findOpenOffer(db, buyerId, listingId);
  if (!row || statusAt(row, now) === 'expired') return null;
  return presentOne(db, row.id, 'buyer', now, rates);
}

/**
 * The listing was sold or taken off the market: its open and countered offers are rejected
 * (reason 'sold' or 'withdrawn'), each buyer told. Called inside the transaction that moved the listing.
 */
export async function closeOffersOfListing(
  tx: Tx,
  listingId: bigint,
  reason: 'sold' | 'withdrawn',
  now: Date,
): Promise<void> {
  for (const offer of await lockOpenOffersOfListing(tx, listingId)) {
    const { row, eventId } = await moveOffer(tx, offer, { to: 'rejected', action: 'rejected' }, 'system', now);
    await notifyOffer(tx, { offer: row, kind: 'offer_rejected', to: 'buyer', by: 'system', eventId, reason, now });
  }
}

/**
 * An open or countered offer past its expiry (claimed and locked by the sweeper, or met by the
 * buyer's new offer) → expired; both sides are told. A no-op once it was answered meanwhile.
 */
export async function expireOffer(tx: Tx, offer: OfferRow, now: Date): Promise<void> {
  if (statusAt(offer, now) !== 'expired' || offer.status === 'expired') return;
  const { row, eventId } = await moveOffer(tx, offer, { to: 'expired', action: 'expired' }, 'system', now);
  for (const to of ['buyer', 'seller'] as const) {
    await notifyOffer(tx, { offer: row, kind: 'offer_expired', to, by: 'system', eventId, now });
  }
}
