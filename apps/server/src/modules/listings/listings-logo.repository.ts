import type { LogoStyle } from '@namebourse/contract';
import { and, eq, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { listingLogos, listings } from '../../db/schema/index.ts';
import type { ListingRow, LogoRef } from './listings.repository.ts';

/**
 * The only file with SQL for the listing_logos table, and for the two logo columns of a listing
 * it writes itself: the 'AI' token count (ai_tokens_used). The listing's logo_id is set through
 * the listings service (changePresentation), which decides between a direct change and a
 * modification in review.
 */

export type NewLogoRow = typeof listingLogos.$inferInsert;

/** Statuses whose live (approved) logo anyone may load: on the market, its edit in review, or being sold. */
const PUBLIC_LOGO_STATUSES = sql.raw(`('on_sale', 'modification_review', 'selling')`);

export async function insertLogo(db: DbOrTx, row: NewLogoRow): Promise<LogoRef> {
  const rows = await db
    .insert(listingLogos)
    .values(row)
    .returning({ id: listingLogos.id, kind: listingLogos.kind, style: listingLogos.style });
  return rows[0] as LogoRef;
}

/**
 * Spends one 'AI' generation of the listing: a conditional update, so two concurrent generations
 * cannot both take the last token. Undefined when none is left.
 */
export async function spendAiToken(
  tx: Tx,
  listingId: bigint,
  limit: number,
  now: Date,
): Promise<ListingRow | undefined> {
  const rows = await tx
    .update(listings)
    .set({ aiTokensUsed: sql`${listings.aiTokensUsed} + 1`, updatedAt: now })
    .where(and(eq(listings.id, listingId), lt(listings.aiTokensUsed, limit)))
    .returning();
  return rows[0];
}

/**
 * Deletes the listing's logos that nothing shows any more (not in `keep`: the live one, the one in
 * review, the new one), except 'AI' logos (they cost the token). Keeps a seller who generates or
 * uploads again and again from piling up rows (uploads weigh up to 2000 KB). Returns how many went.
 */
export async function pruneLogos(tx: Tx, listingId: bigint, keep: readonly bigint[]): Promise<number> {
  const rows = await tx
    .delete(listingLogos)
    .where(
      and(
        eq(listingLogos.listingId, listingId),
        keep.length > 0 ? notInArray(listingLogos.id, [...keep]) : undefined,
        or(isNull(listingLogos.style), ne(listingLogos.style, 'ai')),
      ),
    )
    .returning({ id: listingLogos.id });
  return rows.length;
}

/** A stored logo with what decides who may load it. */
export interface StoredLogo {
  id: bigint;
  userId: bigint;
  kind: 'generated' | 'upload';
  style: LogoStyle | null;
  mime: string;
  svg: string | null;
  image: Buffer | null;
  /** It is the live logo of its listing, on the market (or being sold): anyone may load it (by the listing's primary key). */
  isPublic: boolean;
}

export async function findStoredLogo(db: DbOrTx, id: bigint): Promise<StoredLogo | undefined> {
  const rows = await db
    .select({
      id: listingLogos.id,
      userId: listingLogos.userId,
      kind: listingLogos.kind,
      style: listingLogos.style,
      mime: listingLogos.mime,
      svg: listingLogos.svg,
      image: listingLogos.image,
      // Spelled out with qualified names: drizzle leaves columns unqualified inside a select, and
      // both tables have an "id".
      isPublic: sql<boolean>`exists (
        select 1 from listings l
        where l.id = listing_logos.listing_id and l.logo_id = listing_logos.id
          and l.status in ${PUBLIC_LOGO_STATUSES})`,
    })
    .from(listingLogos)
    .where(eq(listingLogos.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return {
    ...row,
    kind: row.kind === 'upload' ? 'upload' : 'generated',
    style: row.style as LogoStyle | null,
    isPublic: row.isPublic === true || (row.isPublic as unknown) === 't',
  };
}
