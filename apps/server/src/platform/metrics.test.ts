import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestContext, buildTestApp } from '../../test/helpers.ts';

describe.each(ENGINES)('metrics (%s)', (engine) => {
  let t: TestContext;
  let other: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    other = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
    await other?.close();
  });

  it('serves Prometheus text with process metrics and request durations by route', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route-abc123' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('# TYPE namebourse_process_cpu_user_seconds_total counter');
    expect(res.body).toContain('# TYPE namebourse_http_request_duration_seconds histogram');
    expect(res.body).toMatch(
      /namebourse_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1/,
    );
    expect(res.body).toContain('route="not_found",status="404"');
    expect(res.body).not.toContain('no-such-route-abc123');
  });

  it('lets modules add gauges and counters to their app only', async () => {
    let value = 0;
    const gauge = t.app.metrics.gauge({
      name: 'namebourse_test_open_things',
      help: 'Things open right now',
      collect() {
        this.set(++value);
      },
    });
    expect(t.app.metrics.gauge({ name: 'namebourse_test_open_things', help: 'again' })).toBe(gauge);
    t.app.metrics
      .counter({ name: 'namebourse_test_events_total', help: 'Events', labelNames: ['kind'] })
      .inc({ kind: 'x' }, 2);

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.body).toContain('namebourse_test_open_things 1');
    expect(res.body).toContain('namebourse_test_events_total{kind="x"} 2');

    const elsewhere = await other.app.inject({ method: 'GET', url: '/metrics' });
    expect(elsewhere.body).not.toContain('namebourse_test_open_things');
    expect(other.app.metrics.registry).not.toBe(t.app.metrics.registry);
  });
});
