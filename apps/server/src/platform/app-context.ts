// The app's shape as modules see it: the platform services and the Fastify instance they are given.
// Modules import these types from here, never from app.ts, so that app.ts (which imports every module)
// is the only place that composes and no module depends upward on it.
import type { FastifyInstance } from 'fastify';
import type { DnsPort } from '../adapters/dns/dns.ts';
import type { Mailer } from '../adapters/mail/mailer.ts';
import type { Outbox } from '../adapters/outbox/outbox.ts';
import type { PaymentProvider } from '../adapters/payments/payments.ts';
import type { RdapPort } from '../adapters/rdap/rdap.ts';
import type { RegistrarPort } from '../adapters/registrar/registrar.ts';
import type { SmsSender } from '../adapters/sms/sms.ts';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/open-database.ts';
import type { AuthRegistry } from './auth.ts';
import type { Clock } from './clock.ts';
import type { CrashPoints } from './crash-points.ts';
import type { EventBus } from './events.ts';
// The request decorations the platform's plugins declare (who is acting, for idempotency keys) are
// part of the shape modules see, wherever a program starts from.
import type {} from './idempotency.ts';
import type { Metrics } from './metrics.ts';
import type { MfaRegistry } from './mfa-guard.ts';
import type { ParameterStore } from './parameters.ts';
import type { RestrictionRegistry } from './restrictions.ts';
import type { SeederRegistry } from './seeders.ts';
import type { Sweeper } from './sweeper.ts';

/** Services every module may use. Created once per app; modules receive them through `app.platform`. */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  sweeper: Sweeper;
  events: EventBus;
  /** The parameters store: every business number an operator may change, read at use (issue 18). */
  parameters: ParameterStore;
  outbox: Outbox;
  mailer: Mailer;
  sms: SmsSender;
  /** The payment provider (the built-in sandbox by default): checkout sessions, saved cards, signed webhooks. */
  payments: PaymentProvider;
  /** The registrar (the built-in simulator by default): redemption checks before delivery. */
  registrar: RegistrarPort;
  /** RDAP (the registry's view of a domain: status, expiry, redemption); the built-in simulator by default. */
  rdap: RdapPort;
  /** DNS TXT lookups (ownership proofs): `node:dns` on DNS_SERVERS or the system's resolvers. */
  dns: DnsPort;
  seeders: SeederRegistry;
  /** Authenticators provided by the account (sessions) and security (API keys) modules. */
  auth: AuthRegistry;
  /** The MFA verifier provided by the security module; routes declare `config: { mfa: reason }`. */
  mfa: MfaRegistry;
  /** The restriction lookup provided by the admin module; routes declare `config: { restrict: scope }`. */
  restrictions: RestrictionRegistry;
  /** Prometheus metrics of this app (also `app.metrics`): HTTP, business and module metrics. */
  metrics: Metrics;
  /** Where crash tests may kill the process (NB_CRASH_POINTS; inert otherwise). */
  crashPoints: CrashPoints;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  /** pino options, or false to silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** The registrar adapter (default: the built-in simulator); tests may inject a stub. */
  registrar?: RegistrarPort;
  /** The RDAP adapter (default: the client when RDAP_BASE_URL is set, else the simulator); tests may inject one. */
  rdap?: RdapPort;
  /** The DNS adapter (default: `node:dns` on DNS_SERVERS); tests may inject one. */
  dns?: DnsPort;
}

export type App = FastifyInstance;
