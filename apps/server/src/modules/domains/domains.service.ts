import { type MyDomain, type MyDomainsQuery, type Page, splitDomain } from '@namebourse/contract';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { presentDomain } from './domains.presenter.ts';
import { type DomainRow, findDomainByName, listUserDomains, upsertDomain } from './domains.repository.ts';

/**
 * The domains area (spec §2 /console/domain/list, §3 Domain): domains that reached their buyer.
 * A delivered domain stays at its original registrar, in the normal lifecycle state with the
 * transfer lock closed; operations (lock, transfer code, renewal) come with the domain-management issue.
 */

export type { DomainRow } from './domains.repository.ts';

export interface DeliverDomainInput {
  userId: bigint;
  /** The full name, e.g. example.com. */
  domain: string;
  registrar: string;
  registeredAt: Date | null;
  expiresAt: Date | null;
  /** The order that delivered it. */
  orderId: string;
  now: Date;
}

/**
 * Delivers a domain into the user's My domains, inside the caller's transaction (the delivery
 * sweeper completes the order in the same one). Idempotent per order.
 */
export function deliverDomain(tx: Tx, input: DeliverDomainInput): Promise<DomainRow> {
  const name = input.domain.trim().toLowerCase();
  return upsertDomain(tx, {
    userId: input.userId,
    name,
    tld: splitDomain(name).tld,
    registrar: input.registrar,
    status: 'normal',
    lockStatus: 'closed',
    registeredAt: input.registeredAt,
    expiresAt: input.expiresAt,
    acquiredAt: input.now,
    orderId: input.orderId,
    groupName: null,
    notes: null,
    createdAt: input.now,
    updatedAt: input.now,
  });
}

/** Who holds a domain now (undefined when it was never delivered). */
export function findDomain(db: DbOrTx, name: string): Promise<DomainRow | undefined> {
  return findDomainByName(db, name.trim().toLowerCase());
}

/** GET /api/domains: the signed-in user's domains, newest first, with keyword and status filters. */
export async function listMyDomains(
  app: Pick<App, 'platform'>,
  userId: bigint,
  query: MyDomainsQuery,
): Promise<Page<MyDomain>> {
  return pageOf(
    query,
    await listUserDomains(
      app.platform.db,
      { userId, keyword: query.keyword || undefined, status: query.status },
      windowOf(query),
    ),
    presentDomain,
  );
}
