import { calendarEffectiveAt } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import {
  activeEntry,
  autoApproves,
  calendarProblem,
  expiringNoticeAt,
  hasContactInfo,
  heldRefusal,
  initialStatus,
  nextEntry,
  priceProblem,
} from './listings.rules.ts';

const free = { status: 'normal', lockStatus: 'open', pendingOperation: null, disputed: false };

describe('which held domains can be listed', () => {
  it('lists a normal or renewable domain with the lock off and nothing in flight', () => {
    expect(heldRefusal(free)).toBeNull();
    expect(heldRefusal({ ...free, status: 'renewable' })).toBeNull();
  });

  it('refuses a locked or locking domain (listed domains cannot be locked)', () => {
    expect(heldRefusal({ ...free, lockStatus: 'closed' })).toBe('locked');
    expect(heldRefusal({ ...free, lockStatus: 'closing' })).toBe('locked');
    expect(heldRefusal({ ...free, lockStatus: 'opening' })).toBe('locked');
  });

  it('refuses transfers, renewals, redemption, disputes and operations in flight, each with its reason', () => {
    expect(heldRefusal({ ...free, status: 'transferring_out' })).toBe('transferring_out');
    expect(heldRefusal({ ...free, status: 'renewing' })).toBe('renewal_period');
    expect(heldRefusal({ ...free, status: 'in_redemption' })).toBe('redemption_period');
    expect(heldRefusal({ ...free, status: 'pending_activation' })).toBe('redemption_period');
    expect(heldRefusal({ ...free, status: 'non_renewable' })).toBe('redemption_period');
    expect(heldRefusal({ ...free, status: 'delivery_failed' })).toBe('state');
    expect(heldRefusal({ ...free, disputed: true })).toBe('state');
    expect(heldRefusal({ ...free, pendingOperation: 'renew' })).toBe('in_progress');
  });
});

describe('a plain description (automatic approval)', () => {
  it.each([
    'Short, brandable, great for a fintech startup.',
    '简短好记的域名，适合科技创业公司。',
    'Founded in 2019, 3 letters, 100% memorable',
    '',
  ])('is plain: %s', (text) => {
    expect(hasContactInfo(text)).toBe(false);
  });

  it.each([
    'see https://example.org for details',
    'visit www.mysite.cn',
    'more at mysite.com/offer',
    'write to owner@example.com',
    'call +86 138 1234 5678',
    'phone me: 555-123-4567',
    'WeChat: seller88',
    'contact me for a discount',
    '加我微信 seller88',
    '联系电话请私信',
  ])('has contact details: %s', (text) => {
    expect(hasContactInfo(text)).toBe(true);
  });

  it('approves a held domain with plain text in both languages, and nothing else', () => {
    const plain = { source: 'held', descriptionZh: '好域名', descriptionEn: 'A fine name' };
    expect(autoApproves(plain)).toBe(true);
    expect(initialStatus(plain)).toBe('on_sale');
    expect(initialStatus({ ...plain, descriptionEn: 'mail me at a@b.co' })).toBe('pending_review');
    expect(initialStatus({ ...plain, descriptionZh: '微信 abc' })).toBe('pending_review');
    expect(initialStatus({ ...plain, source: 'external' })).toBe('pending_review');
    expect(autoApproves(plain, { autoApproveHeldPlain: false })).toBe(false);
  });
});

describe('prices per mode', () => {
  it('needs a fixed price of at least $3.00', () => {
    expect(priceProblem({ mode: 'fixed', priceCents: 300 })).toBeNull();
    expect(priceProblem({ mode: 'fixed', priceCents: 299 })).toEqual(['priceCents', 'priceTooLow']);
    expect(priceProblem({ mode: 'fixed' })).toEqual(['priceCents', 'required']);
    expect(priceProblem({ mode: 'fixed', priceCents: 300.5 })).toEqual(['priceCents', 'notInteger']);
  });

  it('needs an auction’s start price and 3–6 days, the reserve not below the start', () => {
    expect(priceProblem({ mode: 'auction', startPriceCents: 1000, durationDays: 3 })).toBeNull();
    expect(priceProblem({ mode: 'auction', durationDays: 3 })).toEqual(['startPriceCents', 'required']);
    expect(priceProblem({ mode: 'auction', startPriceCents: 1000, durationDays: 7 })).toEqual([
      'durationDays',
      'rangeInvalid',
    ]);
    expect(priceProblem({ mode: 'auction', startPriceCents: 1000, reservePriceCents: 900, durationDays: 4 })).toEqual([
      'reservePriceCents',
      'rangeInvalid',
    ]);
  });

  it('lets an offer listing have no price, but its buy-now price not below its floor', () => {
    expect(priceProblem({ mode: 'offer' })).toBeNull();
    expect(priceProblem({ mode: 'offer', floorCents: 500, priceCents: 400 })).toEqual(['priceCents', 'rangeInvalid']);
    expect(priceProblem({ mode: 'offer', floorCents: 200 })).toEqual(['floorCents', 'priceTooLow']);
  });
});

describe('the price calendar', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  const entry = (date: string, priceCents: number) => ({ date, effectiveAt: calendarEffectiveAt(date), priceCents });
  const entries = [entry('2026-06-01', 900), entry('2026-06-10', 800), entry('2026-06-20', 700)];

  it('has the latest entry whose time came in force, and the next one after it', () => {
    expect(activeEntry(entries, now)?.date).toBe('2026-06-10');
    expect(nextEntry(entries, now)?.date).toBe('2026-06-20');
    expect(activeEntry(entries, new Date('2026-05-01T00:00:00Z'))).toBeNull();
    expect(nextEntry(entries, new Date('2026-07-01T00:00:00Z'))).toBeNull();
  });

  it('starts an entry at 00:00 UTC+8 of its date', () => {
    // 2026-06-11 00:00 UTC+8 is 2026-06-10 16:00 UTC: not yet at 12:00 UTC, in force at 16:00.
    expect(activeEntry([entry('2026-06-11', 1)], now)).toBeNull();
    expect(activeEntry([entry('2026-06-11', 1)], new Date('2026-06-10T16:00:00Z'))?.date).toBe('2026-06-11');
  });

  it('takes only future dates, each once', () => {
    expect(calendarProblem([{ date: '2026-06-12' }, { date: '2026-06-13' }], now, calendarEffectiveAt)).toBeNull();
    // Today (UTC+8) already started.
    expect(calendarProblem([{ date: '2026-06-10' }], now, calendarEffectiveAt)).toEqual([0, 'dateNotFuture']);
    expect(calendarProblem([{ date: '2026-06-12' }, { date: '2026-06-12' }], now, calendarEffectiveAt)).toEqual([
      1,
      'duplicate',
    ]);
  });

  it('sends the expiring notice seven days before the end', () => {
    expect(expiringNoticeAt(new Date('2026-06-10T00:00:00Z')).toISOString()).toBe('2026-06-03T00:00:00.000Z');
  });
});
