import {
  type Calendar,
  type CalendarBody,
  calendarEffectiveAt,
  fieldMessage,
  LISTING_OPEN_STATUSES,
  type ListingStatus,
  type Locale,
} from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from '../admin/audit.service.ts';
import { notify } from '../messages/messages.service.ts';
import { presentCalendar } from './listings.presenter.ts';
import {
  type CalendarRow,
  findListing,
  listCalendar,
  markEntryApplied,
  replaceUpcoming,
  updateListingIf,
} from './listings.repository.ts';
import { calendarProblem } from './listings.rules.ts';
import { requireMyListing, SELLER_LINK } from './listings.service.ts';

/**
 * The price calendar (spec §3, §9): dated prices of a fixed-price or offer listing. The seller
 * replaces the upcoming entries; from an entry's date (00:00 UTC+8) the calendar sweeper makes its
 * price the listing's active price (`listings.price_cents`, what buyers see) and tells the seller.
 */

/** The field message each calendar problem answers with. */
const CALENDAR_FIELD_MESSAGE = { dateNotFuture: 'calendarDateNotFuture', duplicate: 'calendarDateDuplicate' } as const;

/** GET /api/listings/:listingId/calendar. */
export async function getCalendar(app: Pick<App, 'platform'>, userId: bigint, listingId: bigint): Promise<Calendar> {
  const { db } = app.platform;
  const now = app.platform.clock.now();
  await requireMyListing(db, userId, listingId);
  return { items: presentCalendar(await listCalendar(db, listingId), now), serverTime: now.toISOString() };
}

/**
 * POST /api/listings/:listingId/calendar: replaces the upcoming entries (applied ones are history).
 * Each date must start after now and appear once; auctions and finished listings have no calendar.
 */
export async function setCalendar(
  app: Pick<App, 'platform'>,
  userId: bigint,
  listingId: bigint,
  body: CalendarBody,
  locale: Locale,
): Promise<Calendar> {
  const { db } = app.platform;
  const now = app.platform.clock.now();
  const problem = calendarProblem(body.entries, now, calendarEffectiveAt);
  if (problem) {
    throw new AppError('Request.Invalid', {
      data: { fields: { [`entries.${problem[0]}.date`]: fieldMessage(CALENDAR_FIELD_MESSAGE[problem[1]], locale) } },
    });
  }
  await db.transaction(async (tx) => {
    const listing = await requireMyListing(tx, userId, listingId, { forUpdate: true });
    if (listing.mode === 'auction' || listing.status === 'sold') throw new AppError('Listing.NotEditable');
    await replaceUpcoming(
      tx,
      listing.id,
      body.entries.map((e) => ({ date: e.date, effectiveAt: calendarEffectiveAt(e.date), priceCents: e.priceCents })),
      now,
    );
    await recordAudit(tx, {
      entityType: 'listing',
      entityId: listing.id.toString(),
      action: 'calendar',
      fromStatus: listing.status,
      toStatus: listing.status,
      reason: body.entries.map((e) => `${e.date}:${e.priceCents}`).join(',') || null,
      actor: { id: userId, role: 'user' },
      now,
    });
  });
  return getCalendar(app, userId, listingId);
}

/**
 * The sweeper's step for one due entry: an open fixed-price or offer listing takes its price (and
 * the seller is told once per entry); an entry of a finished listing is only marked applied.
 */
export async function applyCalendarEntry(tx: Tx, entry: CalendarRow, now: Date): Promise<void> {
  if (entry.appliedAt !== null) return;
  const listing = await findListing(tx, entry.listingId, { forUpdate: true });
  if (!(await markEntryApplied(tx, entry.id, now))) return;
  if (!listing || listing.mode === 'auction') return;
  const status = listing.status as ListingStatus;
  if (!LISTING_OPEN_STATUSES.includes(status) || listing.priceCents === entry.priceCents) return;
  const updated = await updateListingIf(tx, listing.id, status, { priceCents: entry.priceCents, updatedAt: now });
  if (!updated) return;
  await recordAudit(tx, {
    entityType: 'listing',
    entityId: listing.id.toString(),
    action: 'calendar_price',
    fromStatus: status,
    toStatus: status,
    reason: `${listing.priceCents ?? ''}→${entry.priceCents}`,
    actor: 'system',
    now,
  });
  await notify(tx, {
    userId: listing.userId,
    kind: 'listing_price_changed',
    params: {
      listingId: listing.id.toString(),
      domain: listing.domain,
      priceCents: entry.priceCents,
      date: entry.date,
    },
    link: `${SELLER_LINK}/${listing.id}`,
    dedupeKey: `listing-calendar:${entry.id}`,
    now,
  });
}
