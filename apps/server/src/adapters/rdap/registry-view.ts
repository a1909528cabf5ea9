import { DOMAIN_RULES } from '@namebourse/contract';
import type { RdapDomain } from './port.ts';

/**
 * What a registry record (RDAP) means for a won domain: pure functions, no I/O.
 *
 * The registry's post-expiry timeline (ICANN Expired Registration Recovery Policy, the gTLD
 * registries' Redemption Grace Period, e.g. Verisign):
 *   expiry → 'auto renew period' (up to AUTO_RENEW_GRACE_DAYS: the registry has already renewed
 *   it, so RDAP's `expiration` is one year on; the registrar may still delete it) → on deletion
 *   'redemption period' (DOMAIN_RULES.redemptionDays from the deletion; registries show it with
 *   'pending delete') → 'pending delete' alone (5 days, nobody can restore it) → purged, free to
 *   register again. An RGP restore is reported as a `reinstantiation` event.
 */

/** The registry's auto-renew grace after expiry (days; 45 at the gTLD registries). */
export const AUTO_RENEW_GRACE_DAYS = 45;

const DAY = 86_400_000;
const YEAR = 365 * DAY;

/** Statuses in which the previous holder's rights are still being wound down. */
const GRACE_STATUSES = ['auto renew period', 'redemption period', 'pending restore', 'pending delete'];

export interface RegistryView {
  /** The previous holder got the domain back (it cannot be delivered). */
  redeemed: boolean;
  /** Until when the previous holder can still reclaim it; null when they no longer can (or did). */
  reclaimableUntil: Date | null;
  /** RDAP status values, lower case. */
  statuses: string[];
  /** The latest `expiration` event. */
  expiresAt: Date | null;
  /** The latest `last changed` event. */
  lastChangedAt: Date | null;
}

export interface RegistryViewInput {
  now: Date;
  /**
   * The domain's expiry as we knew it when the lot closed (the lot's `expiresAt`), when known:
   * a later expiry on a plain active record means the previous holder renewed it.
   */
  knownExpiresAt?: Date | null;
}

/** The latest event with this action (lower case), or null. */
export function latestEvent(domain: RdapDomain, action: string): Date | null {
  let latest: Date | null = null;
  for (const event of domain.events) {
    if (event.action === action && (latest === null || event.date > latest)) latest = event.date;
  }
  return latest;
}

/**
 * Redeemed, exactly:
 * 1. a `reinstantiation` event (an RGP restore) less than a year old (an older one belongs to an
 *    earlier expiry), or
 * 2. with `knownExpiresAt`: a record in none of the grace statuses (auto renew period, redemption
 *    period, pending restore, pending delete) whose `expiration` is later than knownExpiresAt and
 *    without a `registration` event after knownExpiresAt (a registration after the known expiry is
 *    a re-registration after the drop — the domain was caught for us, not renewed by its holder).
 * Nothing else counts: a record in redemption or pending delete is not redeemed (yet).
 */
export function isRedeemed(domain: RdapDomain, input: RegistryViewInput): boolean {
  const { now } = input;
  const restored = latestEvent(domain, 'reinstantiation');
  if (restored !== null && restored.getTime() > now.getTime() - YEAR) return true;
  const known = input.knownExpiresAt ?? null;
  if (known === null) return false;
  if (domain.statuses.some((s) => GRACE_STATUSES.includes(s))) return false;
  const expiresAt = latestEvent(domain, 'expiration');
  if (expiresAt === null || expiresAt <= known) return false;
  const registered = latestEvent(domain, 'registration');
  return registered === null || registered <= known;
}

/**
 * Until when the previous holder can still reclaim the domain (null: no longer, or it was redeemed):
 * - 'redemption period' (also when shown with 'pending delete'), or 'pending restore': the end of
 *   the RGP, DOMAIN_RULES.redemptionDays after the deletion — the `deletion` event, else the
 *   `last changed` event (registries stamp the deletion as the last change);
 * - 'auto renew period': at the latest, the grace's end plus the RGP: (expiration − 1 year, since
 *   the registry renewed it at expiry) + AUTO_RENEW_GRACE_DAYS + redemptionDays;
 * - 'pending delete' without 'redemption period': null (nobody can restore it any more);
 * - any other record whose `expiration` has passed (the registry has not moved it yet): expiration
 *   + AUTO_RENEW_GRACE_DAYS + redemptionDays; one not yet expired: null.
 * A date that is not after `now` gives null.
 */
export function reclaimableUntil(domain: RdapDomain, input: RegistryViewInput): Date | null {
  if (isRedeemed(domain, input)) return null;
  const { statuses } = domain;
  const rgp = DOMAIN_RULES.redemptionDays * DAY;
  let until: number | null = null;
  if (statuses.includes('redemption period') || statuses.includes('pending restore')) {
    const deleted = latestEvent(domain, 'deletion') ?? latestEvent(domain, 'last changed');
    until = deleted === null ? null : deleted.getTime() + rgp;
  } else if (statuses.includes('pending delete')) {
    until = null;
  } else if (statuses.includes('auto renew period')) {
    const expiresAt = latestEvent(domain, 'expiration');
    until = expiresAt === null ? null : expiresAt.getTime() - YEAR + AUTO_RENEW_GRACE_DAYS * DAY + rgp;
  } else {
    const expiresAt = latestEvent(domain, 'expiration');
    until =
      expiresAt !== null && expiresAt <= input.now ? expiresAt.getTime() + AUTO_RENEW_GRACE_DAYS * DAY + rgp : null;
  }
  return until !== null && until > input.now.getTime() ? new Date(until) : null;
}

/** The registry record read for delivery and display. */
export function registryView(domain: RdapDomain, input: RegistryViewInput): RegistryView {
  return {
    redeemed: isRedeemed(domain, input),
    reclaimableUntil: reclaimableUntil(domain, input),
    statuses: [...domain.statuses],
    expiresAt: latestEvent(domain, 'expiration'),
    lastChangedAt: latestEvent(domain, 'last changed'),
  };
}
