import {
  type Listing,
  type ListingEndOption,
  type ListingStatus,
  type ListingUpdate,
  type Locale,
  listingExpiresAt,
} from '@namebourse/contract';
import type { Db, Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { type Actor, recordAudit } from '../admin/audit.service.ts';
import { closeOffersOfListing } from '../buying/offers.service.ts';
import { findDomainsForListing, setDomainsListedFlag } from '../domains/domains.service.ts';
import { type ListingRow, type NewListingRow, openListingDomains, updateListingIf } from './listings.repository.ts';
import { heldRefusal, initialStatus, priceProblem } from './listings.rules.ts';
import {
  changePresentation,
  getMyListing,
  invalidField,
  isHeld,
  listingReviewRules,
  openAuction,
  type PresentationChanges,
  requireMyListing,
  transitionListing,
} from './listings.service.ts';
import { verifiedOwnership } from './ownership.service.ts';

/**
 * A seller's edits of a listing (POST /api/listings/:listingId): prices and the end option at once,
 * presentation through changePresentation, taking down and listing again (apart from
 * listings.service.ts, the creation and reading core).
 */

// ---- Edits ----

const PRICE_FIELDS: Record<string, readonly (keyof ListingUpdate)[]> = {
  fixed: ['priceCents'],
  offer: ['priceCents', 'floorCents'],
  auction: ['startPriceCents', 'reservePriceCents', 'durationDays'],
};
const ALL_PRICE_FIELDS = ['priceCents', 'floorCents', 'startPriceCents', 'reservePriceCents', 'durationDays'] as const;

/** The price columns an edit sets (prices take effect at once), or a Request.Invalid for the mode. */
function priceEdit(listing: ListingRow, body: ListingUpdate, locale: Locale): Partial<NewListingRow> {
  const allowed = PRICE_FIELDS[listing.mode] ?? [];
  const set: Partial<NewListingRow> = {};
  for (const field of ALL_PRICE_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (!allowed.includes(field)) {
      if (value === null) continue;
      throw invalidField(field, 'invalid', locale);
    }
    (set as Record<string, unknown>)[field] = value;
  }
  if (Object.keys(set).length === 0) return set;
  const status = listing.status as ListingStatus;
  if (status === 'selling' || status === 'sold') throw new AppError('Listing.NotEditable');
  if (listing.mode === 'auction' && listing.auctionId !== null) throw new AppError('Listing.NotEditable');
  const merged = { ...listing, ...set };
  const problem = priceProblem(merged);
  if (problem) throw invalidField(problem[0], problem[1], locale);
  return set;
}

/**
 * POST /api/listings/:listingId: prices and the end option take effect at once; a presentation
 * change goes through changePresentation; `take_down` / `relist` move it off or back on the shelf.
 */
export async function updateMyListing(
  app: App,
  userId: bigint,
  listingId: bigint,
  body: ListingUpdate,
  locale: Locale,
): Promise<Listing> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const actor: Actor = { id: userId, role: 'user' };
  const listRefusal = await app.platform.restrictions.refusal(userId, 'list');
  await db.transaction(async (tx) => {
    let listing = await requireMyListing(tx, userId, listingId, { forUpdate: true });
    const set = priceEdit(listing, body, locale);
    if (body.endOption !== undefined && body.endOption !== listing.endOption) {
      if (['selling', 'sold'].includes(listing.status)) throw new AppError('Listing.NotEditable');
      set.endOption = body.endOption;
      set.expiresAt = listingExpiresAt(now, body.endOption);
      set.expiringNotifiedAt = null;
    }
    if (Object.keys(set).length > 0) {
      const updated = await updateListingIf(tx, listing.id, listing.status as ListingStatus, {
        ...set,
        updatedAt: now,
      });
      if (!updated) throw new AppError('Listing.InvalidTransition');
      await recordAudit(tx, {
        entityType: 'listing',
        entityId: listing.id.toString(),
        action: 'reprice',
        fromStatus: listing.status,
        toStatus: listing.status,
        actor,
        now,
      });
      listing = updated;
    }
    const presentation: PresentationChanges = {
      ...(body.industries !== undefined ? { industries: body.industries } : {}),
      ...(body.keywords !== undefined ? { keywords: body.keywords } : {}),
      ...(body.descriptionZh !== undefined ? { descriptionZh: body.descriptionZh } : {}),
      ...(body.descriptionEn !== undefined ? { descriptionEn: body.descriptionEn } : {}),
    };
    if (Object.keys(presentation).length > 0)
      listing = await changePresentation(tx, listing, presentation, now, listRefusal);
    if (body.action === 'take_down') {
      // A seller auction's running lot ends by itself (sold or expired); it cannot be withdrawn.
      if (listing.mode === 'auction' && listing.auctionId !== null && listing.status === 'on_sale')
        throw new AppError('Listing.NotEditable');
      listing = await transitionListing(tx, listing, 'off_shelf', {
        now,
        actor,
        action: 'take_down',
        set: { pendingChanges: null, paused: false, pausedReason: null },
      });
      // Its open offers end with it (each buyer told).
      await closeOffersOfListing(tx, listing.id, 'withdrawn', now);
    } else if (body.action === 'relist') {
      await relist(app, tx, listing, now);
    }
  });
  return getMyListing(app, userId, listingId);
}

/** Whether the seller may still sell the listing's domain (held and free, or a verified proof). */
async function assertStillSellable(tx: Tx, listing: ListingRow): Promise<bigint | null> {
  if (isHeld(listing)) {
    const [domain] = await findDomainsForListing(tx, [listing.domain], { lock: true });
    if (!domain || domain.userId !== listing.userId) throw new AppError('Listing.DomainNotHeld');
    const why = heldRefusal(domain);
    if (why) throw new AppError('Listing.DomainUnavailable', { data: { reason: why } });
    return domain.id;
  }
  const proofs = await verifiedOwnership(tx as unknown as Db, listing.userId, [listing.domain]);
  if (!proofs.has(listing.domain)) throw new AppError('Listing.OwnershipNotVerified');
  return null;
}

/** Lists an off-shelf or expired listing again: the same checks and rules as a new one. */
async function relist(app: App, tx: Tx, listing: ListingRow, now: Date): Promise<ListingRow> {
  const from = listing.status as ListingStatus;
  if (from !== 'off_shelf' && from !== 'expired') throw new AppError('Listing.InvalidTransition', { data: { from } });
  const domainId = await assertStillSellable(tx, listing);
  if ((await openListingDomains(tx, [listing.domain])).size > 0) throw new AppError('Listing.AlreadyListed');
  const to = initialStatus(listing, listingReviewRules(app));
  let updated: ListingRow;
  try {
    updated = await transitionListing(tx, listing, to, {
      now,
      actor: { id: listing.userId, role: 'user' },
      action: 'relist',
      set: {
        domainId,
        paused: false,
        pausedReason: null,
        pendingChanges: null,
        reviewReason: null,
        auctionId: null,
        submittedAt: now,
        listedAt: to === 'on_sale' ? now : null,
        expiresAt: listingExpiresAt(now, listing.endOption as ListingEndOption),
        expiringNotifiedAt: null,
      },
    });
  } catch (err) {
    // Listed by another request in between (listings_open_domain_uq).
    if (isUniqueViolation(err)) throw new AppError('Listing.AlreadyListed');
    throw err;
  }
  if (domainId !== null) await setDomainsListedFlag(tx, [domainId], true, now);
  if (updated.mode === 'auction' && updated.status === 'on_sale') updated = await openAuction(app, tx, updated, now);
  return updated;
}

function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
