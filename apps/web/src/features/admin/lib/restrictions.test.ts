import { describe, expect, it } from 'vitest';
import { canRestrict, restrictFormSchema, restrictRequestOf } from './restrictions.ts';

describe('restrictions in the console', () => {
  it('support agents and admins restrict; finance reviewers do not', () => {
    expect(canRestrict('admin')).toBe(true);
    expect(canRestrict('support')).toBe(true);
    expect(canRestrict('finance')).toBe(false);
  });

  it('checks the form: a scope, a reason, an end in the future or none', () => {
    const now = () => new Date('2026-01-05T00:00:00Z');
    const schema = restrictFormSchema(now);
    expect(schema.safeParse({ scopes: ['bid'], reason: 'Unpaid', until: '' }).success).toBe(true);
    expect(schema.safeParse({ scopes: [], reason: 'Unpaid', until: '' }).success).toBe(false);
    expect(schema.safeParse({ scopes: ['bid'], reason: ' ', until: '' }).success).toBe(false);
    expect(schema.safeParse({ scopes: ['bid'], reason: 'Unpaid', until: '2026-01-04T10:00' }).success).toBe(false);
    expect(schema.safeParse({ scopes: ['bid'], reason: 'Unpaid', until: '2026-02-04T10:00' }).success).toBe(true);
  });

  it('sends the scopes in the contract’s order, the reason trimmed and the end as an ISO time', () => {
    expect(restrictRequestOf({ scopes: ['signin', 'bid'], reason: ' Takeover ', until: '' })).toEqual({
      scopes: ['bid', 'signin'],
      reason: 'Takeover',
    });
    expect(restrictRequestOf({ scopes: ['api'], reason: 'Scraping', until: '2026-02-04T10:00' }).until).toBe(
      new Date('2026-02-04T10:00').toISOString(),
    );
  });
});
