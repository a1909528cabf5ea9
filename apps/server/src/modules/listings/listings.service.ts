import {
  DOMAIN_NAME_RE,
  type DomainReason,
  domainReasonText,
  ERROR_CATALOGUE,
  type ErrorCode,
  type FieldMessageKey,
  feeLockedUntil,
  fieldMessage,
  LISTING_STATUSES,
  LISTING_TRANSITIONS,
  type Listing,
  type ListingCreate,
  type ListingEndOption,
  type ListingStatus,
  type ListingsPage,
  type ListingsQuery,
  type Locale,
  listingExpiresAt,
  splitDomain,
} from '@namebourse/contract';
import type { Db, DbOrTx, Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { assertTransition } from '../../platform/transitions.ts';
import { type Actor, recordAudit, recordAudits } from '../admin/audit.service.ts';
import { findDomainsForListing, setDomainsListedFlag } from '../domains/domains.service.ts';
import { startSellerAuction } from './listings.auction.ts';
import { logoIdsOf, presentListing, type StoredChanges } from './listings.presenter.ts';
import {
  type CalendarRow,
  findListing,
  findListingLogo,
  findLogos,
  insertListings,
  type ListingInsert,
  type ListingRow,
  listListings,
  type NewListingRow,
  nextEntries,
  openListingDomains,
  updateListingIf,
} from './listings.repository.ts';
import { heldRefusal, initialStatus, priceProblem } from './listings.rules.ts';
import { verifiedOwnership } from './ownership.service.ts';
import { countOpenOffersOf } from './seller.repository.ts';

/**
 * The listings core (issue 16; spec §1–§5, §9): creating listings (one path for a single listing,
 * the batch and the Excel import), the seller's list and edits, quick listing (pause), taking
 * down and listing again, pauses for lost ownership proofs, and the end of a listing on a locked
 * domain. Every status change goes through LISTING_TRANSITIONS and a conditional update; a held
 * domain's `listed` flag follows its open listing.
 */

export type { ListingRow };

/** The seller centre's link in messages. */
export const SELLER_LINK = '/console/seller';

/** One row of a creation batch (a single POST /listings is a batch of one; row = its line/row number). */
export interface ListingDraft extends ListingCreate {
  row: number;
}

export interface CreateListingsResult {
  accepted: { row: number; domain: string; listingId: string; status: ListingStatus }[];
  refused: { row: number; domain: string; code: string; message: string }[];
}

/** A refused row with what a single request answers with (field messages, the domain's reason). */
interface Refusal {
  row: number;
  domain: string;
  code: ErrorCode;
  message: string;
  data: { fields?: Record<string, string>; reason?: DomainReason } | null;
}

export const isHeld = (row: Pick<ListingRow, 'source'>) => row.source === 'held';

function refusal(
  draft: { row: number; domain: string },
  code: ErrorCode,
  locale: Locale,
  data: Refusal['data'] = null,
): Refusal {
  const fields = data?.fields ? Object.values(data.fields) : [];
  const because = data?.reason ? domainReasonText(data.reason, locale) : null;
  const message =
    fields.length > 0
      ? (fields[0] as string)
      : because
        ? `${ERROR_CATALOGUE[code][locale]} (${because})`
        : ERROR_CATALOGUE[code][locale];
  return { row: draft.row, domain: draft.domain, code, message, data };
}

export function invalidField(field: string, key: FieldMessageKey, locale: Locale): AppError {
  return new AppError('Request.Invalid', { data: { fields: { [field]: fieldMessage(key, locale) } } });
}

/** The review rule in force: the autoApproveHeldPlain parameter, read at use. */
export function listingReviewRules(app: Pick<App, 'platform'>): { autoApproveHeldPlain: boolean } {
  return { autoApproveHeldPlain: app.platform.parameters.get('autoApproveHeldPlain') };
}

/** Domains are compared and stored in lower case, without surrounding spaces. */
export const normalise = (domain: string) => domain.trim().toLowerCase();

/**
 * Creates the batch, each row listed or refused as a whole; the refusals keep their details (the
 * single POST /listings answers the first one as an error).
 */
async function createDetailed(
  app: App,
  userId: bigint,
  drafts: readonly ListingDraft[],
  locale: Locale,
): Promise<{ accepted: CreateListingsResult['accepted']; refused: Refusal[] }> {
  const { db, clock } = app.platform;
  const now = clock.now();
  // The parameters in force for the batch: today's commission (the fee lock) and the review rule.
  const commissionBps = app.platform.parameters.get('commissionBps');
  const reviewRules = listingReviewRules(app);
  const refused: Refusal[] = [];
  const seen = new Set<string>();
  const candidates: (ListingDraft & { domain: string })[] = [];
  for (const raw of drafts) {
    const draft = { ...raw, domain: normalise(raw.domain) };
    if (draft.domain.length > 253 || !DOMAIN_NAME_RE.test(draft.domain)) {
      refused.push(refusal(draft, 'Commodity.DomainInvalid', locale));
      continue;
    }
    const problem = priceProblem(draft);
    if (problem) {
      refused.push(
        refusal(draft, 'Request.Invalid', locale, { fields: { [problem[0]]: fieldMessage(problem[1], locale) } }),
      );
      continue;
    }
    if (seen.has(draft.domain)) {
      refused.push(
        refusal(draft, 'Request.Invalid', locale, { fields: { domain: fieldMessage('lotDuplicate', locale) } }),
      );
      continue;
    }
    seen.add(draft.domain);
    candidates.push(draft);
  }

  const accepted: CreateListingsResult['accepted'] = [];
  if (candidates.length > 0) {
    await db.transaction(async (tx) => {
      const names = candidates.map((d) => d.domain);
      // The seller's domains are locked: a lock change (which delists) waits for this batch. Others'
      // are only read (a domain held here by someone else cannot be listed by proof).
      const mineRows = await findDomainsForListing(tx, names, { lock: true, userId });
      const mineNames = new Set(mineRows.map((d) => d.name));
      const othersRows = await findDomainsForListing(
        tx,
        names.filter((n) => !mineNames.has(n)),
      );
      const held = new Map([...mineRows, ...othersRows].map((d) => [d.name, d]));
      const externalNames = names.filter((n) => !held.has(n));
      const proofs = await verifiedOwnership(tx as unknown as Db, userId, externalNames);
      const open = await openListingDomains(tx, names);
      const inserts: (ListingInsert & { row: number })[] = [];
      for (const draft of candidates) {
        const domainRow = held.get(draft.domain);
        const mine = domainRow !== undefined && domainRow.userId === userId;
        if (draft.mode === 'auction' && !mine) {
          refused.push(refusal(draft, 'Listing.AuctionNeedsHeldDomain', locale));
          continue;
        }
        if (domainRow && !mine) {
          refused.push(refusal(draft, 'Listing.DomainNotHeld', locale));
          continue;
        }
        if (mine) {
          const why = heldRefusal(domainRow);
          if (why) {
            refused.push(refusal(draft, 'Listing.DomainUnavailable', locale, { reason: why }));
            continue;
          }
        } else if (!proofs.has(draft.domain)) {
          refused.push(refusal(draft, 'Listing.DomainNotHeld', locale));
          continue;
        }
        if (open.has(draft.domain)) {
          refused.push(refusal(draft, 'Listing.AlreadyListed', locale));
          continue;
        }
        const descriptionZh = draft.descriptionZh?.trim() ?? '';
        const descriptionEn = draft.descriptionEn?.trim() ?? '';
        const source = mine ? 'held' : 'external';
        const status = initialStatus({ source, descriptionZh, descriptionEn }, reviewRules);
        const parts = splitDomain(draft.domain);
        const endOption: ListingEndOption = draft.endOption ?? '3m';
        inserts.push({
          row: draft.row,
          userId,
          domain: draft.domain,
          name: parts.name,
          tld: parts.tld,
          length: parts.length,
          source,
          domainId: mine ? domainRow.id : null,
          mode: draft.mode,
          status,
          priceCents: draft.mode === 'auction' ? null : (draft.priceCents ?? null),
          floorCents: draft.mode === 'offer' ? (draft.floorCents ?? null) : null,
          startPriceCents: draft.mode === 'auction' ? (draft.startPriceCents ?? null) : null,
          reservePriceCents: draft.mode === 'auction' ? (draft.reservePriceCents ?? null) : null,
          durationDays: draft.mode === 'auction' ? (draft.durationDays ?? null) : null,
          industries: [...new Set(draft.industries ?? [])],
          keywords: [...new Set((draft.keywords ?? []).map((k) => k.trim()).filter(Boolean))],
          descriptionZh,
          descriptionEn,
          endOption,
          expiresAt: listingExpiresAt(now, endOption),
          listedAt: status === 'on_sale' ? now : null,
          // The fee lock: today's rate (the commissionBps parameter) for the fee-lock months from
          // the clock (not the database's now()).
          commissionBps,
          feeLockedUntil: feeLockedUntil(now),
          now,
        });
      }
      // One statement for the batch; a domain listed meanwhile by another request is skipped.
      const rows = await insertListings(tx, inserts);
      const byDomain = new Map(rows.map((r) => [r.domain, r]));
      const listed: ListingRow[] = [];
      for (const draft of inserts) {
        const row = byDomain.get(draft.domain);
        if (!row) {
          refused.push(refusal(draft, 'Listing.AlreadyListed', locale));
          continue;
        }
        listed.push(row);
        accepted.push({
          row: draft.row,
          domain: row.domain,
          listingId: row.id.toString(),
          status: row.status as ListingStatus,
        });
      }
      await setDomainsListedFlag(
        tx,
        listed.filter((r) => r.domainId !== null).map((r) => r.domainId as bigint),
        true,
        now,
      );
      await recordAudits(
        tx,
        listed.map((r) => ({
          entityType: 'listing',
          entityId: r.id.toString(),
          action: 'create',
          toStatus: r.status,
          actor: { id: userId, role: 'user' },
          now,
        })),
      );
      for (const row of listed)
        if (row.mode === 'auction' && row.status === 'on_sale') await openAuction(app, tx, row, now);
    });
  }
  refused.sort((a, b) => a.row - b.row);
  accepted.sort((a, b) => a.row - b.row);
  return { accepted, refused };
}

/**
 * Lists many domains for one seller, each row listed or refused as a whole (domain held here and
 * free to sell, or external with a verified ownership proof; not already listed; duplicates in the
 * batch refused; auto-approval rules applied). Set-based: a handful of statements per batch.
 * Messages in `refused` are in `locale`.
 */
export async function createListings(
  app: App,
  userId: bigint,
  drafts: readonly ListingDraft[],
  locale: Locale,
): Promise<CreateListingsResult> {
  const { accepted, refused } = await createDetailed(app, userId, drafts, locale);
  return { accepted, refused: refused.map(({ row, domain, code, message }) => ({ row, domain, code, message })) };
}

/** POST /api/listings: one listing; a refusal is its error (with the field or the domain's reason). */
export async function createListing(app: App, userId: bigint, body: ListingCreate, locale: Locale): Promise<Listing> {
  const { accepted, refused } = await createDetailed(app, userId, [{ ...body, row: 1 }], locale);
  const no = refused[0];
  if (no) throw new AppError(no.code, { data: no.data });
  const made = accepted[0];
  if (!made) throw new AppError('Commodity.ListingFailed');
  return getMyListing(app, userId, BigInt(made.listingId));
}

/** An approved seller auction opens its lot (listings.auction.ts) and remembers it. */
export async function openAuction(app: App, tx: Tx, listing: ListingRow, now: Date): Promise<ListingRow> {
  const auctionId = await startSellerAuction(app, tx, listing, now);
  const updated = await updateListingIf(tx, listing.id, listing.status as ListingStatus, { auctionId, updatedAt: now });
  return updated ?? listing;
}

// ---- Reading ----

/** The seller's own listing (Listing.NotFound for anyone else's), optionally locked FOR UPDATE inside `tx`. */
export async function requireMyListing(
  db: DbOrTx,
  userId: bigint,
  listingId: bigint,
  opts: { forUpdate?: boolean } = {},
): Promise<ListingRow> {
  const row = await findListing(db, listingId, { userId, ...(opts.forUpdate ? { forUpdate: true } : {}) });
  if (!row) throw new AppError('Listing.NotFound');
  return row;
}

/** Listings as the seller sees them (their logos, next calendar prices and open offers read in three statements). */
export async function presentListings(db: DbOrTx, rows: readonly ListingRow[], now: Date): Promise<Listing[]> {
  const ids = rows.map((r) => r.id);
  const [logos, next, openOffers] = await Promise.all([
    findLogos(db, logoIdsOf(rows)),
    nextEntries(db, ids, now),
    countOpenOffersOf(db, ids),
  ]);
  const logoById = new Map(logos.map((l) => [l.id, l]));
  const nextById = new Map<bigint, CalendarRow>(next.map((e) => [e.listingId, e]));
  return rows.map((r) => presentListing(r, logoById, nextById.get(r.id), openOffers.get(r.id) ?? 0));
}

export async function getMyListing(app: Pick<App, 'platform'>, userId: bigint, listingId: bigint): Promise<Listing> {
  const row = await requireMyListing(app.platform.db, userId, listingId);
  const [presented] = await presentListings(app.platform.db, [row], app.platform.clock.now());
  return presented as Listing;
}

/** GET /api/listings: the seller's listings (status, mode, part of the name), newest first, with counts per status. */
export async function listMyListings(
  app: Pick<App, 'platform'>,
  userId: bigint,
  query: ListingsQuery,
): Promise<ListingsPage> {
  const { db } = app.platform;
  const now = app.platform.clock.now();
  const slice = await listListings(
    db,
    {
      userId,
      ...(query.status ? { statuses: [query.status] } : {}),
      ...(query.mode ? { mode: query.mode } : {}),
      ...(query.q ? { q: query.q } : {}),
    },
    windowOf(query),
  );
  const items = await presentListings(db, slice.items, now);
  // Every status has its count (0 included): the tabs read them by name.
  const counts = Object.fromEntries(LISTING_STATUSES.map((s) => [s, slice.counts[s] ?? 0]));
  return { ...pageOf(query, { items, total: slice.total }), counts, serverTime: now.toISOString() };
}

// ---- Status changes ----

/**
 * Moves a listing to `to` through LISTING_TRANSITIONS (Listing.InvalidTransition otherwise),
 * conditional on its current status, audited. Ending a held listing clears the domain's `listed`.
 */
export async function transitionListing(
  tx: Tx,
  listing: ListingRow,
  to: ListingStatus,
  options: { now: Date; actor: Actor; action?: string; reason?: string | null; set?: Partial<NewListingRow> },
): Promise<ListingRow> {
  const from = listing.status as ListingStatus;
  assertTransition(LISTING_TRANSITIONS, from, to, 'Listing.InvalidTransition');
  const updated = await updateListingIf(tx, listing.id, from, { ...options.set, status: to, updatedAt: options.now });
  if (!updated) throw new AppError('Listing.InvalidTransition', { data: { from, to } });
  await recordAudit(tx, {
    entityType: 'listing',
    entityId: listing.id.toString(),
    action: options.action ?? to,
    fromStatus: from,
    toStatus: to,
    reason: options.reason ?? null,
    actor: options.actor,
    now: options.now,
  });
  if (ENDED.includes(to) && updated.domainId !== null)
    await setDomainsListedFlag(tx, [updated.domainId], false, options.now);
  return updated;
}

/** Statuses in which a listing no longer holds its domain on sale. */
const ENDED: readonly ListingStatus[] = ['off_shelf', 'expired', 'sold'];

// ---- Presentation ----

export interface PresentationChanges {
  industries?: string[];
  keywords?: string[];
  descriptionZh?: string;
  descriptionEn?: string;
  logoId?: bigint;
}

/** The changes that differ from the listing's current (approved) presentation. */
function effectiveChanges(listing: ListingRow, changes: PresentationChanges): StoredChanges {
  const out: StoredChanges = {};
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  if (changes.industries && !same(changes.industries, listing.industries))
    out.industries = [...new Set(changes.industries)];
  if (changes.keywords) {
    const keywords = [...new Set(changes.keywords.map((k) => k.trim()).filter(Boolean))];
    if (!same(keywords, listing.keywords)) out.keywords = keywords;
  }
  if (changes.descriptionZh !== undefined && changes.descriptionZh.trim() !== listing.descriptionZh)
    out.descriptionZh = changes.descriptionZh.trim();
  if (changes.descriptionEn !== undefined && changes.descriptionEn.trim() !== listing.descriptionEn)
    out.descriptionEn = changes.descriptionEn.trim();
  if (changes.logoId !== undefined && changes.logoId !== listing.logoId) out.logoId = changes.logoId.toString();
  return out;
}

/** A stored modification as the listing's columns. */
export function changesAsColumns(changes: StoredChanges): Partial<NewListingRow> {
  return {
    ...(changes.industries ? { industries: changes.industries } : {}),
    ...(changes.keywords ? { keywords: changes.keywords } : {}),
    ...(changes.descriptionZh !== undefined ? { descriptionZh: changes.descriptionZh } : {}),
    ...(changes.descriptionEn !== undefined ? { descriptionEn: changes.descriptionEn } : {}),
    ...(changes.logoId ? { logoId: BigInt(changes.logoId) } : {}),
  };
}

/**
 * Applies a presentation change (industries, keywords, descriptions, logo): directly while the
 * listing has not been approved yet (review_failed / supplement_required go back to pending_review),
 * or as `pending_changes` + modification_review on an approved one (the approved version stays on
 * sale). Returns the updated row.
 */
export async function changePresentation(
  tx: Tx,
  listing: ListingRow,
  changes: {
    industries?: string[];
    keywords?: string[];
    descriptionZh?: string;
    descriptionEn?: string;
    logoId?: bigint;
  },
  now: Date,
  /**
   * The seller's refusal for `list` (platform.restrictions.refusal, read before the transaction), or null: a
   * listing that failed review goes back to review, and on sale once approved — a way of listing again,
   * however small the edit, so a restricted seller is refused.
   */
  listRefusal: AppError | null,
): Promise<ListingRow> {
  const status = listing.status as ListingStatus;
  if (status === 'selling' || status === 'sold') throw new AppError('Listing.NotEditable');
  if (changes.logoId !== undefined && !(await findListingLogo(tx, listing.id, changes.logoId)))
    throw new AppError('Listing.LogoInvalid');
  const actor: Actor = { id: listing.userId, role: 'user' };
  if (status === 'on_sale' || status === 'modification_review') {
    const pending = (listing.pendingChanges as StoredChanges | null) ?? {};
    const diff = effectiveChanges(listing, changes);
    if (Object.keys(diff).length === 0 && status === 'on_sale') return listing;
    const merged: StoredChanges = { ...pending, ...diff };
    if (status === 'on_sale') {
      return transitionListing(tx, listing, 'modification_review', {
        now,
        actor,
        action: 'modify',
        set: { pendingChanges: merged, submittedAt: now, reviewReason: null },
      });
    }
    const updated = await updateListingIf(tx, listing.id, status, {
      pendingChanges: merged,
      submittedAt: now,
      updatedAt: now,
    });
    if (!updated) throw new AppError('Listing.InvalidTransition');
    return updated;
  }
  const diff = effectiveChanges(listing, changes);
  if (Object.keys(diff).length === 0) return listing;
  const columns = changesAsColumns(diff);
  if (status === 'review_failed' || status === 'supplement_required') {
    if (listRefusal) throw listRefusal;
    return transitionListing(tx, listing, 'pending_review', {
      now,
      actor,
      action: 'resubmit',
      set: { ...columns, submittedAt: now, reviewReason: null },
    });
  }
  // pending_review (still waiting: the edit replaces what will be reviewed), off_shelf, expired.
  const updated = await updateListingIf(tx, listing.id, status, { ...columns, updatedAt: now });
  if (!updated) throw new AppError('Listing.InvalidTransition');
  return updated;
}
