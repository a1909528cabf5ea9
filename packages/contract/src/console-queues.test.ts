import { describe, expect, it } from 'vitest';
import { FeedReportSchema, queueAgeOf, SettlementDecisionSchema, workingMsBetween } from './console-queues.ts';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

describe('queue ages', () => {
  it('counts only Monday–Friday (UTC+8) for working hours', () => {
    // Friday 2026-01-09 12:00 UTC+8 to Monday 2026-01-12 12:00 UTC+8: half a Friday and half a Monday.
    expect(workingMsBetween(at('2026-01-09T04:00:00Z'), at('2026-01-12T04:00:00Z'))).toBe(24 * HOUR);
    // A whole weekend counts nothing.
    expect(workingMsBetween(at('2026-01-09T16:00:00Z'), at('2026-01-11T16:00:00Z'))).toBe(0);
    expect(workingMsBetween(at('2026-01-12T00:00:00Z'), at('2026-01-11T00:00:00Z'))).toBe(0);
  });

  it('is late only past the queue’s target', () => {
    const submitted = at('2026-01-05T00:00:00Z');
    expect(queueAgeOf('listings', submitted, at('2026-01-06T00:00:00Z'))).toEqual({ ageMinutes: 1440, overdue: false });
    expect(queueAgeOf('listings', submitted, at('2026-01-06T00:01:00Z')).overdue).toBe(true);
    expect(queueAgeOf('payees', submitted, at('2026-01-08T00:01:00Z')).overdue).toBe(true);
    // Settlements: 5 working days; a Monday's request is on time on Saturday and Sunday, late on Monday.
    expect(queueAgeOf('settlements', submitted, at('2026-01-11T12:00:00Z')).overdue).toBe(false);
    expect(queueAgeOf('settlements', submitted, at('2026-01-12T12:00:00Z')).overdue).toBe(true);
    // A clock behind the submission never gives a negative age.
    expect(queueAgeOf('payees', submitted, at('2026-01-04T00:00:00Z'))).toEqual({ ageMinutes: 0, overdue: false });
  });
});

describe('settlement decisions', () => {
  it('needs a reason to fail and a well-formed bank reference when one is given', () => {
    expect(SettlementDecisionSchema.safeParse({ action: 'fail' }).success).toBe(false);
    expect(SettlementDecisionSchema.safeParse({ action: 'paid', bankReference: 'FT24331-0099' }).success).toBe(true);
    expect(SettlementDecisionSchema.safeParse({ action: 'paid', bankReference: 'x y' }).success).toBe(false);
    expect(SettlementDecisionSchema.safeParse({ action: 'approve' }).success).toBe(true);
  });

  it('reads a feed report', () => {
    expect(
      FeedReportSchema.parse({
        created: [{ line: 2, domain: 'a.com', auctionId: '1' }],
        duplicates: [{ line: 3, domain: 'a.com', reason: 'in_file' }],
        refused: [{ line: 4, domain: null, field: 'endsAt', code: 'Request.Invalid', message: 'x' }],
      }).refused,
    ).toHaveLength(1);
  });
});
