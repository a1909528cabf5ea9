import type { AdminLot } from '@namebourse/contract';
import type { TestContext } from '../../../test/helpers.ts';
import { createLots } from '../auctions/auctions.lots.ts';
import { signIn } from '../orders/orders.test-support.ts';

/** Test helpers for the catalogue and lots tests: lot inputs and lots added through the service. */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let seq = 0;

/** A valid lot starting an hour ago and ending in 3 days (both from the test clock). */
export function lotInput(t: TestContext, overrides: Partial<AdminLot> = {}): AdminLot {
  seq += 1;
  const now = t.clock.now().getTime();
  return {
    domain: `lot${seq}x${Date.now().toString(36)}.com`,
    type: 'pre-release',
    registrar: 'Alibaba Cloud',
    partner: 'partner-test',
    startPriceCents: 1_000,
    startsAt: new Date(now - HOUR).toISOString(),
    endsAt: new Date(now - HOUR + 3 * DAY).toISOString(),
    ...overrides,
  };
}

/** Adds lots as an operator through the service; returns their ids in order. */
export async function addLots(t: TestContext, lots: AdminLot[]): Promise<string[]> {
  const admin = await signIn(t, 'admin');
  const { created } = await createLots(t.app, admin.user, lots);
  return created.map((c) => c.auctionId);
}
