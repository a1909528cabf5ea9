import type { Listing, ListingStatus } from '@namebourse/contract';
import type { Db, Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { recordAudit, recordAudits } from '../admin/audit.service.ts';
import { setDomainsListedFlag } from '../domains/domains.service.ts';
import { notify } from '../messages/messages.service.ts';
import { findOpenListingsOf, setPause, updateListingIf } from './listings.repository.ts';
import { getMyListing, normalise, requireMyListing, SELLER_LINK, transitionListing } from './listings.service.ts';

/**
 * Pauses of a listing: the quick-listing switch, pauses for a lost ownership proof (the ownership
 * slice) and delisting when the domain's lock goes on (domains.lock → onDelistForLock).
 */

// ---- Quick listing ----

/**
 * POST /api/listings/:listingId/quick: pauses or lists again an approved fixed-price or offer
 * listing without review. An ownership pause is lifted only by a verified proof.
 */
export async function setQuick(app: App, userId: bigint, listingId: bigint, listed: boolean): Promise<Listing> {
  const { db, clock } = app.platform;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const listing = await requireMyListing(tx, userId, listingId, { forUpdate: true });
    const status = listing.status as ListingStatus;
    if (status !== 'on_sale' && status !== 'modification_review')
      throw new AppError('Listing.InvalidTransition', { data: { from: status } });
    if (listing.mode === 'auction') throw new AppError('Listing.NotEditable');
    if (listing.paused && listing.pausedReason === 'ownership') {
      if (listed) throw new AppError('Listing.OwnershipPaused');
      return;
    }
    if (listing.paused === !listed) return;
    const updated = await updateListingIf(tx, listing.id, ['on_sale', 'modification_review'], {
      paused: !listed,
      pausedReason: listed ? null : 'seller',
      updatedAt: now,
    });
    if (!updated) throw new AppError('Listing.InvalidTransition');
    await recordAudit(tx, {
      entityType: 'listing',
      entityId: listing.id.toString(),
      action: listed ? 'unpause' : 'pause',
      fromStatus: status,
      toStatus: status,
      actor: { id: userId, role: 'user' },
      now,
    });
  });
  return getMyListing(app, userId, listingId);
}

// ---- Ownership pauses (the ownership slice) ----

/** Pauses the user's market listings of `domain` because its ownership proof disappeared (message sent). */
export async function pauseForOwnership(tx: Tx, userId: bigint, domain: string, now: Date): Promise<number> {
  const rows = (await findOpenListingsOf(tx, { userId, domain: normalise(domain) })).filter(
    (r) => r.source === 'external' && r.pausedReason !== 'ownership',
  );
  const paused = await setPause(
    tx,
    rows.map((r) => r.id),
    { paused: true, pausedReason: 'ownership', now },
  );
  for (const row of paused) {
    await recordAudit(tx, {
      entityType: 'listing',
      entityId: row.id.toString(),
      action: 'pause_ownership',
      fromStatus: row.status,
      toStatus: row.status,
      actor: 'system',
      now,
    });
    await notify(tx, {
      userId,
      kind: 'listing_paused_ownership',
      params: { listingId: row.id.toString(), domain: row.domain },
      link: `${SELLER_LINK}/${row.id}`,
      now,
    });
  }
  return paused.length;
}

/** Lifts an ownership pause once the proof is verified again. */
export async function resumeAfterOwnership(tx: Tx, userId: bigint, domain: string, now: Date): Promise<number> {
  const rows = (await findOpenListingsOf(tx, { userId, domain: normalise(domain) })).filter(
    (r) => r.paused && r.pausedReason === 'ownership',
  );
  const resumed = await setPause(
    tx,
    rows.map((r) => r.id),
    { paused: false, pausedReason: null, now },
    'ownership',
  );
  await recordAudits(
    tx,
    resumed.map((row) => ({
      entityType: 'listing',
      entityId: row.id.toString(),
      action: 'resume_ownership',
      fromStatus: row.status,
      toStatus: row.status,
      actor: 'system' as const,
      now,
    })),
  );
  return resumed.length;
}

// ---- A locked domain is delisted (domains.lock → onDelistForLock) ----

/**
 * The domain's lock goes on (spec §4: listed domains cannot be locked): its open listings go off
 * the shelf, unpaused — but a `selling` one is left to its order and a running seller auction to its
 * lot, and the domain stays listed for them. Runs in the lock's transaction.
 */
export async function delistLockedDomain(tx: Tx, domain: { id: bigint; name: string }, now: Date): Promise<number> {
  const rows = await findOpenListingsOf(tx, { domainId: domain.id });
  let n = 0;
  let kept = false;
  for (const row of rows) {
    // An open order, or a seller auction whose lot is running (its bids bind), cannot be withdrawn:
    // it stays, and so does the domain's `listed` flag, which keeps the domain from leaving.
    if (row.status === 'selling' || (row.mode === 'auction' && row.auctionId !== null)) {
      kept = true;
      continue;
    }
    await transitionListing(tx, row, 'off_shelf', {
      now,
      actor: 'system',
      action: 'delist_lock',
      reason: 'locked',
      set: { paused: false, pausedReason: null, pendingChanges: null },
    });
    n += 1;
  }
  if (kept) await setDomainsListedFlag(tx, [domain.id], true, now);
  return n;
}

export type { Db };
