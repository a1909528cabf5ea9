import { FUNDS_LIMITS } from '@namebourse/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/open-database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Sweeper } from '../../platform/sweeper.ts';
import type { PaymentProvider } from './port.ts';
import { SandboxProvider, type WebhookTransport } from './sandbox.ts';
import { deriveWebhookSecret } from './signing.ts';

export type { PaymentEvent, PaymentProvider } from './port.ts';

export interface PaymentsDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sweeper: Sweeper;
  log: FastifyBaseLogger;
  /** How the provider reaches our webhook route (the app's own `inject` for the built-in sandbox). */
  transport: WebhookTransport;
}

/** Where a provider posts its webhooks (the funds module's route). */
export function webhookPath(provider: string): string {
  return `/api/payments/webhook/${provider}`;
}

/**
 * The payment provider. Only the built-in sandbox exists (no real provider is configured); a real
 * one implements the same port and is chosen here. Tests and dev tools steer the sandbox through
 * `sandboxOf`.
 */
export function createPaymentProvider(deps: PaymentsDeps): PaymentProvider {
  return new SandboxProvider({
    db: deps.db,
    clock: deps.clock,
    sweeper: deps.sweeper,
    log: deps.log.child({ component: 'payments.sandbox' }),
    secret: deriveWebhookSecret(deps.config.appSecret, 'sandbox'),
    transport: deps.transport,
    webhookUrl: webhookPath('sandbox'),
    sessionTtlSeconds: FUNDS_LIMITS.checkoutSessionTtlSeconds,
  });
}

/** The sandbox behind a provider from createPaymentProvider, if it is one. */
export function sandboxOf(provider: PaymentProvider): SandboxProvider | undefined {
  return provider instanceof SandboxProvider ? provider : undefined;
}
