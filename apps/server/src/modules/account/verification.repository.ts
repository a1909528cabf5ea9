import { and, desc, eq, gt, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { captchaSolutions, verificationCodes, verificationLocks } from '../../db/schema/index.ts';
import { claimDue } from '../../platform/sweeper.ts';

/** The only file with SQL for verification_codes, verification_locks and captcha_solutions. */
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
export type VerificationLockRow = typeof verificationLocks.$inferSelect;
export type CaptchaSolutionRow = typeof captchaSolutions.$inferSelect;

/** Serialises work on one (scene, target) inside a transaction (both engines support advisory locks). */
export async function lockTarget(tx: DbOrTx, scene: string, target: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${scene}\n${target}`}, 0))`);
}

export async function findLock(db: DbOrTx, scene: string, target: string): Promise<Date | undefined> {
  const rows = await db
    .select({ lockedUntil: verificationLocks.lockedUntil })
    .from(verificationLocks)
    .where(and(eq(verificationLocks.scene, scene), eq(verificationLocks.target, target)))
    .limit(1);
  return rows[0]?.lockedUntil;
}

export async function upsertLock(db: DbOrTx, scene: string, target: string, lockedUntil: Date): Promise<void> {
  await db
    .insert(verificationLocks)
    .values({ scene, target, lockedUntil })
    .onConflictDoUpdate({ target: [verificationLocks.scene, verificationLocks.target], set: { lockedUntil } });
}

export async function deleteLock(db: DbOrTx, scene: string, target: string): Promise<void> {
  await db
    .delete(verificationLocks)
    .where(and(eq(verificationLocks.scene, scene), eq(verificationLocks.target, target)));
}

/** The newest code row matching `where`. */
async function newestCode(db: DbOrTx, where: SQL | undefined): Promise<VerificationCodeRow | undefined> {
  const rows = await db
    .select()
    .from(verificationCodes)
    .where(where)
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return rows[0];
}

/** The newest code row of (scene, target), live or not. */
export async function findLatestCode(
  db: DbOrTx,
  scene: string,
  target: string,
): Promise<VerificationCodeRow | undefined> {
  return newestCode(db, and(eq(verificationCodes.scene, scene), eq(verificationCodes.target, target)));
}

/** The newest code that is neither consumed nor dead (it may have expired). */
export async function findLiveCode(
  db: DbOrTx,
  scene: string,
  target: string,
): Promise<VerificationCodeRow | undefined> {
  return newestCode(
    db,
    and(
      eq(verificationCodes.scene, scene),
      eq(verificationCodes.target, target),
      isNull(verificationCodes.consumedAt),
      isNull(verificationCodes.deadAt),
    ),
  );
}

/** Kills every live code of (scene, target): a newer one replaces them, or the attempts ran out. */
export async function killLiveCodes(db: DbOrTx, scene: string, target: string, now: Date): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ deadAt: now })
    .where(
      and(
        eq(verificationCodes.scene, scene),
        eq(verificationCodes.target, target),
        isNull(verificationCodes.consumedAt),
        isNull(verificationCodes.deadAt),
      ),
    );
}

export async function insertCode(db: DbOrTx, row: typeof verificationCodes.$inferInsert): Promise<VerificationCodeRow> {
  const rows = await db.insert(verificationCodes).values(row).returning();
  return rows[0]!;
}

export async function deleteCode(db: DbOrTx, id: bigint): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}

export async function updateCode(
  db: DbOrTx,
  id: bigint,
  set: Partial<Pick<VerificationCodeRow, 'attemptsLeft' | 'consumedAt' | 'deadAt'>>,
): Promise<void> {
  await db.update(verificationCodes).set(set).where(eq(verificationCodes.id, id));
}

/** Records a verified captcha solution; false when that challenge was already used. */
export async function insertCaptchaSolution(
  db: DbOrTx,
  row: { challenge: string; createdAt: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(captchaSolutions)
    .values({ ...row, status: 'verified' })
    .onConflictDoNothing()
    .returning({ challenge: captchaSolutions.challenge });
  return rows.length > 0;
}

/** Spends a verified, unexpired solution once; false when there is none to spend. */
export async function spendCaptchaSolution(db: DbOrTx, challenge: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(captchaSolutions)
    .set({ status: 'spent' })
    .where(
      and(
        eq(captchaSolutions.challenge, challenge),
        eq(captchaSolutions.status, 'verified'),
        gt(captchaSolutions.expiresAt, now),
      ),
    )
    .returning({ challenge: captchaSolutions.challenge });
  return rows.length > 0;
}

/** Sweeper claim: codes past their expiry. */
export function claimExpiredCodes(tx: Tx, now: Date, limit: number): Promise<VerificationCodeRow[]> {
  return claimDue(tx, verificationCodes, verificationCodes.expiresAt, { now, limit });
}

/** Sweeper claim: target locks past their end. */
export function claimExpiredLocks(tx: Tx, now: Date, limit: number): Promise<VerificationLockRow[]> {
  return claimDue(tx, verificationLocks, verificationLocks.lockedUntil, { now, limit });
}

/** Sweeper claim: captcha solutions past their expiry. */
export function claimExpiredCaptchas(tx: Tx, now: Date, limit: number): Promise<CaptchaSolutionRow[]> {
  return claimDue(tx, captchaSolutions, captchaSolutions.expiresAt, { now, limit });
}

/** Sweeper deletes: each re-checks that the row is still due. */
export async function deleteExpiredCode(db: DbOrTx, id: bigint, now: Date): Promise<void> {
  await db.delete(verificationCodes).where(and(eq(verificationCodes.id, id), lte(verificationCodes.expiresAt, now)));
}

export async function deleteExpiredLock(db: DbOrTx, scene: string, target: string, now: Date): Promise<void> {
  await db
    .delete(verificationLocks)
    .where(
      and(
        eq(verificationLocks.scene, scene),
        eq(verificationLocks.target, target),
        lte(verificationLocks.lockedUntil, now),
      ),
    );
}

export async function deleteExpiredCaptcha(db: DbOrTx, challenge: string, now: Date): Promise<void> {
  await db
    .delete(captchaSolutions)
    .where(and(eq(captchaSolutions.challenge, challenge), lte(captchaSolutions.expiresAt, now)));
}
