import { LISTING_RULES, type ListingStatus } from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { onDelistForLock } from '../domains/domains.service.ts';
import { notify } from '../messages/messages.service.ts';
import { applyCalendarEntry } from './listings.calendar.ts';
import { delistLockedDomain } from './listings.pauses.ts';
import {
  type CalendarRow,
  claimDueEntries,
  claimExpired,
  claimExpiring,
  claimOrphaned,
  findListing,
  type ListingRow,
  updateListingIf,
} from './listings.repository.ts';
import { SELLER_LINK, transitionListing } from './listings.service.ts';

const DAY_MS = 86_400_000;

/** The lock hook is process-wide (domains keeps a list): registered once, whatever the number of apps. */
let lockHookRegistered = false;

/**
 * The listings' deadlines (DESIGN.md §3), each claimed FOR UPDATE SKIP LOCKED and re-checked
 * under the lock so a second instance never applies twice:
 * - `listings.calendar`: due price-calendar entries become the listing's price;
 * - `listings.expiry`: listings on sale past their period → expired (domain no longer listed);
 * - `listings.expiring`: the 'expiring soon' message, once, LISTING_RULES.expiringNoticeDays before;
 * - `listings.orphaned`: listings of held domains that left the account (a completed transfer
 *   out deletes the domain's row) go off the shelf.
 * Also registers the domains area's hook: turning a listed domain's lock on delists it.
 */
export function registerListingSweepers(app: App): void {
  const { sweeper } = app.platform;
  if (!lockHookRegistered) {
    lockHookRegistered = true;
    onDelistForLock(async (tx, domain, now) => {
      await delistLockedDomain(tx, domain, now);
    });
  }
  sweeper.register<CalendarRow>({
    name: 'listings.calendar',
    claim: (tx, now, limit) => claimDueEntries(tx, now, limit),
    apply: (tx, entry, now) => applyCalendarEntry(tx, entry, now),
  });
  sweeper.register<ListingRow>({
    name: 'listings.expiry',
    claim: (tx, now, limit) => claimExpired(tx, now, limit),
    apply: (tx, row, now) => expire(tx, row, now),
  });
  sweeper.register<ListingRow>({
    name: 'listings.expiring',
    claim: (tx, now, limit) =>
      claimExpiring(tx, new Date(now.getTime() + LISTING_RULES.expiringNoticeDays * DAY_MS), limit),
    apply: (tx, row, now) => noticeExpiring(tx, row, now),
  });
  sweeper.register<ListingRow>({
    name: 'listings.orphaned',
    claim: (tx, _now, limit) => claimOrphaned(tx, limit),
    apply: async (tx, row, now) => {
      await transitionListing(tx, row, 'off_shelf', {
        now,
        actor: 'system',
        action: 'domain_left',
        set: { paused: false, pausedReason: null, pendingChanges: null },
      });
    },
  });
}

const SHOWN: readonly ListingStatus[] = ['on_sale', 'modification_review'];

async function expire(tx: Tx, row: ListingRow, now: Date): Promise<void> {
  if (!SHOWN.includes(row.status as ListingStatus) || !row.expiresAt || row.expiresAt > now) return;
  const expired = await transitionListing(tx, row, 'expired', {
    now,
    actor: 'system',
    action: 'expire',
    set: { pendingChanges: null },
  });
  await notify(tx, {
    userId: expired.userId,
    kind: 'listing_expired',
    params: { listingId: expired.id.toString(), domain: expired.domain },
    link: `${SELLER_LINK}/${expired.id}`,
    dedupeKey: `listing-expired:${expired.id}:${row.expiresAt.toISOString()}`,
    now,
  });
}

async function noticeExpiring(tx: Tx, claimed: ListingRow, now: Date): Promise<void> {
  const row = await findListing(tx, claimed.id, { forUpdate: true });
  if (!row || row.expiringNotifiedAt !== null || !row.expiresAt || !SHOWN.includes(row.status as ListingStatus)) return;
  const updated = await updateListingIf(tx, row.id, row.status as ListingStatus, { expiringNotifiedAt: now });
  // Already past its end: the expiry sends its own message.
  if (!updated || row.expiresAt <= now) return;
  await notify(tx, {
    userId: row.userId,
    kind: 'listing_expiring',
    params: { listingId: row.id.toString(), domain: row.domain, expiresAt: row.expiresAt.toISOString() },
    link: `${SELLER_LINK}/${row.id}`,
    dedupeKey: `listing-expiring:${row.id}:${row.expiresAt.toISOString()}`,
    now,
  });
}
