/** Restrictions: the constants and rules that need no schema (pages import them without zod; see restrictions.ts). */

/**
 * What a restriction may refuse (API.md POST /admin/users/:accountNo/restrictions):
 * - `bid`: bids and proxy maximums in auctions;
 * - `buy`: buy now, cart checkout, making, accepting and countering offers;
 * - `list`: creating, importing and relisting listings;
 * - `settle`: settlement applications;
 * - `api`: every request authenticated by an API access key;
 * - `signin`: signing in (the account's sessions end when the restriction is imposed).
 */
export const RESTRICTION_SCOPES = ['bid', 'buy', 'list', 'settle', 'api', 'signin'] as const;
export type RestrictionScope = (typeof RESTRICTION_SCOPES)[number];

export function isRestrictionScope(value: string): value is RestrictionScope {
  return (RESTRICTION_SCOPES as readonly string[]).includes(value);
}

export const RESTRICTION_LIMITS = {
  reasonMinLength: 2,
  reasonMaxLength: 500,
} as const;

/**
 * Where a restriction stands: `active` (applies now), `ended` (its `until` passed), `lifted` (an
 * operator lifted it, or a newer restriction replaced it).
 */
export const RESTRICTION_STATUSES = ['active', 'ended', 'lifted'] as const;
export type RestrictionStatus = (typeof RESTRICTION_STATUSES)[number];

/** Audit log actions about restrictions (entity type `user`, entity id the account number). */
export const RESTRICTION_AUDIT_ACTIONS = {
  restrict: 'restrict',
  lift: 'lift_restriction',
  end: 'restriction_ended',
} as const;
