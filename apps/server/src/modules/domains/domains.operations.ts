import { DOMAIN_RULES, type DomainOperationKind } from '@namebourse/contract';
import {
  RegistrarError,
  type RegistrarPort,
  type RegistrarResultData,
  type RegistrarTicket,
} from '../../adapters/registrar/port.ts';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import type { AfterCommit } from '../../platform/sweeper.ts';
import {
  type DomainRow,
  findDomainByName,
  findOperation,
  insertOperations,
  type OperationRow,
  updateDomainIf,
  updatePendingOperation,
} from './domains.repository.ts';

/**
 * Registrar operations (lock, unlock, renew, redeem, transfers), asynchronous as a real registrar
 * is. The service that starts one records it in its own transaction (an outbox row: what to ask,
 * with `ticket` null) together with the domain's new transitional state; after commit it is
 * submitted at once (best effort), and the sweeper submits whatever was not (a crash, the
 * registrar unreachable: retried every `pollSeconds`, failed after `SUBMIT_ATTEMPTS`). Once the
 * registrar accepted it with a ticket, the sweeper polls the ticket at `next_check_at` until a
 * result, and hands it to the kind's handler in the same transaction that closes the operation.
 * The handler moves the domain (its transition table) and tells the user; the domain's
 * `pending_operation` is cleared here after the handler, if it still names this kind.
 */

export type DomainsApp = Pick<App, 'platform' | 'log'>;

export interface OperationContext {
  app: DomainsApp;
  tx: Tx;
  /** The operation (still 'pending' while the handler runs). */
  op: OperationRow;
  /** The domain's row, locked (undefined for a transfer-in, or when it has left My domains). */
  domain: DomainRow | undefined;
  now: Date;
}

export interface OperationHandler {
  succeeded(ctx: OperationContext, data: RegistrarResultData): Promise<AfterCommit | undefined>;
  failed(ctx: OperationContext, reason: string): Promise<AfterCommit | undefined>;
}

export type OperationHandlers = Partial<Record<DomainOperationKind, OperationHandler>>;

/** Failed submits before the operation is given up as failed (reason `registrar_unavailable: …`). */
export const SUBMIT_ATTEMPTS = 5;

export interface RecordOperationInput {
  userId: bigint;
  /** The domain's row (null for a transfer-in). */
  domainId: bigint | null;
  domain: string;
  kind: DomainOperationKind;
  /** What the registrar call needs: `years` (renew), `registrar` (fast transfer), `authCode` (transfer in). */
  params?: Record<string, string | number>;
  orderId?: string | null;
  transferId?: bigint | null;
  now: Date;
}

/** Records operations to submit (inside the caller's transaction). */
export function recordOperations(tx: Tx, inputs: RecordOperationInput[]): Promise<OperationRow[]> {
  return insertOperations(
    tx,
    inputs.map((input) => ({
      userId: input.userId,
      domainId: input.domainId,
      domain: input.domain,
      kind: input.kind,
      status: 'pending',
      ticket: null,
      params: JSON.stringify(input.params ?? {}),
      orderId: input.orderId ?? null,
      transferId: input.transferId ?? null,
      reason: null,
      attempts: 0,
      nextCheckAt: input.now,
      createdAt: input.now,
      finishedAt: null,
      updatedAt: input.now,
    })),
  );
}

export async function recordOperation(tx: Tx, input: RecordOperationInput): Promise<OperationRow> {
  const [row] = await recordOperations(tx, [input]);
  return row as OperationRow;
}

function paramsOf(op: OperationRow): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(op.params);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The registrar call an operation stands for. */
function callFor(registrar: RegistrarPort, op: OperationRow, now: Date): Promise<RegistrarTicket> {
  const p = paramsOf(op);
  const kind = op.kind as DomainOperationKind;
  switch (kind) {
    case 'lock':
      return registrar.setLock(op.domain, true, now);
    case 'unlock':
      return registrar.setLock(op.domain, false, now);
    case 'renew':
      return registrar.renew(
        op.domain,
        Number(p.years ?? 1),
        now,
        typeof p.currentExpiresAt === 'string' ? new Date(p.currentExpiresAt) : null,
      );
    case 'redeem':
      return registrar.redeem(op.domain, now);
    case 'transfer_out':
      return registrar.transferOut(op.domain, now);
    case 'fast_transfer':
      return registrar.fastTransfer(op.domain, String(p.registrar ?? ''), now);
    case 'cancel_transfer':
      return registrar.cancelTransfer(op.domain, now);
    case 'transfer_in':
      return registrar.transferIn(op.domain, String(p.authCode ?? ''), now);
  }
}

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 300);
}

/** Stored params without secrets once the registrar has them (a transfer-in's auth code). */
function paramsAfterSubmit(op: OperationRow): string {
  const p = paramsOf(op);
  delete p.authCode;
  return JSON.stringify(p);
}

/**
 * Asks the registrar for an operation not yet submitted; stores the ticket (conditional on it
 * still having none) or, on a registrar error, counts the attempt and schedules the next one.
 * Returns the updated row, or a failure reason once the attempts are used up.
 */
async function submit(
  app: DomainsApp,
  db: Tx | App['platform']['db'],
  op: OperationRow,
  now: Date,
): Promise<{ row?: OperationRow; giveUp?: string }> {
  try {
    const accepted = await callFor(app.platform.registrar, op, now);
    const row = await updatePendingOperation(db, op.id, {
      ticket: accepted.ticket,
      params: paramsAfterSubmit(op),
      nextCheckAt: accepted.checkAfter,
      updatedAt: now,
    });
    return row ? { row } : {};
  } catch (err) {
    if (!(err instanceof RegistrarError)) throw err;
    const attempts = op.attempts + 1;
    app.log.warn({ err, operationId: op.id.toString(), kind: op.kind }, 'registrar refused or unreachable');
    if (attempts >= SUBMIT_ATTEMPTS) return { giveUp: `registrar_unavailable: ${errorText(err)}` };
    const row = await updatePendingOperation(db, op.id, {
      attempts,
      reason: `registrar_unavailable: ${errorText(err)}`,
      nextCheckAt: new Date(now.getTime() + DOMAIN_RULES.pollSeconds * 1000),
      updatedAt: now,
    });
    return row ? { row } : {};
  }
}

/**
 * After the starting transaction committed: submit the operations now rather than at the next
 * sweep. Errors are logged, never thrown: the sweeper submits what is left.
 */
export async function submitNow(app: DomainsApp, ops: OperationRow[]): Promise<void> {
  const now = app.platform.clock.now();
  await Promise.all(
    ops.map(async (op) => {
      try {
        if (op.ticket !== null) return;
        const { giveUp } = await submit(app, app.platform.db, op, now);
        if (giveUp) app.log.warn({ operationId: op.id.toString() }, 'submit gave up; the sweeper fails it');
      } catch (err) {
        app.log.warn({ err, operationId: op.id.toString() }, 'operation submit failed; the sweeper retries');
      }
    }),
  );
}

/**
 * The sweeper's step for one due operation: submit it if it has no ticket yet, otherwise poll the
 * ticket; on a result run the kind's handler and close the operation, all in `tx`.
 */
export async function advanceOperation(
  app: DomainsApp,
  handlers: OperationHandlers,
  tx: Tx,
  claimed: OperationRow,
  now: Date,
): Promise<AfterCommit | undefined> {
  const op = await findOperation(tx, claimed.id, { lock: true });
  if (op?.status !== 'pending' || op.nextCheckAt > now) return undefined;
  if (op.ticket === null) {
    const { giveUp } = await submit(app, tx, op, now);
    if (giveUp === undefined) return undefined;
    return finish(app, handlers, tx, op, now, { state: 'failed', reason: giveUp });
  }
  let result: Awaited<ReturnType<RegistrarPort['poll']>>;
  try {
    result = await app.platform.registrar.poll(op.ticket, now);
  } catch (err) {
    if (!(err instanceof RegistrarError)) throw err;
    await updatePendingOperation(tx, op.id, {
      attempts: op.attempts + 1,
      reason: `registrar_unavailable: ${errorText(err)}`,
      nextCheckAt: new Date(now.getTime() + DOMAIN_RULES.pollSeconds * 1000),
      updatedAt: now,
    });
    return undefined;
  }
  if (result.state === 'pending') {
    const next =
      result.checkAfter > now ? result.checkAfter : new Date(now.getTime() + DOMAIN_RULES.pollSeconds * 1000);
    await updatePendingOperation(tx, op.id, { nextCheckAt: next, updatedAt: now });
    return undefined;
  }
  return finish(app, handlers, tx, op, now, result);
}

async function finish(
  app: DomainsApp,
  handlers: OperationHandlers,
  tx: Tx,
  op: OperationRow,
  now: Date,
  result: { state: 'succeeded'; data: RegistrarResultData } | { state: 'failed'; reason: string },
): Promise<AfterCommit | undefined> {
  const handler = handlers[op.kind as DomainOperationKind];
  const domain = op.domainId === null ? undefined : await lockedDomain(tx, op);
  const ctx: OperationContext = { app, tx, op, domain, now };
  let after: AfterCommit | undefined;
  if (handler) {
    after =
      result.state === 'succeeded'
        ? await handler.succeeded(ctx, result.data)
        : await handler.failed(ctx, result.reason);
  } else {
    app.log.error({ kind: op.kind }, 'no handler for a domain operation kind');
  }
  await updatePendingOperation(tx, op.id, {
    status: result.state,
    // A transfer-in that never reached the registrar must not keep its auth code either.
    params: paramsAfterSubmit(op),
    reason: result.state === 'failed' ? result.reason.slice(0, 500) : null,
    finishedAt: now,
    updatedAt: now,
  });
  if (op.domainId !== null) {
    await updateDomainIf(
      tx,
      op.domainId,
      { pendingOperation: op.kind as DomainOperationKind },
      { pendingOperation: null },
    );
  }
  return after ?? undefined;
}

async function lockedDomain(tx: Tx, op: OperationRow): Promise<DomainRow | undefined> {
  const row = await findDomainByName(tx, op.domain);
  if (!row || row.id !== op.domainId) return undefined;
  // Lock it for the handler's conditional updates.
  return (await updateDomainIf(tx, row.id, {}, { updatedAt: row.updatedAt })) ?? undefined;
}
