import { DOMAIN_RULES } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import type { RdapDomain } from './port.ts';
import { AUTO_RENEW_GRACE_DAYS, isRedeemed, reclaimableUntil, registryView } from './registry-view.ts';
import { CYCLE_DAYS, simulatedRecord } from './simulator.ts';

const DAY = 86_400_000;
const NOW = new Date('2026-03-01T00:00:00Z');
const at = (iso: string) => new Date(iso);
const daysFrom = (d: Date, n: number) => new Date(d.getTime() + n * DAY);

function record(statuses: string[], events: [string, string][]): RdapDomain {
  return {
    name: 'example.com',
    statuses,
    events: events.map(([action, date]) => ({ action, date: at(date) })),
    registrar: 'Example Registrar',
  };
}

describe('registry view: redeemed', () => {
  it('a reinstantiation event less than a year old → redeemed', () => {
    const r = record(['active'], [['reinstantiation', '2026-02-10T00:00:00Z']]);
    expect(isRedeemed(r, { now: NOW })).toBe(true);
  });

  it('a reinstantiation from an earlier expiry (over a year ago) does not count', () => {
    const r = record(['active'], [['reinstantiation', '2024-12-01T00:00:00Z']]);
    expect(isRedeemed(r, { now: NOW })).toBe(false);
  });

  it('active with an expiration later than the one known at close, no re-registration → redeemed (renewed)', () => {
    const r = record(
      ['client transfer prohibited'],
      [
        ['registration', '2015-01-01T00:00:00Z'],
        ['expiration', '2027-01-10T00:00:00Z'],
      ],
    );
    expect(isRedeemed(r, { now: NOW, knownExpiresAt: at('2026-01-10T00:00:00Z') })).toBe(true);
    // Without the known expiry there is nothing to compare with.
    expect(isRedeemed(r, { now: NOW })).toBe(false);
    // The same expiry as known: not renewed.
    expect(isRedeemed(r, { now: NOW, knownExpiresAt: at('2027-01-10T00:00:00Z') })).toBe(false);
  });

  it('a later expiration after a re-registration (the drop was caught) is not a redemption', () => {
    const r = record(
      ['active'],
      [
        ['registration', '2026-02-20T00:00:00Z'],
        ['expiration', '2027-02-20T00:00:00Z'],
      ],
    );
    expect(isRedeemed(r, { now: NOW, knownExpiresAt: at('2025-12-01T00:00:00Z') })).toBe(false);
  });

  it.each([['auto renew period'], ['redemption period'], ['pending restore'], ['pending delete']])(
    'a later expiration while in %s is not (yet) a redemption',
    (status) => {
      const r = record(['active', status], [['expiration', '2027-01-10T00:00:00Z']]);
      expect(isRedeemed(r, { now: NOW, knownExpiresAt: at('2026-01-10T00:00:00Z') })).toBe(false);
    },
  );
});

describe('registry view: reclaimable until', () => {
  const rgp = DOMAIN_RULES.redemptionDays;

  it('redemption period: the deletion + the RGP', () => {
    const r = record(
      ['redemption period', 'pending delete'],
      [
        ['deletion', '2026-02-15T00:00:00Z'],
        ['last changed', '2026-02-16T00:00:00Z'],
      ],
    );
    expect(reclaimableUntil(r, { now: NOW })).toEqual(daysFrom(at('2026-02-15T00:00:00Z'), rgp));
  });

  it('redemption period without a deletion event: the last change + the RGP; without either: null', () => {
    const r = record(['redemption period'], [['last changed', '2026-02-16T00:00:00Z']]);
    expect(reclaimableUntil(r, { now: NOW })).toEqual(daysFrom(at('2026-02-16T00:00:00Z'), rgp));
    expect(reclaimableUntil(record(['redemption period'], []), { now: NOW })).toBeNull();
  });

  it('pending restore counts as the redemption period', () => {
    const r = record(['pending restore'], [['deletion', '2026-02-15T00:00:00Z']]);
    expect(reclaimableUntil(r, { now: NOW })).toEqual(daysFrom(at('2026-02-15T00:00:00Z'), rgp));
  });

  it('pending delete alone: null (nobody can restore it)', () => {
    const r = record(['pending delete'], [['deletion', '2026-02-20T00:00:00Z']]);
    expect(reclaimableUntil(r, { now: NOW })).toBeNull();
  });

  it('auto renew period: (expiration − 1 year) + the grace + the RGP', () => {
    const r = record(['active', 'auto renew period'], [['expiration', '2027-02-20T00:00:00Z']]);
    expect(reclaimableUntil(r, { now: NOW })).toEqual(
      daysFrom(at('2026-02-20T00:00:00Z'), AUTO_RENEW_GRACE_DAYS + rgp),
    );
  });

  it('active and not yet expired: null; active but past its expiration: expiration + grace + RGP', () => {
    expect(reclaimableUntil(record(['active'], [['expiration', '2026-06-01T00:00:00Z']]), { now: NOW })).toBeNull();
    const lapsed = record(['active'], [['expiration', '2026-02-25T00:00:00Z']]);
    expect(reclaimableUntil(lapsed, { now: NOW })).toEqual(
      daysFrom(at('2026-02-25T00:00:00Z'), AUTO_RENEW_GRACE_DAYS + rgp),
    );
  });

  it('a date already past is null; a redeemed domain is null', () => {
    const old = record(['redemption period'], [['deletion', '2026-01-01T00:00:00Z']]);
    expect(reclaimableUntil(old, { now: NOW })).toBeNull();
    const back = record(
      ['redemption period'],
      [
        ['deletion', '2026-02-15T00:00:00Z'],
        ['reinstantiation', '2026-02-20T00:00:00Z'],
      ],
    );
    expect(reclaimableUntil(back, { now: NOW })).toBeNull();
  });

  it('registryView gathers the latest expiration and last change', () => {
    const r = record(
      ['active'],
      [
        ['expiration', '2025-06-01T00:00:00Z'],
        ['expiration', '2026-06-01T00:00:00Z'],
        ['last changed', '2026-01-01T00:00:00Z'],
      ],
    );
    expect(registryView(r, { now: NOW })).toEqual({
      redeemed: false,
      reclaimableUntil: null,
      statuses: ['active'],
      expiresAt: at('2026-06-01T00:00:00Z'),
      lastChangedAt: at('2026-01-01T00:00:00Z'),
    });
  });
});

describe('the RDAP simulator model', () => {
  it('a redeemed domain has a reinstantiation event and reads as redeemed, at any time', () => {
    for (let d = 0; d < CYCLE_DAYS * 2; d += 3) {
      const now = daysFrom(NOW, d);
      const r = simulatedRecord('brightkite.net', now, true);
      expect(r.statuses).toContain('active');
      expect(registryView(r, { now, knownExpiresAt: at('2026-03-01T00:00:00Z') }).redeemed).toBe(true);
    }
  });

  it('a domain not redeemed walks auto renew → redemption → pending delete, never read as redeemed', () => {
    const seen = new Set<string>();
    for (let d = 0; d < CYCLE_DAYS; d++) {
      const now = daysFrom(NOW, d);
      const r = simulatedRecord('brightkite.net', now, false);
      const view = registryView(r, { now, knownExpiresAt: at('2026-03-01T00:00:00Z') });
      expect(view.redeemed).toBe(false);
      seen.add(r.statuses.join(','));
      if (r.statuses.includes('pending delete') && !r.statuses.includes('redemption period')) {
        expect(view.reclaimableUntil).toBeNull();
      } else {
        expect(view.reclaimableUntil?.getTime()).toBeGreaterThan(now.getTime());
      }
    }
    expect(seen).toEqual(new Set(['active,auto renew period', 'redemption period,pending delete', 'pending delete']));
  });

  it('is deterministic and keeps its reclaimable date while the clock moves within a phase', () => {
    const a = simulatedRecord('oakandriver.com', NOW, false);
    expect(simulatedRecord('oakandriver.com', NOW, false)).toEqual(a);
    const first = reclaimableUntil(a, { now: NOW });
    const later = daysFrom(NOW, 1);
    const b = simulatedRecord('oakandriver.com', later, false);
    if (first && b.statuses.join() === a.statuses.join() && first > later) {
      expect(reclaimableUntil(b, { now: later })).toEqual(first);
    }
  });
});
