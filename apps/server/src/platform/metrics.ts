import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

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
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export const METRICS_PREFIX = 'namebourse_';

/**
 * GET /metrics in the Prometheus text format: default process metrics, the HTTP duration
 * histogram, and whatever modules register through `app.metrics`.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: METRICS_PREFIX });

    const httpDuration = new Histogram({
      name: `${METRICS_PREFIX}http_request_duration_seconds`,
      help: 'HTTP request duration in seconds',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
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
    };
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, never the raw URL: unknown paths share one label (bounded cardinality).
      const route = request.is404 ? 'not_found' : (request.routeOptions.url ?? 'not_found');
      httpDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('content-type', registry.contentType);
      reply.header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
