import type { OperatorRole } from '@namebourse/contract';

/** The sections of the operator console, in menu order (labels: admin `nav.<key>`). */
export const ADMIN_SECTIONS = [
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
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export const ADMIN_PATHS: Record<AdminSection, string> = {
  dashboard: '/admin',
  payees: '/admin/payees',
  settlements: '/admin/settlements',
  users: '/admin/users',
  auctions: '/admin/auctions',
  deliveries: '/admin/deliveries',
  listings: '/admin/listings',
  feedback: '/admin/feedback',
  support: '/admin/support',
  announcements: '/admin/announcements',
  feeds: '/admin/feeds',
  parameters: '/admin/parameters',
  audit: '/admin/audit',
};

/**
 * Which roles may open each section, as the server checks them (`config.access.operator` of the admin routes): the ledger
 * check and both review queues are for finance reviewers, the user lookup for support and finance, the delivery queue for support. An admin may
 * open everything.
 */
export const SECTION_ROLES: Record<AdminSection, readonly OperatorRole[]> = {
  dashboard: ['finance'],
  payees: ['finance'],
  settlements: ['finance'],
  users: ['support', 'finance'],
  /** Lots (POST/GET /api/admin/auctions): admins only. */
  auctions: [],
  /** The delivery queue of won lots (GET /api/admin/deliveries): support and admins. */
  deliveries: ['support'],
  /** The listing review queue (GET /api/admin/listings/review): support and admins. */
  listings: ['support'],
  /** Contact-us submissions (GET /api/admin/feedback): support and admins. */
  feedback: ['support'],
  /** The customer-service chat desk (/api/support/…, role support): support and admins. */
  support: ['support'],
  /** Help-centre announcements (/api/admin/announcements): support and admins. */
  announcements: ['support'],
  /** Scheduled lot feeds (/api/admin/feeds): admins only, as lots. */
  feeds: [],
  /** The parameters store (/api/admin/parameters): admins only. */
  parameters: [],
  /** The audit log (GET /api/admin/audit): admins only. */
  audit: [],
};

/** Whether an operator of `role` may open `section` (admins hold every role, like the server's hasRole). */
export function canOpen(role: OperatorRole, section: AdminSection): boolean {
  return role === 'admin' || SECTION_ROLES[section].includes(role);
}

/** The menu of an operator: the sections their role opens, in menu order. */
export function navSectionsFor(role: OperatorRole): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => canOpen(role, section));
}

/** Where /admin lands: the dashboard when the role may see it, otherwise the first section it opens. */
export function homeSectionFor(role: OperatorRole): AdminSection {
  return navSectionsFor(role)[0] ?? 'users';
}

/** Manual balance adjustments are for admins and finance reviewers (POST /admin/users/:accountNo/adjustments). */
export function canAdjust(role: OperatorRole): boolean {
  return role === 'admin' || role === 'finance';
}

/** The section a console path belongs to ('/admin/users/1234' → users); null outside the console. */
export function sectionOfPath(pathname: string): AdminSection | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === ADMIN_PATHS.dashboard) return 'dashboard';
  for (const section of ADMIN_SECTIONS) {
    if (section === 'dashboard') continue;
    const base = ADMIN_PATHS[section];
    if (path === base || path.startsWith(`${base}/`)) return section;
  }
  return null;
}
