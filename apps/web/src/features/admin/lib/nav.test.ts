import { OPERATOR_ROLES } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, canAdjust, canOpen, homeSectionFor, navSectionsFor, sectionOfPath } from './nav.ts';

describe('operator console navigation by role', () => {
  it('shows an admin every section, in menu order', () => {
    expect(navSectionsFor('admin')).toEqual([
      'dashboard',
      'payees',
      'settlements',
      'users',
      'auctions',
      'deliveries',
      'listings',
      'feedback',
      'support',
      'announcements',
      'feeds',
      'parameters',
      'audit',
    ]);
  });

  it('shows a finance reviewer the dashboard, both queues and users', () => {
    expect(navSectionsFor('finance')).toEqual(['dashboard', 'payees', 'settlements', 'users']);
  });

  it('shows support the user lookup and the delivery queue', () => {
    expect(navSectionsFor('support')).toEqual([
      'users',
      'deliveries',
      'listings',
      'feedback',
      'support',
      'announcements',
    ]);
    expect(canOpen('support', 'payees')).toBe(false);
    expect(canOpen('support', 'settlements')).toBe(false);
    expect(canOpen('support', 'dashboard')).toBe(false);
  });

  it('opens the auction lots to admins only', () => {
    expect(canOpen('admin', 'auctions')).toBe(true);
    expect(canOpen('finance', 'auctions')).toBe(false);
    expect(canOpen('support', 'auctions')).toBe(false);
  });

  it('opens the delivery queue to admins and support, not to finance', () => {
    expect(canOpen('admin', 'deliveries')).toBe(true);
    expect(canOpen('support', 'deliveries')).toBe(true);
    expect(canOpen('finance', 'deliveries')).toBe(false);
  });

  it('opens the listing review queue to admins and support, not to finance', () => {
    expect(canOpen('admin', 'listings')).toBe(true);
    expect(canOpen('support', 'listings')).toBe(true);
    expect(canOpen('finance', 'listings')).toBe(false);
    expect(sectionOfPath('/admin/listings')).toBe('listings');
  });

  it('lands every role on a section it may open', () => {
    expect(homeSectionFor('admin')).toBe('dashboard');
    expect(homeSectionFor('finance')).toBe('dashboard');
    expect(homeSectionFor('support')).toBe('users');
    for (const role of OPERATOR_ROLES) expect(canOpen(role, homeSectionFor(role))).toBe(true);
  });

  it('lets only admins and finance reviewers adjust balances', () => {
    expect(canAdjust('admin')).toBe(true);
    expect(canAdjust('finance')).toBe(true);
    expect(canAdjust('support')).toBe(false);
  });

  it('the menu of a role is exactly the sections it may open', () => {
    for (const role of OPERATOR_ROLES) {
      expect(navSectionsFor(role)).toEqual(ADMIN_SECTIONS.filter((section) => canOpen(role, section)));
    }
  });
});

describe('sectionOfPath', () => {
  it.each([
    ['/admin', 'dashboard'],
    ['/admin/', 'dashboard'],
    ['/admin/payees', 'payees'],
    ['/admin/settlements/', 'settlements'],
    ['/admin/users', 'users'],
    ['/admin/users/10000042', 'users'],
    ['/admin/auctions', 'auctions'],
    ['/admin/deliveries', 'deliveries'],
    ['/admin/deliveries/', 'deliveries'],
  ])('%s → %s', (path, section) => {
    expect(sectionOfPath(path)).toBe(section);
  });

  it('is null for other paths, including look-alikes', () => {
    expect(sectionOfPath('/console/user/info')).toBeNull();
    expect(sectionOfPath('/admin/payeesx')).toBeNull();
    expect(sectionOfPath('/administrator')).toBeNull();
    expect(sectionOfPath('/admin/nothing')).toBeNull();
  });
});
