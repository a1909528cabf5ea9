import type { listings } from '../../db/schema/index.ts';

/** A listings row (the repository is the only file with the table's SQL). */
export type ListingRow = typeof listings.$inferSelect;
