import { createHash } from 'node:crypto';
import { FAST_TRANSFER_REGISTRARS } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { RegistrarError, type RegistrarTicket } from './port.ts';
import {
  defaultExpiresAt,
  defaultRedeemed,
  defaultRegisteredAt,
  OTHER_REGISTRARS,
  RegistrarSimulator,
  TRANSFER_IN_SECONDS,
  TRANSFER_OUT_SECONDS,
} from './simulator.ts';
import { decodeTicket } from './simulator-ticket.ts';

const NOW = new Date('2026-11-27T03:00:00.000Z');
const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);
const sim = (seed = 1) => new RegistrarSimulator({ seed, maxLatencyMs: 0 });

function names(n: number, prefix = 'steer'): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}${i}.com`);
}

describe('registrar simulator: delivery check', () => {
  it('decides per domain deterministically: about 10% redeemed, the same answer in every instance', async () => {
    const all = names(2_000, 'name');
    const redeemed = all.filter((n) => defaultRedeemed(n)).length;
    expect(redeemed).toBeGreaterThan(120);
    expect(redeemed).toBeLessThan(280);
    const a = new RegistrarSimulator({ seed: 1, maxLatencyMs: 0 });
    const b = new RegistrarSimulator({ seed: 99, maxLatencyMs: 0 });
    for (const name of all.slice(0, 50)) {
      const [ra, rb] = await Promise.all([a.checkRedemption(name), b.checkRedemption(name.toUpperCase())]);
      expect(ra).toEqual(rb);
      expect(ra.redeemed).toBe(defaultRedeemed(name));
    }
  });

  it('follows instructions per domain and fails on command until told otherwise', async () => {
    const s = new RegistrarSimulator({ maxLatencyMs: 2 });
    const domain = names(1)[0] as string;
    const natural = defaultRedeemed(domain);
    expect(s.steer(domain, { redeemed: !natural })).toMatchObject({ redeemed: !natural, source: 'instruction' });
    expect(await s.checkRedemption(domain)).toEqual({ redeemed: !natural });
    s.steer(domain, { fail: true });
    await expect(s.checkRedemption(domain)).rejects.toBeInstanceOf(RegistrarError);
    // Other domains are unaffected.
    expect((await s.checkRedemption('other-name.net')).redeemed).toBe(defaultRedeemed('other-name.net'));
    s.steer(domain, { fail: false });
    expect(await s.checkRedemption(domain)).toEqual({ redeemed: !natural });
    s.reset(domain);
    expect(s.state(domain)).toEqual({
      domain,
      redeemed: natural,
      fail: false,
      source: 'default',
      failOperations: null,
      latencySeconds: null,
    });
  });
});

describe('registrar simulator: operations are accepted, their result arrives later in clock time', () => {
  it('a lock change is pending until its ready time, then succeeded', async () => {
    const s = sim();
    const accepted = await s.setLock('Pending.COM', false, NOW);
    const seconds = (accepted.checkAfter.getTime() - NOW.getTime()) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(30);
    expect(seconds).toBeLessThanOrEqual(180);
    expect(await s.poll(accepted.ticket, NOW)).toEqual({ state: 'pending', checkAfter: accepted.checkAfter });
    expect(await s.poll(accepted.ticket, at(accepted.checkAfter, -1))).toMatchObject({ state: 'pending' });
    expect(await s.poll(accepted.ticket, accepted.checkAfter)).toEqual({ state: 'succeeded', data: {} });
    expect(decodeTicket(accepted.ticket)).toMatchObject({ kind: 'unlock', domain: 'pending.com' });
  });

  it('waits 5 days for a standard transfer out and 5 minutes for a transfer in, unless steered', async () => {
    const s = sim();
    const out = await s.transferOut('leaving.com', NOW);
    expect(out.checkAfter).toEqual(at(NOW, TRANSFER_OUT_SECONDS));
    expect(TRANSFER_OUT_SECONDS).toBe(5 * 86_400);
    expect(await s.poll(out.ticket, at(NOW, 4 * 86_400))).toMatchObject({ state: 'pending' });
    const done = await s.poll(out.ticket, out.checkAfter);
    expect(done).toEqual({ state: 'succeeded', data: { registrar: expect.any(String) } });
    const gaining = done.state === 'succeeded' ? done.data.registrar : undefined;
    expect(OTHER_REGISTRARS).toContain(gaining);

    const incoming = await s.transferIn('arriving.com', 'Xy7#kP2$qR9!mN4@', NOW);
    expect(incoming.checkAfter).toEqual(at(NOW, TRANSFER_IN_SECONDS));

    s.steer('leaving.com', { latencySeconds: 10 });
    expect((await s.transferOut('leaving.com', NOW)).checkAfter).toEqual(at(NOW, 10));
    s.steer('leaving.com', { latencySeconds: null });
    expect((await s.transferOut('leaving.com', NOW)).checkAfter).toEqual(at(NOW, TRANSFER_OUT_SECONDS));
  });

  it('reports the data each operation produces', async () => {
    const s = sim();
    const ready = async (p: Promise<RegistrarTicket>) => {
      const { ticket, checkAfter } = await p;
      return s.poll(ticket, checkAfter);
    };
    const current = new Date('2027-01-15T00:00:00.000Z');
    expect(await ready(s.renew('renew.com', 2, NOW, current))).toEqual({
      state: 'succeeded',
      data: { expiresAt: '2029-01-15T00:00:00.000Z' },
    });
    const fallback = defaultExpiresAt('renew.com', NOW);
    expect(fallback.getTime()).toBeGreaterThan(NOW.getTime());
    expect(fallback.getTime()).toBeLessThanOrEqual(at(NOW, 366 * 86_400).getTime());
    expect(await ready(s.renew('renew.com', 1, NOW))).toEqual({
      state: 'succeeded',
      data: {
        expiresAt: new Date(
          Date.UTC(fallback.getUTCFullYear() + 1, fallback.getUTCMonth(), fallback.getUTCDate()),
        ).toISOString(),
      },
    });
    expect(await ready(s.redeem('redeem.com', NOW))).toEqual({
      state: 'succeeded',
      data: { expiresAt: '2027-11-27T03:00:00.000Z' },
    });
    const partner = FAST_TRANSFER_REGISTRARS[1];
    expect(await ready(s.fastTransfer('fast.com', partner, NOW))).toEqual({
      state: 'succeeded',
      data: { registrar: partner },
    });
    expect(await ready(s.fastTransfer('fast.com', 'Nobody Registrar', NOW))).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/^registrar: /),
    });
    expect(await ready(s.cancelTransfer('fast.com', NOW))).toEqual({ state: 'succeeded', data: {} });
    const arrived = await ready(s.transferIn('arrive.com', 'Xy7#kP2$qR9!mN4@', NOW));
    expect(arrived).toEqual({
      state: 'succeeded',
      data: {
        registrar: expect.any(String),
        registeredAt: defaultRegisteredAt('arrive.com').toISOString(),
        expiresAt: expect.any(String),
      },
    });
    if (arrived.state !== 'succeeded') throw new Error('unreachable');
    expect(OTHER_REGISTRARS).toContain(arrived.data.registrar);
    // The transfer adds a year to the expiry the domain had.
    const before = defaultExpiresAt('arrive.com', at(NOW, TRANSFER_IN_SECONDS));
    expect(new Date(arrived.data.expiresAt as string).getUTCFullYear()).toBe(before.getUTCFullYear() + 1);
  });

  it('fails operations steered with failOperations, with a reason domainReasonText understands', async () => {
    const s = sim();
    s.steer('refused.com', { failOperations: 'simulated refusal' });
    const renew = await s.renew('refused.com', 1, NOW);
    expect(await s.poll(renew.ticket, NOW)).toMatchObject({ state: 'pending' });
    expect(await s.poll(renew.ticket, renew.checkAfter)).toEqual({
      state: 'failed',
      reason: 'registrar: simulated refusal',
    });
    // A reason that starts with a catalogue code is kept as given.
    s.steer('refused.com', { failOperations: 'dispute: UDRP complaint filed' });
    const out = await s.transferOut('refused.com', NOW);
    expect(await s.poll(out.ticket, out.checkAfter)).toEqual({
      state: 'failed',
      reason: 'dispute: UDRP complaint filed',
    });
    // The outcome was decided at acceptance: clearing the steering does not change the accepted one.
    s.steer('refused.com', { failOperations: null });
    expect(await s.poll(renew.ticket, renew.checkAfter)).toMatchObject({ state: 'failed' });
    const again = await s.renew('refused.com', 1, NOW);
    expect(await s.poll(again.ticket, again.checkAfter)).toMatchObject({ state: 'succeeded' });
  });

  it('refuses an obviously wrong transfer-in code with wrong_code', async () => {
    const s = sim();
    const wrong = await s.transferIn('code.com', 'WRONGCODE', NOW);
    expect(await s.poll(wrong.ticket, wrong.checkAfter)).toEqual({ state: 'failed', reason: 'wrong_code' });
    s.steer('steered-code.com', { failOperations: 'wrong_code' });
    const steered = await s.transferIn('steered-code.com', 'Xy7#kP2$qR9!mN4@', NOW);
    expect(await s.poll(steered.ticket, steered.checkAfter)).toEqual({ state: 'failed', reason: 'wrong_code' });
  });

  it('rejects every call with RegistrarError while steered to fail, polls included', async () => {
    const s = sim();
    const accepted = await s.setLock('down.com', true, NOW);
    s.steer('down.com', { fail: true });
    const calls: Promise<unknown>[] = [
      s.status('down.com', NOW),
      s.setLock('down.com', true, NOW),
      s.requestAuthCode('down.com', NOW),
      s.transferOut('down.com', NOW),
      s.fastTransfer('down.com', FAST_TRANSFER_REGISTRARS[0], NOW),
      s.cancelTransfer('down.com', NOW),
      s.renew('down.com', 1, NOW),
      s.redeem('down.com', NOW),
      s.transferIn('down.com', 'Xy7#kP2$qR9!mN4@', NOW),
      s.poll(accepted.ticket, accepted.checkAfter),
      s.checkRedemption('down.com'),
    ];
    for (const call of calls) await expect(call).rejects.toBeInstanceOf(RegistrarError);
    s.steer('down.com', { fail: false });
    expect(await s.poll(accepted.ticket, accepted.checkAfter)).toMatchObject({ state: 'succeeded' });
  });

  it('is stateless: a second instance polling the ticket gives the same answers', async () => {
    const first = sim(1);
    const second = sim(42);
    first.steer('shared-fail.com', { failOperations: 'held by the registry' });
    const tickets = [
      await first.renew('shared.com', 3, NOW, new Date('2027-02-01T00:00:00.000Z')),
      await first.transferOut('shared.com', NOW),
      await first.transferIn('shared.com', 'Xy7#kP2$qR9!mN4@', NOW),
      await first.setLock('shared-fail.com', true, NOW),
    ];
    for (const { ticket, checkAfter } of tickets) {
      for (const when of [NOW, checkAfter]) {
        const answer = await second.poll(ticket, when);
        expect(answer).toEqual(await first.poll(ticket, when));
      }
    }
    expect(await second.poll((tickets[3] as RegistrarTicket).ticket, NOW)).toMatchObject({ state: 'pending' });
    expect(
      await second.poll((tickets[3] as RegistrarTicket).ticket, (tickets[3] as RegistrarTicket).checkAfter),
    ).toEqual({
      state: 'failed',
      reason: 'registrar: held by the registry',
    });
  });

  it('draws the default latency from the seed: the same per (seed, domain, kind)', async () => {
    const domains = names(12, 'latency');
    const latencies = async (s: RegistrarSimulator) =>
      Promise.all(domains.map(async (d) => (await s.renew(d, 1, NOW)).checkAfter.getTime() - NOW.getTime()));
    const a = await latencies(sim(7));
    expect(await latencies(sim(7))).toEqual(a);
    expect(await latencies(sim(8))).not.toEqual(a);
    expect(new Set(a).size).toBeGreaterThan(1);
    for (const ms of a) {
      expect(ms).toBeGreaterThanOrEqual(30_000);
      expect(ms).toBeLessThanOrEqual(180_000);
    }
  });

  it('rejects a malformed, foreign or edited ticket with RegistrarError', async () => {
    const s = sim();
    const { ticket } = await s.setLock('genuine.com', true, NOW);
    const [prefix, payload, check] = ticket.split('.') as [string, string, string];
    const json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const edited = `${prefix}.${Buffer.from(JSON.stringify({ ...json, readyAt: NOW.toISOString() })).toString('base64url')}.${check}`;
    // A well-formed envelope (its check right) around content that is not a ticket.
    const junkBody = `sim1.${Buffer.from('{"kind":"explode"}').toString('base64url')}`;
    const junk = `${junkBody}.${createHash('sha256').update(junkBody).digest().subarray(0, 12).toString('base64url')}`;
    for (const bad of ['', 'garbage', 'epp-123456', 'sim1.', 'sim1.e30.AAAA', ticket.slice(0, -3), edited, junk]) {
      await expect(s.poll(bad, NOW), bad).rejects.toBeInstanceOf(RegistrarError);
    }
  });
});

describe('registrar simulator: status and transfer codes', () => {
  it('reports the default status: our registrar, locked, the default expiry', async () => {
    expect(await sim().status('Status.COM', NOW)).toEqual({
      domain: 'status.com',
      registrar: 'NameBourse Registrar Simulator',
      locked: true,
      expiresAt: defaultExpiresAt('status.com', NOW),
    });
  });

  it('issues a fresh unpredictable 16-character code on every call', async () => {
    const s = sim();
    const codes = await Promise.all(Array.from({ length: 50 }, () => s.requestAuthCode('code.com', NOW)));
    for (const { authCode } of codes) expect(authCode).toMatch(/^[\x21-\x7e]{16}$/);
    expect(new Set(codes.map((c) => c.authCode)).size).toBe(50);
    // Not from the seeded source: a second simulator with the same seed gets other codes.
    expect((await sim().requestAuthCode('code.com', NOW)).authCode).not.toBe(codes[0]?.authCode);
  });
});
