import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { payeeFiles, payees, users } from '../../db/schema/index.ts';

/** The only file with SQL for payees and payee_files. */
export type PayeeRow = typeof payees.$inferSelect;
export type PayeeStatusValue = PayeeRow['status'];
export type PayeeTypeValue = PayeeRow['type'];
export type PayeeFileRow = typeof payeeFiles.$inferSelect;
/** A file without its bytes (lists and presenters never load the image). */
export type PayeeFileMeta = Omit<PayeeFileRow, 'data'>;

/** The editable columns of a payee (what SavePayeeRequest sets). */
export type PayeeFields = Pick<
  PayeeRow,
  | 'name'
  | 'bankName'
  | 'accountNumber'
  | 'accountType'
  | 'swiftCode'
  | 'address'
  | 'businessRegistrationNumber'
  | 'idNumber'
  | 'signatory'
  | 'paypalAccount'
>;

const fileMeta = {
  id: payeeFiles.id,
  userId: payeeFiles.userId,
  payeeId: payeeFiles.payeeId,
  fileName: payeeFiles.fileName,
  contentType: payeeFiles.contentType,
  sizeBytes: payeeFiles.sizeBytes,
  sha256: payeeFiles.sha256,
  createdAt: payeeFiles.createdAt,
};

// ---- payees ----

export function listPayeesOfUser(db: DbOrTx, userId: bigint): Promise<PayeeRow[]> {
  return db.select().from(payees).where(eq(payees.userId, userId)).orderBy(asc(payees.type));
}

export async function findPayeeById(db: DbOrTx, payeeId: string): Promise<PayeeRow | undefined> {
  const rows = await db.select().from(payees).where(eq(payees.id, payeeId)).limit(1);
  return rows[0];
}

/** The payee row locked for a change (FOR UPDATE) or for a read that must not race a change (FOR SHARE). */
export async function lockPayee(tx: Tx, payeeId: string, mode: 'update' | 'share'): Promise<PayeeRow | undefined> {
  const rows = await tx.select().from(payees).where(eq(payees.id, payeeId)).limit(1).for(mode);
  return rows[0];
}

/** The account's payee of a type, locked (FOR UPDATE or FOR SHARE). */
export async function lockPayeeOfType(
  tx: Tx,
  userId: bigint,
  type: PayeeTypeValue,
  mode: 'update' | 'share',
): Promise<PayeeRow | undefined> {
  const rows = await tx
    .select()
    .from(payees)
    .where(and(eq(payees.userId, userId), eq(payees.type, type)))
    .limit(1)
    .for(mode);
  return rows[0];
}

/** Inserts the account's payee of that type; undefined when one already exists (one per account per type). */
export async function insertPayeeIfAbsent(tx: Tx, values: typeof payees.$inferInsert): Promise<PayeeRow | undefined> {
  const rows = await tx
    .insert(payees)
    .values(values)
    .onConflictDoNothing({ target: [payees.userId, payees.type] })
    .returning();
  return rows[0];
}

/**
 * Updates a payee only while it is still in `fromStatus` (so a concurrent review cannot slip
 * between the check and the write). Undefined when the status changed meanwhile.
 */
export async function updatePayeeIfStatus(
  tx: Tx,
  payeeId: string,
  fromStatus: PayeeStatusValue,
  values: Partial<Omit<PayeeRow, 'id' | 'userId' | 'type' | 'createdAt'>> & { updatedAt: Date },
): Promise<PayeeRow | undefined> {
  const rows = await tx
    .update(payees)
    .set(values)
    .where(and(eq(payees.id, payeeId), eq(payees.status, fromStatus)))
    .returning();
  return rows[0];
}

export interface PayeeListFilter {
  statuses?: PayeeStatusValue[] | undefined;
  order: 'oldest' | 'newest';
  /** Part of the payee's name, a payee id, or the owner's account number (exact) or part of their e-mail. */
  q?: string;
  /** Only these payees, or all but these (the queue's assignment filter). */
  ids?: { only: string[] } | { except: string[] };
}

const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listPayeesForReview(
  db: DbOrTx,
  filter: PayeeListFilter,
  page: { limit: number; offset: number },
): Promise<{ items: PayeeRow[]; total: number }> {
  const where = and(
    filter.statuses ? inArray(payees.status, filter.statuses) : undefined,
    filter.q
      ? or(
          eq(payees.id, filter.q),
          ilike(payees.name, likeEscaped(filter.q)),
          inArray(
            payees.userId,
            db
              .select({ id: users.id })
              .from(users)
              .where(or(eq(users.accountNo, filter.q), ilike(users.email, likeEscaped(filter.q)))),
          ),
        )
      : undefined,
    filter.ids && 'only' in filter.ids
      ? filter.ids.only.length > 0
        ? inArray(payees.id, filter.ids.only)
        : sql`false`
      : undefined,
    filter.ids && 'except' in filter.ids && filter.ids.except.length > 0
      ? notInArray(payees.id, filter.ids.except)
      : undefined,
  );
  const order =
    filter.order === 'oldest' ? [asc(payees.submittedAt), asc(payees.id)] : [desc(payees.updatedAt), desc(payees.id)];
  const items = await db
    .select()
    .from(payees)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const counted = await db.select({ n: sql<number>`count(*)::int` }).from(payees).where(where);
  return { items, total: Number(counted[0]?.n ?? 0) };
}

// ---- payee files ----

export async function insertPayeeFile(db: DbOrTx, values: PayeeFileRow): Promise<PayeeFileMeta> {
  const rows = await db.insert(payeeFiles).values(values).returning(fileMeta);
  return rows[0] as PayeeFileMeta;
}

/** A file with its bytes (for GET /funds/payees/files/:fileId). */
export async function findPayeeFile(db: DbOrTx, fileId: string): Promise<PayeeFileRow | undefined> {
  const rows = await db.select().from(payeeFiles).where(eq(payeeFiles.id, fileId)).limit(1);
  return rows[0];
}

/** The files attached to these payees (without bytes), oldest first. */
export function listFilesOfPayees(db: DbOrTx, payeeIds: string[]): Promise<PayeeFileMeta[]> {
  if (payeeIds.length === 0) return Promise.resolve([]);
  return db
    .select(fileMeta)
    .from(payeeFiles)
    .where(inArray(payeeFiles.payeeId, payeeIds))
    .orderBy(asc(payeeFiles.createdAt), asc(payeeFiles.id));
}

/**
 * Locks the given files of the user that are either unattached or attached to `payeeId` (the
 * ones a save may use), plus every file currently attached to `payeeId`.
 */
export function lockUsableFiles(
  tx: Tx,
  userId: bigint,
  fileIds: string[],
  payeeId: string | null,
): Promise<PayeeFileMeta[]> {
  const usable = and(
    eq(payeeFiles.userId, userId),
    inArray(payeeFiles.id, fileIds.length > 0 ? fileIds : ['']),
    payeeId === null ? isNull(payeeFiles.payeeId) : or(isNull(payeeFiles.payeeId), eq(payeeFiles.payeeId, payeeId)),
  );
  const where = payeeId === null ? usable : or(usable, eq(payeeFiles.payeeId, payeeId));
  return tx.select(fileMeta).from(payeeFiles).where(where).orderBy(asc(payeeFiles.id)).for('update');
}

export async function attachFiles(tx: Tx, payeeId: string, fileIds: string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await tx.update(payeeFiles).set({ payeeId }).where(inArray(payeeFiles.id, fileIds));
}

/** Deletes files a save removed from the payee. */
export async function deleteFiles(tx: Tx, fileIds: string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await tx.delete(payeeFiles).where(inArray(payeeFiles.id, fileIds));
}

/** How many unattached uploads the user made since `since` (a cap against filling the table). */
export async function countRecentUnattached(db: DbOrTx, userId: bigint, since: Date): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payeeFiles)
    .where(and(eq(payeeFiles.userId, userId), isNull(payeeFiles.payeeId), gte(payeeFiles.createdAt, since)));
  return Number(rows[0]?.n ?? 0);
}

/** Sweeper claim: unattached uploads created at or before `before`, locked (SKIP LOCKED), ids only. */
export function claimStaleUploads(tx: Tx, before: Date, limit: number): Promise<{ id: string }[]> {
  return tx
    .select({ id: payeeFiles.id })
    .from(payeeFiles)
    .where(and(isNull(payeeFiles.payeeId), lte(payeeFiles.createdAt, before)))
    .orderBy(asc(payeeFiles.createdAt), asc(payeeFiles.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Deletes an upload if it is still unattached. */
export async function deleteUnattachedFile(tx: Tx, fileId: string): Promise<void> {
  await tx.delete(payeeFiles).where(and(eq(payeeFiles.id, fileId), isNull(payeeFiles.payeeId)));
}
