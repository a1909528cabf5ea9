import { LISTING_TRANSITIONS, type ListingStatus } from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { canTransition } from '../../platform/transitions.ts';
import { recordAudit } from '../admin/audit.service.ts';
import { createSellerLot, onSellerLot, type SellerLotHooks } from '../auctions/auctions.seller.ts';
import { requireUserDomain, setDomainsListedFlag } from '../domains/domains.service.ts';
import { notify } from '../messages/messages.service.ts';
import { findListing, moveListingFrom, setListingAuction } from './listings.auction.repository.ts';
import type { ListingRow } from './listings.repository.ts';

/**
 * Seller auctions (issue 16): an approved auction listing opens a lot on the auction engine at once
 * (start price, reserve, 3–6 days; increments, proxy bids, deposits and soft close as every lot);
 * the lot's end moves the listing: sold → selling (the winner's order) → sold once paid and handed
 * over; no bids, reserve not met, unpaid or the seller unable to deliver → expired, which the seller
 * can list again. The auctions area calls back inside its own transactions (auctions.seller.ts).
 */

const SELLER_LINK = '/console/seller';

/** Opens the lot of an approved auction listing (inside the approving transaction); returns the lot id. */
export async function startSellerAuction(_app: App, tx: Tx, listing: ListingRow, now: Date): Promise<bigint> {
  if (listing.mode !== 'auction' || listing.startPriceCents === null || listing.durationDays === null) {
    throw new Error(`listing ${listing.id} is not an auction listing`);
  }
  const domain = await requireUserDomain(tx, listing.userId, listing.domain);
  const auctionId = await createSellerLot(tx, {
    sellerId: listing.userId,
    listingId: listing.id,
    domain: listing.domain,
    registrar: domain.registrar,
    registeredAt: domain.registeredAt,
    expiresAt: domain.expiresAt,
    startPriceCents: listing.startPriceCents,
    reservePriceCents: listing.reservePriceCents,
    durationDays: listing.durationDays,
    now,
  });
  await setListingAuction(tx, listing.id, auctionId, now);
  return auctionId;
}

/**
 * Moves the lot's listing to `to` by a conditional update from the status it is in, when its table
 * allows the move (a listing already elsewhere — taken down, say — is left alone), with its audit
 * entry; a listing that ends frees its domain's `listed` flag. Returns the moved row.
 */
async function moveListing(
  tx: Tx,
  listingId: bigint,
  to: ListingStatus,
  set: { orderId?: string; soldAt?: Date },
  reason: string,
  now: Date,
): Promise<ListingRow | undefined> {
  const before = await findListing(tx, listingId);
  const from = before?.status as ListingStatus | undefined;
  if (!before || !from || !canTransition(LISTING_TRANSITIONS, from, to)) return undefined;
  const moved = await moveListingFrom(tx, listingId, [from], { status: to, ...set, updatedAt: now });
  if (!moved) return undefined;
  await recordAudit(tx, {
    entityType: 'listing',
    entityId: listingId.toString(),
    action: `auction_${reason}`,
    fromStatus: from,
    toStatus: to,
    reason,
    actor: 'system',
    now,
  });
  if (to !== 'selling' && moved.domainId !== null) await setDomainsListedFlag(tx, [moved.domainId], false, now);
  return moved;
}

/** The listing ended without a sale: expired (listed again by the seller), its domain no longer listed, the seller told. */
async function endUnsold(tx: Tx, listingId: bigint, reason: string, now: Date): Promise<void> {
  const ended = await moveListing(tx, listingId, 'expired', {}, reason, now);
  if (!ended) return;
  await notify(tx, {
    userId: ended.userId,
    kind: 'listing_expired',
    params: { listingId: ended.id.toString(), domain: ended.domain },
    link: `${SELLER_LINK}/${ended.id}`,
    dedupeKey: `listing:${ended.id}:auction-ended:${now.getTime()}`,
    now,
  });
}

/**
 * The hooks the auctions area calls. They use only the transaction they are given and move rows
 * by conditional updates, so running them once per process (not per app) is enough and a repeat
 * does nothing.
 */
const HOOKS: SellerLotHooks = {
  async closed(tx, lot, outcome, now) {
    if (lot.listingId === null) return;
    if (!outcome.sold) {
      await endUnsold(tx, lot.listingId, outcome.reason, now);
      return;
    }
    await moveListing(tx, lot.listingId, 'selling', { orderId: outcome.orderId }, 'won', now);
  },
  async settled(tx, lot, order, outcome, now) {
    if (lot.listingId === null) return;
    const listing = await findListing(tx, lot.listingId);
    if (!listing || listing.orderId !== order.id) return;
    if (outcome.completed) {
      await moveListing(tx, listing.id, 'sold', { soldAt: now }, 'paid', now);
      return;
    }
    await endUnsold(tx, listing.id, outcome.reason, now);
  },
};

let registered = false;

/** Registers the seller-auction hooks (once per process). */
export function registerSellerAuctionHooks(): void {
  if (registered) return;
  registered = true;
  onSellerLot(HOOKS);
}
