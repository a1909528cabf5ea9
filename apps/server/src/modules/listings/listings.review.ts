import type {
  AdminListing,
  AdminListingReviewQuery,
  ListingStatus,
  MessageKind,
  Page,
  QueueAssignedFilter,
  QueuedListing,
  QueueState,
  ReviewBody,
  ReviewDecision,
} from '@namebourse/contract';
import { isRowIdText } from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import type { Actor } from '../admin/audit.service.ts';
import { assignedFilterOf, queueStatesOf } from '../admin/queues.service.ts';
import { notify } from '../messages/messages.service.ts';
import { startSellerAuction } from './listings.auction.ts';
import { logoIdsOf, presentAdminListing, type StoredChanges } from './listings.presenter.ts';
import {
  findListing,
  findLogos,
  findReviewRow,
  type ListingRow,
  listReviewQueue,
  nextEntries,
  type ReviewRow,
  updateListingIf,
} from './listings.repository.ts';
import { changesAsColumns, SELLER_LINK, transitionListing } from './listings.service.ts';

/**
 * The operators' review queue (issue 16, `/admin/listings`): new listings (pending_review) and
 * modifications of approved ones (modification_review), oldest first. A decision is taken once
 * (the update is conditional on the status the operator saw), audited and messaged to the seller
 * in the same transaction. Approving a seller auction opens its lot.
 */

/** Statuses the queue shows when none is asked for. */
const QUEUE: readonly ListingStatus[] = ['pending_review', 'modification_review'];

async function presentRows(app: Pick<App, 'platform'>, rows: readonly ReviewRow[]): Promise<AdminListing[]> {
  const { db } = app.platform;
  const now = app.platform.clock.now();
  const listings = rows.map((r) => r.listing);
  const [logos, next] = await Promise.all([
    findLogos(db, logoIdsOf(listings)),
    nextEntries(
      db,
      listings.map((l) => l.id),
      now,
    ),
  ]);
  const logoById = new Map(logos.map((l) => [l.id, l]));
  const nextById = new Map(next.map((e) => [e.listingId, e]));
  return rows.map((r) => presentAdminListing(r, logoById, nextById.get(r.listing.id)));
}

/**
 * GET /api/admin/listings/review: the queue (or the `status` asked for), `q` part of the domain, `assigned`
 * the viewer's items or the untaken ones; each with its reviewer and its age against a day (QUEUE_SLA).
 */
export async function listListingReviews(
  app: Pick<App, 'platform'>,
  query: AdminListingReviewQuery & { assigned?: QueueAssignedFilter | undefined },
  viewer?: { id: bigint },
): Promise<Page<QueuedListing>> {
  const assigned = await assignedFilterOf(app, 'listings', query.assigned, viewer?.id);
  const ids =
    assigned === undefined
      ? undefined
      : 'only' in assigned
        ? { only: assigned.only.flatMap(listingIdOf) }
        : { except: assigned.except.flatMap(listingIdOf) };
  const slice = await listReviewQueue(
    app.platform.db,
    {
      statuses: query.status ? [query.status] : QUEUE,
      ...(query.q ? { q: query.q.toLowerCase() } : {}),
      ...(ids ? { ids } : {}),
    },
    windowOf(query),
  );
  const [presented, states] = await Promise.all([
    presentRows(app, slice.items),
    queueStatesOf(
      app,
      'listings',
      slice.items.map((r) => ({ entityId: String(r.listing.id), submittedAt: r.listing.submittedAt })),
      viewer?.id,
    ),
  ]);
  return pageOf(query, {
    items: presented.map((listing) => ({ ...listing, queue: states.get(listing.listingId) as QueueState })),
    total: slice.total,
  });
}

/** An assignment's entity id as a listing id (ids that are not one are skipped). */
function listingIdOf(entityId: string): bigint[] {
  return isRowIdText(entityId) ? [BigInt(entityId)] : [];
}

/** Whether the listing waits in the review queue: what may be assigned. */
export async function isListingInReview(app: Pick<App, 'platform'>, listingId: string): Promise<boolean> {
  const [id] = listingIdOf(listingId);
  if (id === undefined) return false;
  const row = await findReviewRow(app.platform.db, id);
  return row !== undefined && QUEUE.includes(row.listing.status as ListingStatus);
}

interface Outcome {
  to: ListingStatus;
  kind: MessageKind;
  action: string;
}

/** What a decision does to a listing in review, or undefined when that status takes no such decision. */
function outcomeOf(status: ListingStatus, decision: ReviewDecision): Outcome | undefined {
  if (status === 'pending_review') {
    if (decision === 'approve') return { to: 'on_sale', kind: 'listing_approved', action: 'approve' };
    if (decision === 'reject') return { to: 'review_failed', kind: 'listing_rejected', action: 'reject' };
    return { to: 'supplement_required', kind: 'listing_supplement_required', action: 'request_supplement' };
  }
  if (status === 'modification_review') {
    // The approved version stays on sale either way; a supplement is asked by rejecting with the reason.
    if (decision === 'approve')
      return { to: 'on_sale', kind: 'listing_modification_approved', action: 'approve_modification' };
    return { to: 'on_sale', kind: 'listing_modification_rejected', action: 'reject_modification' };
  }
  return undefined;
}

/**
 * POST /api/admin/listings/:listingId/review: approve, reject (reason) or ask for a supplement
 * (reason). On a modification, approve applies the pending changes (logo included) and reject
 * drops them. Listing.InvalidTransition (409) when the listing is not (or no longer) in review.
 */
export async function reviewListing(
  app: App,
  operator: Exclude<Actor, 'system'>,
  listingId: bigint,
  body: ReviewBody,
): Promise<AdminListing> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const reason = body.reason?.trim() || null;
  await db.transaction(async (tx) => {
    const listing = await findListing(tx, listingId, { forUpdate: true });
    if (!listing) throw new AppError('Listing.NotFound');
    if (listing.userId === operator.id) throw new AppError('Account.Forbidden');
    const from = listing.status as ListingStatus;
    const outcome = outcomeOf(from, body.decision);
    if (!outcome) throw new AppError('Listing.InvalidTransition', { data: { from } });
    const reviewed = { reviewedBy: operator.id, reviewedAt: now };
    let updated: ListingRow;
    if (from === 'pending_review') {
      updated = await transitionListing(tx, listing, outcome.to, {
        now,
        actor: operator,
        action: outcome.action,
        reason,
        set: {
          ...reviewed,
          reviewReason: outcome.to === 'on_sale' ? null : reason,
          ...(outcome.to === 'on_sale' ? { listedAt: now } : {}),
        },
      });
      if (updated.mode === 'auction' && outcome.to === 'on_sale') {
        const auctionId = await startSellerAuction(app, tx, updated, now);
        updated = (await updateListingIf(tx, updated.id, 'on_sale', { auctionId, updatedAt: now })) ?? updated;
      }
    } else {
      const pending = (listing.pendingChanges as StoredChanges | null) ?? {};
      updated = await transitionListing(tx, listing, outcome.to, {
        now,
        actor: operator,
        action: outcome.action,
        reason,
        set: {
          ...reviewed,
          ...(body.decision === 'approve' ? changesAsColumns(pending) : {}),
          pendingChanges: null,
          reviewReason: body.decision === 'approve' ? null : reason,
        },
      });
    }
    await notify(tx, {
      userId: updated.userId,
      kind: outcome.kind,
      params: { listingId: updated.id.toString(), domain: updated.domain, ...(reason ? { reason } : {}) },
      link: `${SELLER_LINK}/${updated.id}`,
      now,
    });
  });
  const row = await findReviewRow(db, listingId);
  if (!row) throw new AppError('Listing.NotFound');
  const [presented] = await presentRows(app, [row]);
  return presented as AdminListing;
}
