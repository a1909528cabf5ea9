import { DOMAIN_RULES, type DomainStatus } from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import { advanceOperation, type OperationHandlers } from './domains.operations.ts';
import { claimDueOperations, claimLifecycleDue, type DomainRow, type OperationRow } from './domains.repository.ts';
import { dueStatus } from './domains.rules.ts';
import { transitionDomain } from './domains.service.ts';

const DAY_MS = 86_400_000;

/**
 * The domains' deadlines (DESIGN.md §3): registrar operations due for a submit or a poll
 * (`domains.operations`), and the lifecycle by dates (`domains.lifecycle`: renewable near expiry,
 * in redemption once expired, non-renewable after the redemption period). Both claim with
 * FOR UPDATE SKIP LOCKED and re-check under the lock, so a second instance never applies twice.
 */
export function registerDomainSweepers(app: App, handlers: OperationHandlers): void {
  const { sweeper } = app.platform;
  sweeper.register<OperationRow>({
    name: 'domains.operations',
    batchSize: 50,
    claim: (tx, now, limit) => claimDueOperations(tx, now, limit),
    apply: (tx, op, now) => advanceOperation(app, handlers, tx, op, now),
  });
  sweeper.register<DomainRow>({
    name: 'domains.lifecycle',
    claim: (tx, now, limit) =>
      claimLifecycleDue(
        tx,
        now,
        {
          renewableWithinMs: DOMAIN_RULES.renewableWithinDays * DAY_MS,
          redemptionMs: DOMAIN_RULES.redemptionDays * DAY_MS,
        },
        limit,
      ),
    apply: async (tx, row, now) => {
      const next = dueStatus(
        { status: row.status as DomainStatus, expiresAt: row.expiresAt, pendingOperation: row.pendingOperation },
        now,
      );
      if (next === null) return;
      await transitionDomain(tx, row, next, { now, actor: 'system', action: 'dates' });
    },
  });
}
