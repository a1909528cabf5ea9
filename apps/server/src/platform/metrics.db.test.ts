import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildTestApp,
  csrfHeaders,
  enginesFor,
  listenLocally,
  suiteContext,
  type TestContext,
} from '../../test/helpers.ts';
import { insertLot } from '../modules/auctions/auctions.test-support.ts';
import { buildMoneyTestApp, readyBuyer, type SignedIn, signIn } from '../modules/orders/orders.test-support.ts';

describe.each(enginesFor('app'))('metrics (%s)', (engine) => {
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

describe('metrics in production', () => {
  const TOKEN = 'metrics-token-0123456789abcdef';
  let withToken: TestContext;
  let withoutToken: TestContext;
  beforeAll(async () => {
    withToken = await buildTestApp('pglite', { env: 'production', isProduction: true, metricsToken: TOKEN });
    withoutToken = await buildTestApp('pglite', { env: 'production', isProduction: true, metricsToken: undefined });
  });
  afterAll(async () => {
    await withToken?.close();
    await withoutToken?.close();
  });

  const scrape = (t: TestContext, authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('needs the bearer token of METRICS_TOKEN', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token', `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(withToken, authorization);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
      expect(res.body).not.toContain('namebourse_');
    }
    const res = await scrape(withToken, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE namebourse_http_request_duration_seconds histogram');
  });

  it('does not exist without a METRICS_TOKEN', async () => {
    const res = await scrape(withoutToken, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('namebourse_');
  });
});

describe.each(enginesFor('app'))('business metrics (%s)', (engine) => {
  const t = suiteContext(() => buildMoneyTestApp(engine), 120_000);
  let base: string;
  beforeAll(async () => {
    base = await listenLocally(t.app);
  });

  const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const bid = (who: SignedIn, auctionId: string, amountCents: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auctions/${auctionId}/bids`,
      headers: who.headers,
      payload: { amountCents },
    });

  it('counts bid decisions by outcome with their latency, and open lots', async () => {
    const lot = await insertLot(t, { startPriceCents: 1_000 });
    const id = lot.id.toString();
    const buyer = await readyBuyer(t, 100_000);
    expect((await bid(buyer, id, 1_000)).statusCode).toBe(200);
    expect((await bid(buyer, id, 500)).json().code).toBe('Auction.BidTooLow');
    expect((await bid(buyer, '999999999', 1_000)).json().code).toBe('Auction.NotFound');

    const body = await scrape();
    expect(body).toContain('namebourse_bid_decisions_total{outcome="accepted"} 1');
    expect(body).toContain('namebourse_bid_decisions_total{outcome="Auction.BidTooLow"} 1');
    expect(body).toContain('namebourse_bid_decisions_total{outcome="Auction.NotFound"} 1');
    expect(body).toContain('namebourse_bid_duration_seconds_count{outcome="accepted"} 1');
    expect(body).toMatch(/namebourse_bid_duration_seconds_bucket\{le="\+Inf",outcome="accepted"\} 1/);
    expect(body).toContain('namebourse_open_lots 1');
  });

  it('counts open live streams', async () => {
    const lot = await insertLot(t);
    const stream = new AbortController();
    const res = await fetch(`${base}/api/auctions/${lot.id}/events`, { signal: stream.signal });
    const reader = res.body!.getReader();
    await reader.read(); // the stream is open once its first frame arrives
    expect(await scrape()).toContain('namebourse_sse_connections{stream="auction"} 1');
    stream.abort();
    await reader.cancel().catch(() => undefined);
    await vi.waitFor(async () => {
      expect(await scrape()).toContain('namebourse_sse_connections{stream="auction"} 0');
    });
  });

  it('measures how late each sweeper applies a due row', async () => {
    await insertLot(t, { endsAt: new Date(t.clock.now().getTime() + 60_000) });
    t.clock.advance(90);
    const swept = await t.app.inject({ method: 'POST', url: '/api/dev/sweep', headers: await csrfHeaders(t.app) });
    expect(swept.json().code).toBe('200');
    const body = await scrape();
    expect(body).toContain('namebourse_sweeper_lag_seconds_count{sweeper="auctions.close"} 1');
    expect(body).toContain('namebourse_sweeper_lag_seconds_sum{sweeper="auctions.close"} 30');
  });

  it('exposes the last ledger check', async () => {
    expect(await scrape()).toContain('namebourse_ledger_check_timestamp_seconds 0');
    const admin = await signIn(t, 'admin');
    const check = await t.app.inject({ method: 'GET', url: '/api/admin/ledger/check', headers: admin.headers });
    expect(check.json().data.balanced).toBe(true);
    const body = await scrape();
    expect(body).toContain('namebourse_ledger_check_balanced 1');
    expect(body).toContain('namebourse_ledger_check_problems 0');
    expect(body).toContain(`namebourse_ledger_check_timestamp_seconds ${t.clock.now().getTime() / 1000}`);
  });

  it('has a counter of idempotency replays', async () => {
    t.app.metrics.idempotencyReplays.inc();
    expect(await scrape()).toContain('namebourse_idempotency_replays_total 1');
  });
});
