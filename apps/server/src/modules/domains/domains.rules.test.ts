import {
  DOMAIN_STATUSES,
  DOMAIN_TRANSITIONS,
  type DomainStatus,
  LOCK_STATUSES,
  LOCK_TRANSITIONS,
  type LockStatus,
} from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { dueStatus, lockRefusal, restingStatus, transferOutAllowedFrom } from './domains.rules.ts';

const DAY = 86_400_000;
const now = new Date('2026-06-01T00:00:00Z');
const inDays = (d: number) => new Date(now.getTime() + d * DAY);

describe('the domain lifecycle table', () => {
  it('reaches every status from normal, and non_renewable leads nowhere', () => {
    const seen = new Set<DomainStatus>(['normal']);
    const queue: DomainStatus[] = ['normal'];
    while (queue.length) {
      for (const next of DOMAIN_TRANSITIONS[queue.shift() as DomainStatus]) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    expect([...seen].sort()).toEqual([...DOMAIN_STATUSES].sort());
    expect(DOMAIN_TRANSITIONS.non_renewable).toEqual([]);
  });

  it('the lock table: every change goes through a transitional state and can fall back', () => {
    for (const from of LOCK_STATUSES) {
      for (const to of LOCK_TRANSITIONS[from] as readonly LockStatus[]) {
        const settled = (s: LockStatus) => s === 'open' || s === 'closed';
        expect(settled(from) && settled(to)).toBe(false);
      }
    }
    expect(LOCK_TRANSITIONS.opening).toEqual(['open', 'closed']);
    expect(LOCK_TRANSITIONS.closing).toEqual(['closed', 'open']);
  });
});

describe('dueStatus (dates move the lifecycle)', () => {
  const at = (status: DomainStatus, expiresInDays: number | null, pendingOperation: string | null = null) =>
    dueStatus({ status, expiresAt: expiresInDays === null ? null : inDays(expiresInDays), pendingOperation }, now);

  it('normal becomes renewable within 30 days of expiry, not before', () => {
    expect(at('normal', 31)).toBeNull();
    expect(at('normal', 30)).toBe('renewable');
    expect(at('normal', 1)).toBe('renewable');
  });
  it('expired → in redemption; 30 days later → non-renewable', () => {
    expect(at('normal', 0)).toBe('in_redemption');
    expect(at('renewable', -1)).toBe('in_redemption');
    expect(at('renewable', -29)).toBe('in_redemption');
    expect(at('renewable', -30)).toBe('non_renewable');
    expect(at('in_redemption', -29)).toBeNull();
    expect(at('in_redemption', -30)).toBe('non_renewable');
  });
  it('leaves alone a domain with an operation in flight, without an expiry, or in a status results move', () => {
    expect(at('normal', -5, 'renew')).toBeNull();
    expect(at('normal', null)).toBeNull();
    for (const status of [
      'renewing',
      'pending_activation',
      'transferring_out',
      'delivery_failed',
      'non_renewable',
    ] as const) {
      expect(at(status, -100)).toBeNull();
    }
  });
  it('only ever proposes a legal move', () => {
    for (const status of DOMAIN_STATUSES) {
      for (const days of [-100, -30, -1, 0, 1, 29, 30, 31, 400]) {
        const next = at(status, days);
        if (next !== null) expect(DOMAIN_TRANSITIONS[status]).toContain(next);
      }
    }
  });
  it('restingStatus agrees with the dates', () => {
    expect(restingStatus(inDays(400), now)).toBe('normal');
    expect(restingStatus(inDays(10), now)).toBe('renewable');
    expect(restingStatus(inDays(-1), now)).toBe('in_redemption');
    expect(restingStatus(inDays(-31), now)).toBe('non_renewable');
    expect(restingStatus(null, now)).toBe('normal');
  });
});

describe('lockRefusal', () => {
  const base = {
    status: 'normal' as DomainStatus,
    lockStatus: 'closed' as LockStatus,
    pendingOperation: null,
    listed: false,
  };
  it('allows a settled lock to change the other way', () => {
    expect(lockRefusal(base, false)).toBeNull();
    expect(lockRefusal({ ...base, lockStatus: 'open' }, true)).toBeNull();
    expect(lockRefusal({ ...base, status: 'renewable', lockStatus: 'open', listed: true }, true)).toBeNull();
  });
  it('refuses in renewal, redemption and transfer periods, in flight, or when already so', () => {
    expect(lockRefusal({ ...base, status: 'renewing' }, false)).toBe('renewal_period');
    expect(lockRefusal({ ...base, status: 'in_redemption' }, false)).toBe('redemption_period');
    expect(lockRefusal({ ...base, status: 'pending_activation' }, false)).toBe('redemption_period');
    expect(lockRefusal({ ...base, status: 'transferring_out' }, false)).toBe('transferring_out');
    expect(lockRefusal({ ...base, lockStatus: 'opening' }, true)).toBe('in_progress');
    expect(lockRefusal({ ...base, pendingOperation: 'unlock' } as never, true)).toBe('in_progress');
    expect(lockRefusal(base, true)).toBe('already');
  });
});

describe('transferOutAllowedFrom', () => {
  it('is 60 days after delivery by default', () => {
    expect(transferOutAllowedFrom(now).getTime() - now.getTime()).toBe(60 * DAY);
    expect(transferOutAllowedFrom(now, 0)).toEqual(now);
  });
});
