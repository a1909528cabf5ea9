import {
  type DomainBatchBody,
  type DomainBatchResult,
  type DomainReason,
  domainReasonText,
  errorMessage,
  isErrorCode,
  type Locale,
} from '@namebourse/contract';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { requestLocks } from './domains.lock.ts';
import type { DomainsApp } from './domains.operations.ts';
import { findUserDomains, setGroupOf } from './domains.repository.ts';
import { requireGroupId } from './domains.service.ts';

/**
 * Batch actions on many selected domains (POST /api/domains/batch): lock, unlock, group, renew.
 * Each domain succeeds or fails on its own; the answer lists both, failures with a code and a
 * message in the reader's language ('n succeeded, m failed: why').
 */

export type RenewOne = (name: string, years: number) => Promise<unknown>;

function reasonFailure(name: string, reason: DomainReason, locale: Locale) {
  return { name, code: reason, message: domainReasonText(reason, locale) ?? reason };
}

export async function runBatch(
  app: DomainsApp,
  user: Pick<AuthUser, 'id' | 'role'>,
  body: DomainBatchBody,
  locale: Locale,
  /** Renews one domain (the renewal service); its AppError becomes that domain's failure. */
  renewOne: RenewOne,
): Promise<DomainBatchResult> {
  const names = [...new Set(body.names)];
  const result: DomainBatchResult = { succeeded: [], failed: [] };
  switch (body.action) {
    case 'lock':
    case 'unlock': {
      const outcome = await requestLocks(app, user, names, body.action === 'lock');
      result.succeeded = outcome.accepted;
      result.failed = outcome.refused.map((r) => reasonFailure(r.name, r.reason, locale));
      break;
    }
    case 'group': {
      const groupId = await requireGroupId(app.platform.db, user.id, body.groupId ?? null);
      const changed = new Set(await setGroupOf(app.platform.db, user.id, names, groupId, app.platform.clock.now()));
      for (const name of names) {
        if (changed.has(name)) result.succeeded.push(name);
        else result.failed.push(reasonFailure(name, 'not_found', locale));
      }
      break;
    }
    case 'renew': {
      const held = new Set((await findUserDomains(app.platform.db, user.id, names)).map((r) => r.name));
      for (const name of names) {
        if (!held.has(name)) {
          result.failed.push(reasonFailure(name, 'not_found', locale));
          continue;
        }
        try {
          await renewOne(name, body.years ?? 1);
          result.succeeded.push(name);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          const reason = (err.data as { reason?: unknown } | undefined)?.reason;
          const base = isErrorCode(err.code) ? errorMessage(err.code, locale) : err.code;
          const why = typeof reason === 'string' ? domainReasonText(reason, locale) : null;
          result.failed.push({ name, code: err.code, message: why ? `${base}: ${why}` : base });
        }
      }
      break;
    }
  }
  return result;
}
