import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from './errors.ts';

type CollectFn<T extends string> = (this: Gauge<T>) => void | Promise<void>;

/** Prometheus metrics of one app instance. Modules add their own through these helpers. */
export interface Metrics {
  /** This app's registry (one per app, so tests can build many apps). */
  registry: Registry;
  /** HTTP request duration in seconds by method, route pattern and status code. */
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /**
   * A gauge registered once per name (later calls return the same gauge). With `collect`, the
   * value is read at scrape time, e.g. `collect() { this.set(await countOpenAuctions()) }`.
   */
  gauge<T extends string = string>(options: {
    name: string;
    help: string;
    labelNames?: readonly T[];
    collect?: CollectFn<T>;
  }): Gauge<T>;
  /** A counter registered once per name. */
  counter<T extends string = string>(options: { name: string; help: string; labelNames?: readonly T[] }): Counter<T>;

  // ---- Business metrics (issue 12), beside the HTTP ones ----

  /** Bids decided, by outcome: `accepted`, or the refusal's error code (`Auction.BidTooLow` …), or `error`. */
  bidDecisions: Counter<'outcome'>;
  /** Seconds from a bid's arrival to its decision (batching included), by outcome. */
  bidDuration: Histogram<'outcome'>;
  /** Open server-sent-event streams, by stream (`auction`). */
  sseConnections: Gauge<'stream'>;
  /** Requests answered from a stored Idempotency-Key response instead of running again: `idempotencyReplays.inc()`. */
  idempotencyReplays: Counter<string>;
  /** Seconds (business clock) between a due row's deadline and the sweep that applied it, by sweeper. */
  sweeperLag: Histogram<'sweeper'>;
  /** Records the result of the last ledger check (books balanced, problems found, when). */
  recordLedgerCheck(result: { balanced: boolean; problems: number; checkedAt: Date }): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export const METRICS_PREFIX = 'namebourse_';

/**
 * One app's metrics: a registry of its own (tests build many apps), default process metrics, the
 * HTTP duration histogram and the business metrics. Created by buildApp (so services reach it as
 * `app.platform.metrics`) and served by the plugin below.
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: METRICS_PREFIX });

  const httpDuration = new Histogram({
    name: `${METRICS_PREFIX}http_request_duration_seconds`,
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const ledgerBalanced = new Gauge({
    name: `${METRICS_PREFIX}ledger_check_balanced`,
    help: 'Result of the last ledger check: 1 when the books balanced, 0 when not (or no check yet: timestamp 0)',
    registers: [registry],
  });
  const ledgerProblems = new Gauge({
    name: `${METRICS_PREFIX}ledger_check_problems`,
    help: 'Problems the last ledger check found (unbalanced transactions, mismatched or negative balances)',
    registers: [registry],
  });
  const ledgerCheckedAt = new Gauge({
    name: `${METRICS_PREFIX}ledger_check_timestamp_seconds`,
    help: 'When the last ledger check ran (business clock, Unix seconds)',
    registers: [registry],
  });

  const metrics: Metrics = {
    registry,
    httpDuration,
    gauge<T extends string = string>(options: {
      name: string;
      help: string;
      labelNames?: readonly T[];
      collect?: CollectFn<T>;
    }): Gauge<T> {
      const existing = registry.getSingleMetric(options.name);
      if (existing) return existing as Gauge<T>;
      return new Gauge<T>({
        name: options.name,
        help: options.help,
        labelNames: options.labelNames ?? [],
        ...(options.collect ? { collect: options.collect } : {}),
        registers: [registry],
      });
    },
    counter<T extends string = string>(options: { name: string; help: string; labelNames?: readonly T[] }) {
      const existing = registry.getSingleMetric(options.name);
      if (existing) return existing as Counter<T>;
      return new Counter<T>({
        name: options.name,
        help: options.help,
        labelNames: options.labelNames ?? [],
        registers: [registry],
      });
    },
    bidDecisions: new Counter({
      name: `${METRICS_PREFIX}bid_decisions_total`,
      help: 'Bids decided, by outcome (accepted, or the refusal code)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    bidDuration: new Histogram({
      name: `${METRICS_PREFIX}bid_duration_seconds`,
      help: 'Seconds from a bid request to its decision, by outcome',
      labelNames: ['outcome'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    sseConnections: new Gauge({
      name: `${METRICS_PREFIX}sse_connections`,
      help: 'Open server-sent-event streams',
      labelNames: ['stream'] as const,
      registers: [registry],
    }),
    idempotencyReplays: new Counter({
      name: `${METRICS_PREFIX}idempotency_replays_total`,
      help: 'Requests answered from a stored Idempotency-Key response',
      registers: [registry],
    }),
    sweeperLag: new Histogram({
      name: `${METRICS_PREFIX}sweeper_lag_seconds`,
      help: "Seconds between a due row's deadline and the sweep that applied it (business clock), by sweeper",
      labelNames: ['sweeper'] as const,
      buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600],
      registers: [registry],
    }),
    recordLedgerCheck({ balanced, problems, checkedAt }) {
      ledgerBalanced.set(balanced ? 1 : 0);
      ledgerProblems.set(problems);
      ledgerCheckedAt.set(checkedAt.getTime() / 1000);
    },
  };
  return metrics;
}

export interface MetricsPluginOptions {
  /** The app's metrics (buildApp passes `platform.metrics`); a new set otherwise. */
  metrics?: Metrics;
}

/** The bearer token of a request, compared in constant time with the configured one. */
function hasToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * GET /metrics in the Prometheus text format: default process metrics, the HTTP duration
 * histogram, the business metrics and whatever modules register through `app.metrics`.
 * In production it needs `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise), and without a
 * METRICS_TOKEN it does not exist (404): metrics are never public. Open in development and tests.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: MetricsPluginOptions) => {
    const metrics = opts.metrics ?? app.platform?.metrics ?? createMetrics();
    const { registry, httpDuration } = metrics;
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, never the raw URL: unknown paths share one label (bounded cardinality).
      const route = request.is404 ? 'not_found' : (request.routeOptions.url ?? 'not_found');
      httpDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    const config = app.platform?.config;
    // Not under /api: its own bearer token (production), not a session or an access key.
    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      if (config?.isProduction) {
        if (!config.metricsToken) throw new AppError('Request.NotFound');
        if (!hasToken(request, config.metricsToken)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw new AppError('Account.Unauthorized');
        }
      }
      reply.header('content-type', registry.contentType);
      reply.header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
