import type { Db } from '../../db/open-database.ts';
import { verifiedProofs } from './ownership.repository.ts';

/**
 * The user's verified ownership proofs among `domains` (domain → verified at): external domains
 * may be listed only with one (issue 16).
 */
export async function verifiedOwnership(
  db: Db,
  userId: bigint,
  domains: readonly string[],
): Promise<Map<string, Date>> {
  if (domains.length === 0) return new Map();
  const rows = await verifiedProofs(db, userId, domains);
  return new Map(rows.map((r) => [r.domain, r.verifiedAt]));
}
