import { LISTING_RULES, ownershipRecordName } from '@namebourse/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../../../test/dns-server.ts';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { testSignInRoute } from '../account/account.test-support.ts';
import { deliverDomain } from '../domains/domains.service.ts';
import { sessionHeaders, signIn } from '../orders/orders.test-support.ts';
import { applyOutcome, OWNERSHIP_TRANSIENT_RETRY_MS } from './ownership.checks.ts';
import { findProof } from './ownership.repository.ts';
import { verifiedOwnership } from './ownership.service.ts';

const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Short, so a dropped query times out quickly (the adapter allows this per server, plus a little). */
const DNS_TIMEOUT_MS = 250;

interface Proof {
  domain: string;
  recordName: string;
  recordValue: string;
  status: 'pending' | 'verified' | 'failed';
  verifiedAt: string | null;
  lastCheckedAt: string | null;
  reason: string | null;
  reasonText: string | null;
}

describe.each(enginesFor('app'))('Ownership proofs by DNS TXT (%s)', (engine) => {
  let dns: TestDnsServer;
  let t: TestContext;
  beforeAll(async () => {
    dns = await startTestDnsServer();
    t = await buildTestApp(engine, { dnsServers: [dns.address], dnsTimeoutMs: DNS_TIMEOUT_MS }, testSignInRoute);
  });
  afterAll(async () => {
    await t?.close();
    await dns?.stop();
  });
  beforeEach(() => dns.reset());

  let seq = 0;
  const domain = () => `ext${++seq}-${engine}.example`;
  const get = (headers: Record<string, string>, name: string, lang = EN) =>
    t.app.inject({ method: 'GET', url: `/api/ownership/${name}`, headers: { ...headers, ...lang } });
  const check = (headers: Record<string, string>, name: string, lang = EN) =>
    t.app.inject({ method: 'POST', url: `/api/ownership/${name}`, headers: { ...headers, ...lang } });
  async function proof(headers: Record<string, string>, name: string, lang = EN): Promise<Proof> {
    const res = await get(headers, name, lang);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }
  async function checked(headers: Record<string, string>, name: string, lang = EN): Promise<Proof> {
    const res = await check(headers, name, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }
  /** Publishes the user's record for the domain on the local DNS server. */
  async function publish(headers: Record<string, string>, name: string): Promise<Proof> {
    const p = await proof(headers, name);
    dns.setTxt(p.recordName, p.recordValue);
    return p;
  }
  /** Moves the clock, runs the sweeper, signs in again (access tokens are short-lived). */
  async function sweepAfter(ms: number, who: { user: { id: bigint }; headers: Record<string, string> }) {
    t.clock.advance(ms / 1000);
    await t.app.platform.sweeper.runOnce();
    who.headers = await sessionHeaders(t, who.user.id);
  }

  it('shows the record to publish: made on the first ask, the same after, one token per user', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const name = domain();
    const first = await proof(a.headers, name);
    expect(first).toMatchObject({
      domain: name,
      recordName: `_namebourse.${name}`,
      status: 'pending',
      verifiedAt: null,
      lastCheckedAt: null,
      reason: null,
      reasonText: null,
    });
    expect(first.recordValue).toMatch(/^namebourse-verification=[A-Za-z0-9_-]{32}$/);
    expect(await proof(a.headers, name)).toEqual(first);
    // The name is read case-insensitively: the same proof.
    expect((await proof(a.headers, name.toUpperCase())).recordValue).toBe(first.recordValue);
    const other = await proof(b.headers, name);
    expect(other.recordName).toBe(first.recordName);
    expect(other.recordValue).not.toBe(first.recordValue);
  });

  it('needs a signed-in user and a well-formed domain', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/ownership/${domain()}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('Account.Unauthorized');
    const a = await signIn(t);
    for (const bad of ['not_a_domain', 'www', 'a..b.com', '-x.com']) {
      const res = await get(a.headers, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('Request.Invalid');
      const res2 = await check(a.headers, bad);
      expect(res2.statusCode, bad).toBe(400);
    }
    expect(dns.queries).toHaveLength(0);
  });

  it('verifies a published record; external listing is then allowed for that user only', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const name = domain();
    await publish(a.headers, name);
    const p = await checked(a.headers, name);
    expect(p).toMatchObject({ status: 'verified', reason: null, reasonText: null });
    expect(p.verifiedAt).toBe(t.clock.now().toISOString());
    expect(p.lastCheckedAt).toBe(t.clock.now().toISOString());
    expect(dns.queries.map((q) => q.name.toLowerCase())).toContain(ownershipRecordName(name));
    expect([...(await verifiedOwnership(t.app.platform.db, a.user.id, [name])).keys()]).toEqual([name]);

    // Another user's verified proof proves nothing for me: my token is not the published one.
    expect((await verifiedOwnership(t.app.platform.db, b.user.id, [name])).size).toBe(0);
    const mine = await checked(b.headers, name);
    expect(mine).toMatchObject({ status: 'failed', reason: 'wrong_token' });
    expect((await verifiedOwnership(t.app.platform.db, b.user.id, [name])).size).toBe(0);
  });

  it('a value split into several TXT strings counts (resolvers join them); other TXT records beside it too', async () => {
    const a = await signIn(t);
    const name = domain();
    const p = await proof(a.headers, name);
    dns.setTxt(p.recordName, 'v=spf1 -all', [p.recordValue.slice(0, 10), p.recordValue.slice(10)]);
    expect((await checked(a.headers, name)).status).toBe('verified');
  });

  it('says why a check failed, in the reader’s language: no such name, no TXT record, another value', async () => {
    const a = await signIn(t);
    const name = domain();
    const p = await proof(a.headers, name);

    const nx = await checked(a.headers, name);
    expect(nx).toMatchObject({ status: 'failed', reason: 'nxdomain', verifiedAt: null });
    expect(nx.reasonText).toContain(p.recordName);
    expect(nx.reasonText).toContain('does not exist');
    expect(nx.lastCheckedAt).toBe(t.clock.now().toISOString());
    const zh = await proof(a.headers, name, ZH);
    expect(zh.reasonText).toContain('不存在');

    dns.addName(p.recordName);
    expect(await checked(a.headers, name)).toMatchObject({ status: 'failed', reason: 'no_record' });
    expect((await checked(a.headers, name, ZH)).reasonText).toContain('没有 TXT 记录');

    dns.setTxt(p.recordName, 'namebourse-verification=someone-elses-token');
    const wrong = await checked(a.headers, name);
    expect(wrong).toMatchObject({ status: 'failed', reason: 'wrong_token' });
    expect(wrong.reasonText).toContain('does not hold the value');
    expect((await verifiedOwnership(t.app.platform.db, a.user.id, [name])).size).toBe(0);

    // Fixed: verified, the reason cleared; the token never changed.
    dns.setTxt(p.recordName, p.recordValue);
    const ok = await checked(a.headers, name);
    expect(ok).toMatchObject({ status: 'verified', reason: null, recordValue: p.recordValue });
  });

  it('a DNS server that does not answer in time: failed, reason timeout', async () => {
    const a = await signIn(t);
    const name = domain();
    await publish(a.headers, name);
    dns.dropQueries(true);
    const started = Date.now();
    const p = await checked(a.headers, name);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(p).toMatchObject({ status: 'failed', reason: 'timeout' });
    expect(p.reasonText).toContain('try again later');
    dns.dropQueries(false);
    expect((await checked(a.headers, name)).status).toBe('verified');
  });

  it('a DNS server that cannot be reached (closed port): failed, reason unreachable', async () => {
    const a = await signIn(t);
    const name = domain();
    const p = await proof(a.headers, name);
    const { port } = dns;
    await dns.stop();
    try {
      expect(await checked(a.headers, name)).toMatchObject({ status: 'failed', reason: 'unreachable' });
    } finally {
      dns = await startTestDnsServer({ port });
    }
    dns.setTxt(p.recordName, p.recordValue);
    expect((await checked(a.headers, name)).status).toBe('verified');
  });

  it('a domain I hold here needs no proof; nothing is stored or asked of DNS', async () => {
    const a = await signIn(t);
    const name = `held${++seq}-${engine}.com`;
    const now = t.clock.now();
    await t.app.platform.db.transaction((tx) =>
      deliverDomain(tx, {
        userId: a.user.id,
        domain: name,
        registrar: 'NameBourse Registrar',
        registeredAt: new Date(now.getTime() - 400 * DAY),
        expiresAt: new Date(now.getTime() + 300 * DAY),
        orderId: `OWN${seq}${engine}`,
        reclaimableUntil: null,
        now,
      }),
    );
    for (const p of [await proof(a.headers, name), await checked(a.headers, name)]) {
      expect(p).toMatchObject({ status: 'verified', reason: 'held_here', recordValue: '' });
      expect(p.reasonText).toContain('no ownership proof is needed');
    }
    expect(dns.asked(ownershipRecordName(name))).toBe(0);
    expect(await findProof(t.app.platform.db, a.user.id, name)).toBeUndefined();
    // Another user asking about it proves it like any external domain.
    const b = await signIn(t);
    expect((await proof(b.headers, name)).status).toBe('pending');
  });

  it('limits checks per user (DNS is not ours to hammer)', async () => {
    const a = await signIn(t);
    const name = domain();
    for (let i = 0; i < 10; i++) expect((await check(a.headers, name)).statusCode).toBe(200);
    const refused = await check(a.headers, domain());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('Request.TooManyRequests');
    // Another user is not held back by it.
    const b = await signIn(t);
    expect((await check(b.headers, name)).statusCode).toBe(200);
  });

  it('a token never proven within the token period is replaced by a new one', async () => {
    const a = await signIn(t);
    const name = domain();
    const old = await proof(a.headers, name);
    await checked(a.headers, name);
    t.clock.advance((LISTING_RULES.ownershipTokenDays * DAY) / 1000);
    a.headers = await sessionHeaders(t, a.user.id);
    dns.setTxt(old.recordName, old.recordValue);
    const asked = dns.asked(old.recordName);
    const renewed = await checked(a.headers, name);
    expect(renewed).toMatchObject({ status: 'pending', reason: 'token_expired', lastCheckedAt: null });
    expect(renewed.recordValue).not.toBe(old.recordValue);
    expect(dns.asked(old.recordName)).toBe(asked);
    expect((await proof(a.headers, name)).recordValue).toBe(renewed.recordValue);
    dns.setTxt(old.recordName, renewed.recordValue);
    expect((await checked(a.headers, name)).status).toBe('verified');
  });

  it('re-checks verified proofs: found again → next check later; an outage is no miss and is retried sooner', async () => {
    const who = await signIn(t);
    const name = domain();
    await publish(who.headers, name);
    await checked(who.headers, name);
    const verifiedAt = (await proof(who.headers, name)).verifiedAt;

    // Not due before the re-check period.
    const record = ownershipRecordName(name);
    let asked = dns.asked(record);
    await sweepAfter(LISTING_RULES.ownershipRecheckHours * HOUR - 60_000, who);
    expect(dns.asked(record)).toBe(asked);
    await sweepAfter(60_000, who);
    expect(dns.asked(record)).toBe(asked + 1);
    let p = await proof(who.headers, name);
    expect(p).toMatchObject({ status: 'verified', reason: null, verifiedAt });
    expect(p.lastCheckedAt).toBe(t.clock.now().toISOString());

    // An outage: still verified, no miss, the reason shown; tried again after the retry delay.
    dns.dropQueries(true);
    await sweepAfter(LISTING_RULES.ownershipRecheckHours * HOUR, who);
    p = await proof(who.headers, name);
    expect(p).toMatchObject({ status: 'verified', reason: 'timeout' });
    const row = await findProof(t.app.platform.db, who.user.id, name);
    expect(row?.misses).toBe(0);
    expect(row?.nextCheckAt?.getTime()).toBe(t.clock.now().getTime() + OWNERSHIP_TRANSIENT_RETRY_MS);
    dns.dropQueries(false);
    asked = dns.asked(record);
    await sweepAfter(OWNERSHIP_TRANSIENT_RETRY_MS, who);
    expect(dns.asked(record)).toBe(asked + 1);
    expect(await proof(who.headers, name)).toMatchObject({ status: 'verified', reason: null });
  });

  it('a re-check result that arrives after the proof changed is dropped (the lease)', async () => {
    const who = await signIn(t);
    const name = domain();
    await publish(who.headers, name);
    await checked(who.headers, name);
    const row = await findProof(t.app.platform.db, who.user.id, name);
    if (!row) throw new Error('no proof');
    const staleLease = new Date(t.clock.now().getTime() - 1);
    const written = await t.app.platform.db.transaction((tx) =>
      applyOutcome(tx, row, { kind: 'miss', reason: 'nxdomain' }, t.clock.now(), staleLease),
    );
    expect(written).toBeUndefined();
    expect((await findProof(t.app.platform.db, who.user.id, name))?.misses).toBe(0);
  });

  it(`a record gone for ${LISTING_RULES.ownershipMissesToPause} checks in a row fails the proof; one miss does not`, async () => {
    const who = await signIn(t);
    const name = domain();
    const p = await publish(who.headers, name);
    await checked(who.headers, name);

    dns.removeTxt(p.recordName);
    await sweepAfter(LISTING_RULES.ownershipRecheckHours * HOUR, who);
    expect(await proof(who.headers, name)).toMatchObject({ status: 'verified', reason: 'nxdomain' });
    expect((await findProof(t.app.platform.db, who.user.id, name))?.misses).toBe(1);
    expect((await verifiedOwnership(t.app.platform.db, who.user.id, [name])).size).toBe(1);

    // Back in time: the misses start again from zero.
    dns.setTxt(p.recordName, p.recordValue);
    await sweepAfter(LISTING_RULES.ownershipRecheckHours * HOUR, who);
    expect((await findProof(t.app.platform.db, who.user.id, name))?.misses).toBe(0);

    dns.removeTxt(p.recordName);
    for (let i = 0; i < LISTING_RULES.ownershipMissesToPause; i++) {
      await sweepAfter(LISTING_RULES.ownershipRecheckHours * HOUR, who);
    }
    expect(await proof(who.headers, name)).toMatchObject({ status: 'failed', reason: 'nxdomain' });
    expect((await verifiedOwnership(t.app.platform.db, who.user.id, [name])).size).toBe(0);
    // A failed proof is no longer re-checked by the sweeper.
    const asked = dns.asked(p.recordName);
    await sweepAfter(LISTING_RULES.ownershipRecheckHours * HOUR, who);
    expect(dns.asked(p.recordName)).toBe(asked);

    // Proven again: verified.
    dns.setTxt(p.recordName, p.recordValue);
    expect(await checked(who.headers, name)).toMatchObject({ status: 'verified', reason: null });
  });

  /** Lists the domain at a fixed price through the API: the listing's id (or the refusal). */
  async function list(headers: Record<string, string>, name: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: { ...headers, ...EN },
      payload: { domain: name, mode: 'fixed', priceCents: 12_300 },
    });
  }
  const listing = async (headers: Record<string, string>, id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/listings/${id}`, headers: { ...headers, ...EN } })).json().data;
  const messages = async (headers: Record<string, string>) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/messages?page=1&pageSize=50', headers: { ...headers, ...EN } })
    ).json().data.items as { kind: string; title: string; body: string }[];

  it('lists an external domain only with my own verified proof', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const name = domain();
    const unproven = await list(a.headers, name);
    expect(unproven.statusCode).toBe(403);
    expect(unproven.json().code).toBe('Listing.DomainNotHeld');

    await publish(a.headers, name);
    expect((await checked(a.headers, name)).status).toBe('verified');
    // B asked for a token too, but A's record is what DNS holds: B's check fails, B cannot list.
    expect((await checked(b.headers, name)).reason).toBe('wrong_token');
    const refused = await list(b.headers, name);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('Listing.DomainNotHeld');

    const listed = await list(a.headers, name);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toMatchObject({ domain: name, source: 'external' });
  });

  it('a lost proof pauses its listings with a message; proving it again resumes them', async () => {
    const who = await signIn(t);
    const name = domain();
    const p = await publish(who.headers, name);
    await checked(who.headers, name);
    const res = await list(who.headers, name);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.listingId as string;
    const before = await listing(who.headers, id);
    expect(before.pausedReason).toBeNull();

    dns.removeTxt(p.recordName);
    for (let i = 1; i < LISTING_RULES.ownershipMissesToPause; i++) {
      await sweepAfter(LISTING_RULES.ownershipRecheckHours * HOUR, who);
      expect((await listing(who.headers, id)).pausedReason, `after ${i} miss(es)`).toBeNull();
    }
    await sweepAfter(LISTING_RULES.ownershipRecheckHours * HOUR, who);
    expect(await proof(who.headers, name)).toMatchObject({ status: 'failed', reason: 'nxdomain' });
    expect(await listing(who.headers, id)).toMatchObject({ quickStatus: 'paused', pausedReason: 'ownership' });
    const paused = (await messages(who.headers)).filter((m) => m.kind === 'listing_paused_ownership');
    expect(paused).toHaveLength(1);
    expect(paused[0]?.body).toContain(name);

    // A failed check while the record is still missing changes nothing.
    expect((await checked(who.headers, name)).status).toBe('failed');
    expect((await listing(who.headers, id)).pausedReason).toBe('ownership');

    dns.setTxt(p.recordName, p.recordValue);
    expect(await checked(who.headers, name)).toMatchObject({ status: 'verified', reason: null });
    const resumed = await listing(who.headers, id);
    expect(resumed.pausedReason).toBeNull();
    expect(resumed.quickStatus).toBe(before.quickStatus);
    // One message only: the sweeper does not pause it twice.
    await sweepAfter(LISTING_RULES.ownershipRecheckHours * HOUR, who);
    expect((await messages(who.headers)).filter((m) => m.kind === 'listing_paused_ownership')).toHaveLength(1);
  });
});
