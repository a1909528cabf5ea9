import type { ListingCreate, ListingStatus } from '@namebourse/contract';
import type { Db, DbOrTx, Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';

/*
 * PLACEHOLDER SIGNATURES (lead, issue 16): H1 (listings core) implements these; the other slices
 * (import, logos, ownership, seller auctions) call them. Keep the names and shapes.
 */

import type { ListingRow } from './listings.repository.ts';

export type { ListingRow };

/** One row of a creation batch (a single POST /listings is a batch of one; row = its line/row number). */
export interface ListingDraft extends ListingCreate {
  row: number;
}

export interface CreateListingsResult {
  accepted: { row: number; domain: string; listingId: string; status: ListingStatus }[];
  refused: { row: number; domain: string; code: string; message: string }[];
}

/**
 * Lists many domains for one seller, each row listed or refused as a whole (domain held here and
 * free to sell, or external with a verified ownership proof; not already listed; duplicates in the
 * batch refused; auto-approval rules applied). Set-based: a handful of statements per batch.
 * Messages in `refused` are in `locale`.
 */
export async function createListings(
  _app: App,
  _userId: bigint,
  _drafts: readonly ListingDraft[],
  _locale: 'zh-CN' | 'en-US',
): Promise<CreateListingsResult> {
  throw new AppError('Request.Unexpected');
}

/** The seller's own listing (Listing.NotFound for anyone else's), optionally locked FOR UPDATE inside `tx`. */
export async function requireMyListing(
  _db: DbOrTx,
  _userId: bigint,
  _listingId: bigint,
  _opts?: { forUpdate?: boolean },
): Promise<ListingRow> {
  throw new AppError('Listing.NotFound');
}

/**
 * Applies a presentation change (industries, keywords, descriptions, logo): directly while the
 * listing has not been approved yet (review_failed / supplement_required go back to pending_review),
 * or as `pending_changes` + modification_review on an approved one (the approved version stays on
 * sale). Returns the updated row.
 */
export async function changePresentation(
  _tx: Tx,
  _listing: ListingRow,
  _changes: {
    industries?: string[];
    keywords?: string[];
    descriptionZh?: string;
    descriptionEn?: string;
    logoId?: bigint;
  },
  _now: Date,
): Promise<ListingRow> {
  throw new AppError('Request.Unexpected');
}

/** Pauses the user's market listings of `domain` because its ownership proof disappeared (message sent). */
export async function pauseForOwnership(_tx: Tx, _userId: bigint, _domain: string, _now: Date): Promise<number> {
  throw new AppError('Request.Unexpected');
}

/** Lifts an ownership pause once the proof is verified again. */
export async function resumeAfterOwnership(_tx: Tx, _userId: bigint, _domain: string, _now: Date): Promise<number> {
  throw new AppError('Request.Unexpected');
}

export type { Db };
