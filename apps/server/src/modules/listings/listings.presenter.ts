import {
  type AdminListing,
  type CalendarEntry,
  LISTING_RULES,
  type Listing,
  type ListingEndOption,
  type ListingLogo,
  type ListingMode,
  type ListingSource,
  type ListingStatus,
  type LogoStyle,
  type PauseReason,
  type PendingChanges,
} from '@namebourse/contract';
import type { CalendarRow, ListingRow, LogoRef, ReviewRow } from './listings.repository.ts';
import { activeEntry } from './listings.rules.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What a modification in review stores (`listings.pending_changes`). */
export interface StoredChanges {
  industries?: string[];
  keywords?: string[];
  descriptionZh?: string;
  descriptionEn?: string;
  logoId?: string;
}

export function presentLogo(logo: LogoRef | undefined): ListingLogo | null {
  if (!logo) return null;
  return {
    logoId: logo.id.toString(),
    kind: logo.kind === 'upload' ? 'upload' : 'generated',
    style: (logo.style as LogoStyle | null) ?? null,
    url: `/api/listing-logos/${logo.id}`,
  };
}

/** The logo ids a page of listings shows (their own and those of modifications in review). */
export function logoIdsOf(rows: readonly ListingRow[]): bigint[] {
  const ids = new Set<bigint>();
  for (const row of rows) {
    if (row.logoId !== null) ids.add(row.logoId);
    const pending = row.pendingChanges as StoredChanges | null;
    if (pending?.logoId) ids.add(BigInt(pending.logoId));
  }
  return [...ids];
}

function presentPending(pending: StoredChanges | null, logos: Map<bigint, LogoRef>): PendingChanges | null {
  if (!pending) return null;
  const out: PendingChanges = {};
  if (pending.industries) out.industries = pending.industries;
  if (pending.keywords) out.keywords = pending.keywords;
  if (pending.descriptionZh !== undefined) out.descriptionZh = pending.descriptionZh;
  if (pending.descriptionEn !== undefined) out.descriptionEn = pending.descriptionEn;
  if (pending.logoId) {
    const logo = presentLogo(logos.get(BigInt(pending.logoId)));
    if (logo) out.logo = logo;
  }
  return out;
}

/**
 * A listing as the seller sees it (the contract's Listing; every field listed). `logos` holds the
 * listing's logo rows by id; `next` its next scheduled calendar entry; `openOffers` the offers
 * awaiting the seller on it (read for the whole page at once).
 */
export function presentListing(
  row: ListingRow,
  logos: Map<bigint, LogoRef>,
  next: CalendarRow | undefined,
  openOffers = 0,
): Listing {
  return {
    listingId: row.id.toString(),
    domain: row.domain,
    tld: row.tld,
    source: row.source as ListingSource,
    mode: row.mode as ListingMode,
    status: row.status as ListingStatus,
    quickStatus: row.paused ? 'paused' : 'listed',
    pausedReason: row.paused ? ((row.pausedReason as PauseReason | null) ?? 'seller') : null,
    priceCents: row.mode === 'auction' ? row.startPriceCents : row.priceCents,
    floorCents: row.floorCents,
    startPriceCents: row.startPriceCents,
    reservePriceCents: row.reservePriceCents,
    durationDays: row.durationDays,
    auctionId: row.auctionId === null ? null : row.auctionId.toString(),
    industries: row.industries,
    keywords: row.keywords,
    descriptionZh: row.descriptionZh,
    descriptionEn: row.descriptionEn,
    logo: row.logoId === null ? null : presentLogo(logos.get(row.logoId)),
    aiTokensLeft: Math.max(0, LISTING_RULES.aiTokensPerListing - row.aiTokensUsed),
    endOption: row.endOption as ListingEndOption,
    expiresAt: iso(row.expiresAt),
    reviewReason: row.reviewReason,
    pendingChanges: presentPending(row.pendingChanges as StoredChanges | null, logos),
    nextPrice: next ? { date: next.date, priceCents: next.priceCents } : null,
    commissionBps: row.commissionBps,
    feeLockedUntil: row.feeLockedUntil.toISOString(),
    views: row.views,
    openOffers,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A listing in the operators' queue: the seller's view plus who sells it and their proof. */
export function presentAdminListing(
  row: ReviewRow,
  logos: Map<bigint, LogoRef>,
  next: CalendarRow | undefined,
): AdminListing {
  return {
    ...presentListing(row.listing, logos, next),
    sellerAccountNo: row.sellerAccountNo,
    sellerEmail: row.sellerEmail,
    ownershipVerifiedAt: iso(row.ownershipVerifiedAt),
    submittedAt: row.listing.submittedAt.toISOString(),
  };
}

/**
 * The price calendar: every entry; `active` is the one in force — the latest the sweeper has
 * applied (the price buyers see), so it moves when the price does.
 */
export function presentCalendar(rows: readonly CalendarRow[], now: Date): CalendarEntry[] {
  const active = activeEntry(
    rows.filter((r) => r.appliedAt !== null),
    now,
  );
  return rows.map((r) => ({
    entryId: r.id.toString(),
    date: r.date,
    effectiveAt: r.effectiveAt.toISOString(),
    priceCents: r.priceCents,
    active: active?.id === r.id,
    applied: r.appliedAt !== null,
  }));
}
