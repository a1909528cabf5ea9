import { describe, expect, it } from 'vitest';
import {
  AUDIT_PAGE_SIZE,
  auditParamsOf,
  auditSearchFromParams,
  EMPTY_AUDIT_DRAFT,
  localDayBound,
} from './audit-query.ts';

describe('the audit log viewer’s address', () => {
  it('reads valid filters into the request and reports bad ones', () => {
    const search = auditSearchFromParams(
      new URLSearchParams('actor=NB1&entity=user&from=2026-02-30&to=2026-01-03&page=3&bogus=1'),
    );
    expect(search.request).toEqual({
      actor: 'NB1',
      entity: 'user',
      to: localDayBound('2026-01-03', true),
      page: 3,
      pageSize: AUDIT_PAGE_SIZE,
    });
    expect(search.errors).toEqual({ from: 'dateInvalid' });
  });

  it('refuses an end before the start', () => {
    const search = auditSearchFromParams(new URLSearchParams('from=2026-01-05&to=2026-01-03'));
    expect(search.errors).toEqual({ to: 'form.rangeInvalid' });
    expect(search.request.to).toBeUndefined();
  });

  it('writes only the filters set, and the page after the first', () => {
    expect(auditParamsOf({ ...EMPTY_AUDIT_DRAFT, action: ' approve ' }, 2).toString()).toBe('action=approve&page=2');
    expect(auditParamsOf(EMPTY_AUDIT_DRAFT).toString()).toBe('');
  });

  it('turns local days into their first and last moments', () => {
    const start = new Date(localDayBound('2026-01-03', false));
    const end = new Date(localDayBound('2026-01-03', true));
    expect([start.getDate(), start.getHours(), start.getMinutes()]).toEqual([3, 0, 0]);
    expect([end.getDate(), end.getHours(), end.getMinutes()]).toEqual([3, 23, 59]);
  });
});
