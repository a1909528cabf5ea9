import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { testSignInRoute } from '../account/account.test-support.ts';
import { LOCK_HANDLERS } from './domains.lock.ts';
import { advanceOperation } from './domains.operations.ts';
import { RENEWAL_HANDLERS } from './domains.renewal.ts';
import { claimDueOperations } from './domains.repository.ts';
import { domainTransferRoutes } from './domains.transfer.routes.ts';
import { expireTransferCodes, TRANSFER_HANDLERS } from './domains.transfer.ts';

/**
 * The app for the transfer and renewal tests: real sessions (the orders' test sign-in). Until the
 * domains module wires the transfer routes and handlers, the app gets the routes here and
 * `sweepNow` runs the operations with every handler before the app's own sweep (which would
 * otherwise close them with no handler); once wired, `sweepNow` is just the app's sweep.
 */
export function buildTransferTestApp(engine: 'pglite' | 'postgres'): Promise<TestContext> {
  return buildTestApp(engine, {}, (app) => {
    testSignInRoute(app);
    if (!app.hasRoute({ method: 'GET', url: '/api/domains/transfers' })) {
      app.register(domainTransferRoutes, { prefix: '/api' });
    }
  });
}

const HANDLERS = { ...LOCK_HANDLERS, ...RENEWAL_HANDLERS, ...TRANSFER_HANDLERS };

export async function sweepNow(t: TestContext): Promise<void> {
  const { sweeper, db } = t.app.platform;
  if (!sweeper.handlerNames.includes('domains.transfer_codes')) {
    const now = t.clock.now();
    await db.transaction(async (tx) => {
      for (const op of await claimDueOperations(tx, now, 500)) {
        const after = await advanceOperation(t.app, HANDLERS, tx, op, now);
        await after?.();
      }
    });
    const codes = expireTransferCodes(t.app);
    await db.transaction(async (tx) => {
      for (const row of await codes.claim(tx, now, 500)) await codes.apply(tx, row, now);
    });
  }
  await sweeper.runOnce();
}
