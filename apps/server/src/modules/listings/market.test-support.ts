import type { Db } from '../../db/open-database.ts';
import { listingCalendar, listings } from '../../db/schema/index.ts';

type NewListing = typeof listings.$inferInsert;

/**
 * Inserts a listing row as the market reads it (tests): on sale, fixed price, external, listed at
 * `now`, unless `overrides` say otherwise. name / tld / length follow the domain.
 */
export async function insertListing(
  db: Db,
  userId: bigint,
  domain: string,
  now: Date,
  overrides: Partial<NewListing> = {},
): Promise<typeof listings.$inferSelect> {
  const dot = domain.indexOf('.');
  const name = domain.slice(0, dot);
  const [row] = await db
    .insert(listings)
    .values({
      userId,
      domain,
      name,
      tld: domain.slice(dot + 1),
      length: name.length,
      source: 'external',
      mode: 'fixed',
      status: 'on_sale',
      priceCents: 10_000,
      endOption: 'long_term',
      submittedAt: now,
      listedAt: now,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('listing not inserted');
  return row;
}

/** A price-calendar entry of a listing (tests). */
export async function insertCalendarEntry(
  db: Db,
  listingId: bigint,
  entry: { date: string; effectiveAt: Date; priceCents: number; appliedAt?: Date | null },
  now: Date,
): Promise<void> {
  await db.insert(listingCalendar).values({ listingId, ...entry, createdAt: now });
}
