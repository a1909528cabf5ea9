import type { DbOrTx } from '../../db/open-database.ts';
import { upsertProfile } from './profile.repository.ts';

let phoneSeq = 0;

/**
 * Complete contact information written straight to the user's profile (names and a verified
 * mainland mobile), for tests that sign users in over HTTP against server processes and need them
 * able to bid without going through the SMS flow for each.
 */
export async function writeCompleteContactInfo(db: DbOrTx, userId: bigint, now: Date): Promise<void> {
  phoneSeq += 1;
  const phone = `139${String(10_000_000 + ((phoneSeq * 7919 + Number(userId % 1000n)) % 90_000_000)).slice(-8)}`;
  await upsertProfile(db, userId, {
    firstName: 'San',
    lastName: 'Zhang',
    phone,
    phoneCountryCode: '86',
    phoneVerifiedAt: now,
    updatedAt: now,
  });
}
