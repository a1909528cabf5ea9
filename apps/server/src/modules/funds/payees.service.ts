import { createHash, randomBytes } from 'node:crypto';
import {
  type AdminPayee,
  type AuditEntry,
  type ErrorCode,
  FUNDS_LIMITS,
  fieldMessage,
  type Locale,
  type MessageKind,
  PAYEE_TRANSITIONS,
  type Page,
  type Payee,
  type PayeeFile,
  type PayeeQueueQuery,
  type PayeeReviewRequest,
  type PayeeStatus,
  type QueuedPayee,
  type QueueState,
  type SavePayeeRequest,
} from '@namebourse/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/open-database.ts';
import { type AuthUser, hasRole } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import type { Sweeper } from '../../platform/sweeper.ts';
import { assertTransition, type TransitionTable } from '../../platform/transitions.ts';
import { cleanFileName, sniffImageType } from '../../platform/uploads.ts';
import { getUserById } from '../account/account.service.ts';
import { auditHistory, recordAudit } from '../admin/audit.service.ts';
import { assignedFilterOf, queueStatesOf } from '../admin/queues.service.ts';
import { notify } from '../messages/messages.service.ts';
import { presentAdminPayee, presentPayee, presentPayeeFile } from './payees.presenter.ts';
import {
  attachFiles,
  claimStaleUploads,
  countRecentUnattached,
  deleteFiles,
  deleteUnattachedFile,
  findPayeeById,
  findPayeeFile,
  insertPayeeFile,
  insertPayeeIfAbsent,
  listFilesOfPayees,
  listPayeesForReview,
  listPayeesOfUser,
  lockPayee,
  lockPayeeOfType,
  lockUsableFiles,
  type PayeeFields,
  type PayeeRow,
  updatePayeeIfStatus,
} from './payees.repository.ts';
import { countOpenForPayee } from './settlements.repository.ts';

/** What the funds services need of the app: its platform (db, clock, sweeper). */
export type FundsApp = Pick<FastifyInstance, 'platform'>;
export type Actor = Pick<AuthUser, 'id' | 'role'>;

const DAY_MS = 24 * 3600 * 1000;
/** Unattached uploads are purged after this long (the form was abandoned). */
export const PAYEE_UPLOAD_RETENTION_MS = DAY_MS;
/** At most this many unattached uploads per account per day (a cap against filling the table). */
export const PAYEE_UPLOADS_PER_DAY = FUNDS_LIMITS.payeeFilesMax * 5;
/** Operators who may look at payee images (admin passes every role). */
const FILE_VIEWER_ROLES = ['finance', 'support'] as const;

function invalidField(locale: Locale, field: string, key: Parameters<typeof fieldMessage>[0]): AppError {
  return new AppError('Request.Invalid', { data: { fields: { [field]: fieldMessage(key, locale) } } });
}

function newId(prefix: string): string {
  return `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;
}

// ---- Reading accounts and histories for the review console ----

/** Account facts and audit histories, read through the account and admin services, cached per request. */
export class OperatorView {
  readonly #app: FundsApp;
  readonly #users = new Map<string, Promise<{ accountNo: string; email: string }>>();

  constructor(app: FundsApp) {
    this.#app = app;
  }

  owner(userId: bigint): Promise<{ accountNo: string; email: string }> {
    const key = userId.toString();
    let found = this.#users.get(key);
    if (!found) {
      found = getUserById(this.#app, userId).then((u) => ({ accountNo: u?.accountNo ?? key, email: u?.email ?? '' }));
      this.#users.set(key, found);
    }
    return found;
  }

  history(entityType: string, entityId: string): Promise<AuditEntry[]> {
    return auditHistory(this.#app, entityType, entityId);
  }
}

// ---- The owner's payees ----

export async function listPayees(app: FundsApp, userId: bigint): Promise<{ items: Payee[] }> {
  const { db } = app.platform;
  const rows = await listPayeesOfUser(db, userId);
  const files = await listFilesOfPayees(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((row) => presentPayee(row, files)) };
}

function fieldsOf(input: SavePayeeRequest): PayeeFields {
  if (input.type === 'paypal') {
    return {
      name: input.name,
      paypalAccount: input.paypalAccount,
      bankName: null,
      accountNumber: null,
      accountType: null,
      swiftCode: null,
      address: null,
      businessRegistrationNumber: null,
      idNumber: null,
      signatory: null,
    };
  }
  return {
    name: input.name,
    bankName: input.bankName,
    accountNumber: input.accountNumber,
    accountType: input.accountType,
    swiftCode: input.swiftCode || null,
    address: input.address,
    businessRegistrationNumber: input.businessRegistrationNumber || null,
    idNumber: input.idNumber,
    signatory: input.signatory,
    paypalAccount: null,
  };
}

/**
 * The payee's files become exactly `fileIds`: each must be the user's own upload, unattached or
 * already this payee's (else Request.Invalid on `fileIds`); files dropped from the set are deleted.
 */
async function setFiles(tx: Tx, userId: bigint, payeeId: string, fileIds: string[], locale: Locale): Promise<void> {
  const wanted = [...new Set(fileIds)];
  const locked = await lockUsableFiles(tx, userId, wanted, payeeId);
  const usable = new Set(locked.map((f) => f.id));
  if (wanted.some((id) => !usable.has(id))) throw invalidField(locale, 'fileIds', 'payeeFileInvalid');
  const keep = new Set(wanted);
  await deleteFiles(
    tx,
    locked.filter((f) => f.payeeId === payeeId && !keep.has(f.id)).map((f) => f.id),
  );
  await attachFiles(
    tx,
    payeeId,
    locked.filter((f) => f.payeeId === null && keep.has(f.id)).map((f) => f.id),
  );
}

/** How a save changes an existing payee: the next status and the audit action. */
function nextOnSave(status: PayeeStatus): { to: PayeeStatus; action: string; resubmits: boolean } {
  switch (status) {
    case 'approved':
      throw new AppError('Funds.PayeeLocked');
    case 'pending_review':
    case 'supplement_submitted':
      // Still waiting for the operator: the edit replaces what they will review; the status stays.
      return { to: status, action: 'edit', resubmits: false };
    case 'needs_supplement':
      return { to: 'supplement_submitted', action: 'supplement', resubmits: true };
    case 'rejected':
    case 'revoked':
      return { to: 'pending_review', action: 'resubmit', resubmits: true };
  }
}

/**
 * Creates or edits the account's payee of the request's type (one per account per type). A new
 * payee starts pending review; an approved one cannot be edited (Funds.PayeeLocked); an edit while
 * in review keeps the status; one that needs a supplement becomes supplement-submitted; a rejected
 * or revoked one is submitted again (pending review). Every change is recorded.
 */
export async function savePayee(app: FundsApp, actor: Actor, input: SavePayeeRequest, locale: Locale): Promise<Payee> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const fields = fieldsOf(input);
  const saved = await db.transaction(async (tx) => {
    let current = await lockPayeeOfType(tx, actor.id, input.type, 'update');
    if (!current) {
      const created = await insertPayeeIfAbsent(tx, {
        id: newId('P'),
        userId: actor.id,
        type: input.type,
        status: 'pending_review',
        ...fields,
        reviewNote: null,
        reviewedBy: null,
        reviewedAt: null,
        submittedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      if (created) {
        await setFiles(tx, actor.id, created.id, input.fileIds, locale);
        await recordAudit(tx, {
          entityType: 'payee',
          entityId: created.id,
          action: 'submit',
          fromStatus: null,
          toStatus: created.status,
          actor,
          now,
        });
        return created;
      }
      // Created by a concurrent request meanwhile: edit that one.
      current = await lockPayeeOfType(tx, actor.id, input.type, 'update');
      if (!current) throw new AppError('Payee.InvalidTransition');
    }

    const next = nextOnSave(current.status);
    if (next.to !== current.status)
      assertTransition(PAYEE_TRANSITIONS, current.status, next.to, 'Payee.InvalidTransition');
    const updated = await updatePayeeIfStatus(tx, current.id, current.status, {
      ...fields,
      status: next.to,
      ...(next.resubmits ? { submittedAt: now } : {}),
      ...(next.to === 'pending_review' ? { reviewNote: null } : {}),
      updatedAt: now,
    });
    if (!updated) throw new AppError('Payee.InvalidTransition');
    await setFiles(tx, actor.id, updated.id, input.fileIds, locale);
    await recordAudit(tx, {
      entityType: 'payee',
      entityId: updated.id,
      action: next.action,
      fromStatus: current.status,
      toStatus: updated.status,
      actor,
      now,
    });
    return updated;
  });
  return presentPayee(saved, await listFilesOfPayees(db, [saved.id]));
}

/**
 * Withdraws the user's payee (any status the table allows → revoked). A wire payee with a
 * settlement still in review or processing cannot be withdrawn (the payout goes to it).
 */
export async function revokePayee(app: FundsApp, actor: Actor, payeeId: string): Promise<Payee> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const revoked = await db.transaction(async (tx) => {
    const current = await lockPayee(tx, payeeId, 'update');
    if (!current || current.userId !== actor.id) throw new AppError('Funds.PayeeNotFound');
    assertTransition(PAYEE_TRANSITIONS, current.status, 'revoked', 'Payee.InvalidTransition');
    if ((await countOpenForPayee(tx, current.id)) > 0) {
      throw new AppError('Payee.InvalidTransition', { data: { from: current.status, to: 'revoked' } });
    }
    const updated = await updatePayeeIfStatus(tx, current.id, current.status, { status: 'revoked', updatedAt: now });
    if (!updated) throw new AppError('Payee.InvalidTransition');
    await recordAudit(tx, {
      entityType: 'payee',
      entityId: updated.id,
      action: 'revoke',
      fromStatus: current.status,
      toStatus: 'revoked',
      actor,
      now,
    });
    return updated;
  });
  return presentPayee(revoked, await listFilesOfPayees(db, [revoked.id]));
}

// ---- Uploads (agreement / certificate images) ----

export interface UploadInput {
  fileName: string | undefined;
  declaredType: string;
  data: Buffer;
}

/**
 * Stores an uploaded image (JPG or PNG: the declared type and the file's own bytes must both say
 * so, else File.UnsupportedFormat). It stays unattached until a payee is saved with it, and is
 * purged after a day otherwise.
 */
export async function uploadPayeeFile(app: FundsApp, actor: Actor, input: UploadInput): Promise<PayeeFile> {
  const { db, clock } = app.platform;
  const now = clock.now();
  if (input.data.length > FUNDS_LIMITS.payeeFileMaxBytes) throw new AppError('File.TooLarge');
  const sniffed = sniffImageType(input.data);
  const declared = input.declaredType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (!sniffed || !FUNDS_LIMITS.payeeFileTypes.includes(declared)) throw new AppError('File.UnsupportedFormat');
  const recent = await countRecentUnattached(db, actor.id, new Date(now.getTime() - PAYEE_UPLOAD_RETENTION_MS));
  if (recent >= PAYEE_UPLOADS_PER_DAY) throw new AppError('Request.TooManyRequests');
  try {
    const stored = await insertPayeeFile(db, {
      id: newId('F'),
      userId: actor.id,
      payeeId: null,
      fileName: cleanFileName(input.fileName, sniffed),
      contentType: sniffed,
      sizeBytes: input.data.length,
      sha256: createHash('sha256').update(input.data).digest('hex'),
      data: input.data,
      createdAt: now,
    });
    return presentPayeeFile(stored);
  } catch (err) {
    throw new AppError('File.UploadFailed', { cause: err });
  }
}

/** An image for its owner or an operator (finance, support, admin); File.NotFound for anyone else. */
export async function readPayeeFile(
  app: FundsApp,
  viewer: Actor,
  fileId: string,
): Promise<{ contentType: string; fileName: string; data: Buffer }> {
  const file = await findPayeeFile(app.platform.db, fileId);
  if (!file || (file.userId !== viewer.id && !hasRole(viewer, [...FILE_VIEWER_ROLES]))) {
    throw new AppError('File.NotFound');
  }
  return { contentType: file.contentType, fileName: file.fileName, data: file.data };
}

/** Housekeeping: uploads never attached to a payee are deleted a day after they were made. */
export function registerPayeeSweepers(sweeper: Sweeper): void {
  sweeper.register<{ id: string }>({
    name: 'funds.payee-uploads.purge',
    batchSize: 200,
    claim: (tx, now, limit) => claimStaleUploads(tx, new Date(now.getTime() - PAYEE_UPLOAD_RETENTION_MS), limit),
    apply: (tx, row) => deleteUnattachedFile(tx, row.id),
  });
}

// ---- The review console ----

async function presentForOperator(app: FundsApp, rows: PayeeRow[], view: OperatorView): Promise<AdminPayee[]> {
  const files = await listFilesOfPayees(
    app.platform.db,
    rows.map((r) => r.id),
  );
  return Promise.all(
    rows.map(async (row) =>
      presentAdminPayee(row, files, await view.owner(row.userId), await view.history('payee', row.id)),
    ),
  );
}

/**
 * The review queue (pending review and supplement submitted, oldest first), or every payee / one status;
 * `q` finds a payee's name or id, an owner's account number or e-mail; `assigned` keeps the viewer's items
 * or the untaken ones. Each with its reviewer and its age against the ~3 days of review (QUEUE_SLA).
 */
export async function listPayeesForOperator(
  app: FundsApp,
  query: Omit<PayeeQueueQuery, 'q' | 'assigned'> & Partial<Pick<PayeeQueueQuery, 'q' | 'assigned'>>,
  viewer?: Pick<Actor, 'id'>,
): Promise<Page<QueuedPayee>> {
  const statuses: PayeeStatus[] | undefined = query.status
    ? [query.status]
    : query.queue === 'review'
      ? ['pending_review', 'supplement_submitted']
      : undefined;
  const ids = await assignedFilterOf(app, 'payees', query.assigned, viewer?.id);
  const { items, total } = await listPayeesForReview(
    app.platform.db,
    {
      statuses,
      order: query.queue === 'review' ? 'oldest' : 'newest',
      ...(query.q ? { q: query.q } : {}),
      ...(ids ? { ids } : {}),
    },
    windowOf(query),
  );
  const [presented, states] = await Promise.all([
    presentForOperator(app, items, new OperatorView(app)),
    queueStatesOf(
      app,
      'payees',
      items.map((row) => ({ entityId: row.id, submittedAt: row.submittedAt })),
      viewer?.id,
    ),
  ]);
  return pageOf(query, {
    items: presented.map((payee) => ({ ...payee, queue: states.get(payee.payeeId) as QueueState })),
    total,
  });
}

/** Whether the payee waits for review (pending review or supplement submitted): what may be assigned. */
export async function isPayeeOpen(app: FundsApp, payeeId: string): Promise<boolean> {
  const row = await findPayeeById(app.platform.db, payeeId);
  return row?.status === 'pending_review' || row?.status === 'supplement_submitted';
}

/**
 * The steps every operator decision on an owner's record takes, inside its transaction once the
 * record is locked: never on the operator's own record (four eyes: 403 Account.Forbidden), the move
 * checked against the entity's table, the update only while the record is still in its status
 * (`invalidTransition` when a concurrent decision moved it first), what the decision does besides
 * (`alsoDo`: the settlement's ledger moves), then the audit record. Returns the updated row.
 */
export async function decideAsOperator<S extends string, Row extends { id: string; userId: bigint; status: S }>(
  tx: Tx,
  operator: Actor,
  now: Date,
  decision: {
    entityType: string;
    current: Row;
    transitions: TransitionTable<S>;
    invalidTransition: ErrorCode;
    to: S;
    action: string;
    reason: string | null;
    update: (current: Row) => Promise<Row | undefined>;
    alsoDo?: (updated: Row) => Promise<void>;
  },
): Promise<Row> {
  const { current, to } = decision;
  if (current.userId === operator.id) throw new AppError('Account.Forbidden');
  assertTransition(decision.transitions, current.status, to, decision.invalidTransition);
  const updated = await decision.update(current);
  if (!updated) throw new AppError(decision.invalidTransition);
  await decision.alsoDo?.(updated);
  await recordAudit(tx, {
    entityType: decision.entityType,
    entityId: updated.id,
    action: decision.action,
    fromStatus: current.status,
    toStatus: to,
    reason: decision.reason,
    actor: operator,
    now,
  });
  return updated;
}

const REVIEW_OUTCOME: Record<PayeeReviewRequest['action'], { to: PayeeStatus; kind: MessageKind; action: string }> = {
  approve: { to: 'approved', kind: 'payee_approved', action: 'approve' },
  reject: { to: 'rejected', kind: 'payee_rejected', action: 'reject' },
  supplement: { to: 'needs_supplement', kind: 'payee_needs_supplement', action: 'request_supplement' },
};

/**
 * An operator's decision on a payee in review: approve, reject or ask for a supplement (with a
 * reason). Through the transition table (409 Payee.InvalidTransition otherwise), recorded with
 * who and when, and messaged to the owner, in one transaction. Never on the operator's own payee.
 */
export async function reviewPayee(
  app: FundsApp,
  operator: Actor,
  payeeId: string,
  body: PayeeReviewRequest,
): Promise<AdminPayee> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const outcome = REVIEW_OUTCOME[body.action];
  const reason = body.reason?.trim() || null;
  const reviewed = await db.transaction(async (tx) => {
    const current = await lockPayee(tx, payeeId, 'update');
    if (!current) throw new AppError('Funds.PayeeNotFound');
    const updated = await decideAsOperator(tx, operator, now, {
      entityType: 'payee',
      current,
      transitions: PAYEE_TRANSITIONS,
      invalidTransition: 'Payee.InvalidTransition',
      to: outcome.to,
      action: outcome.action,
      reason,
      update: (row) =>
        updatePayeeIfStatus(tx, row.id, row.status, {
          status: outcome.to,
          reviewNote: reason,
          reviewedBy: operator.id,
          reviewedAt: now,
          updatedAt: now,
        }),
    });
    await notify(tx, {
      userId: updated.userId,
      kind: outcome.kind,
      params: { payeeId: updated.id, payeeType: updated.type, name: updated.name, reason },
      link: '/console/fund/payees',
      now,
    });
    return updated;
  });
  const [presented] = await presentForOperator(app, [reviewed], new OperatorView(app));
  return presented as AdminPayee;
}

/** For the review console's single view (and tests): one payee as operators see it. */
export async function getPayeeForOperator(app: FundsApp, payeeId: string): Promise<AdminPayee> {
  const row = await findPayeeById(app.platform.db, payeeId);
  if (!row) throw new AppError('Funds.PayeeNotFound');
  const [presented] = await presentForOperator(app, [row], new OperatorView(app));
  return presented as AdminPayee;
}
