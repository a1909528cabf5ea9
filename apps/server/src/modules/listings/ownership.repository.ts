import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/open-database.ts';
import { ownershipProofs } from '../../db/schema/index.ts';

/** Verified proofs of this user among these domains. */
export async function verifiedProofs(
  db: Db,
  userId: bigint,
  domains: readonly string[],
): Promise<{ domain: string; verifiedAt: Date }[]> {
  const rows = await db
    .select({ domain: ownershipProofs.domain, verifiedAt: ownershipProofs.verifiedAt })
    .from(ownershipProofs)
    .where(
      and(
        eq(ownershipProofs.userId, userId),
        inArray(ownershipProofs.domain, [...domains]),
        eq(ownershipProofs.status, 'verified'),
      ),
    );
  return rows.flatMap((r) => (r.verifiedAt ? [{ domain: r.domain, verifiedAt: r.verifiedAt }] : []));
}
