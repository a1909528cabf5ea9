import {
  type DomainReason,
  type DomainStatus,
  LISTING_RULES,
  type ListingMode,
  type ListingSource,
  type ListingStatus,
  type LockStatus,
} from '@namebourse/contract';

/**
 * The listings area's rules, pure (no database, no clock of its own): whether a held domain can be
 * sold now, whether a listing is approved without a person (a plain description), which
 * price-calendar entry is in force, and what a calendar replacement may contain. Services and
 * sweepers read them from here; listings.rules.test.ts walks them.
 */

// ---- What can be listed ----

export interface SellableDomain {
  status: DomainStatus | string;
  lockStatus: LockStatus | string;
  pendingOperation: string | null;
  disputed: boolean;
}

/**
 * Why a domain held here cannot be listed now, or null when it can (spec §4): only a domain in the
 * normal lifecycle (normal or renewable) with no registrar operation in flight, not under a
 * dispute, and with its transfer lock off (`open`) — listed domains cannot be locked, so a locked
 * (or locking) domain cannot be listed.
 */
export function heldRefusal(domain: SellableDomain): DomainReason | null {
  if (domain.status === 'transferring_out') return 'transferring_out';
  if (domain.status === 'renewing') return 'renewal_period';
  if (['in_redemption', 'pending_activation', 'non_renewable'].includes(domain.status)) return 'redemption_period';
  if (domain.status !== 'normal' && domain.status !== 'renewable') return 'state';
  if (domain.disputed) return 'state';
  if (domain.pendingOperation !== null) return 'in_progress';
  if (domain.lockStatus !== 'open') return 'locked';
  return null;
}

// ---- Automatic approval ----

const URL_RE =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:com|net|org|cn|io|co|me|info|biz|xyz|top|cc|tv)(?:\/\S*)?\b/i;
const EMAIL_RE = /[^\s@]+@[^\s@]+\.[^\s@]+/;
/** Seven or more digits, possibly split by spaces, dashes, dots or brackets (a phone number). */
const PHONE_RE = /(?:\+?\d[\s\-.()]*){7,}/;
/** Ways of saying 'contact me elsewhere' (both languages). */
const CONTACT_WORDS_RE =
  /\b(?:wechat|weixin|whatsapp|telegram|skype|qq|line id|e-?mail|phone|call me|contact|dm me)\b|微信|联系|电话|手机|邮箱|加我|私信|扣扣|vx/i;

/** Whether a text contains a link, an e-mail address, a phone number or a contact word. */
export function hasContactInfo(text: string): boolean {
  return URL_RE.test(text) || EMAIL_RE.test(text) || PHONE_RE.test(text) || CONTACT_WORDS_RE.test(text);
}

/** A plain description: neither language has links, addresses, phone numbers or contact words. */
export function isPlainDescription(descriptionZh: string, descriptionEn: string): boolean {
  return !hasContactInfo(descriptionZh) && !hasContactInfo(descriptionEn);
}

/**
 * Whether a listing skips the review queue (the autoApproveHeldPlain parameter): a domain held here
 * with a plain description in both languages. Everything else waits for an operator.
 */
export function autoApproves(
  listing: { source: ListingSource | string; descriptionZh: string; descriptionEn: string },
  rules: { autoApproveHeldPlain: boolean } = LISTING_RULES,
): boolean {
  return (
    rules.autoApproveHeldPlain &&
    listing.source === 'held' &&
    isPlainDescription(listing.descriptionZh, listing.descriptionEn)
  );
}

/**
 * The status a new (or relisted) listing starts in. `rules`: the autoApproveHeldPlain parameter in
 * force (`listingReviewRules(app)`); absent: its default (tests).
 */
export function initialStatus(
  listing: {
    source: ListingSource | string;
    descriptionZh: string;
    descriptionEn: string;
  },
  rules: { autoApproveHeldPlain: boolean } = LISTING_RULES,
): ListingStatus {
  return autoApproves(listing, rules) ? 'on_sale' : 'pending_review';
}

// ---- Prices ----

export interface ModePrices {
  mode: ListingMode | string;
  priceCents?: number | null | undefined;
  floorCents?: number | null | undefined;
  startPriceCents?: number | null | undefined;
  reservePriceCents?: number | null | undefined;
  durationDays?: number | null | undefined;
}

/**
 * The first problem with a listing's prices for its mode, as [field, field-message key], or null:
 * fixed needs a price; an auction a start price and 3–6 days (reserve ≥ start); an offer listing's
 * buy-now price is at least its floor; every price at least the minimum (rows of an import are not
 * parsed by the contract schema, so the service checks again).
 */
export function priceProblem(
  p: ModePrices,
  rules: {
    minPriceCents: number;
    maxPriceCents: number;
    auctionMinDays: number;
    auctionMaxDays: number;
  } = LISTING_RULES,
): [string, 'required' | 'priceTooLow' | 'tooBig' | 'rangeInvalid' | 'notInteger'] | null {
  const fields = ['priceCents', 'floorCents', 'startPriceCents', 'reservePriceCents'] as const;
  for (const f of fields) {
    const v = p[f];
    if (v === null || v === undefined) continue;
    if (!Number.isInteger(v)) return [f, 'notInteger'];
    if (v < rules.minPriceCents) return [f, 'priceTooLow'];
    if (v > rules.maxPriceCents) return [f, 'tooBig'];
  }
  if (p.mode === 'fixed' && (p.priceCents === null || p.priceCents === undefined)) return ['priceCents', 'required'];
  if (p.mode === 'auction') {
    if (p.startPriceCents === null || p.startPriceCents === undefined) return ['startPriceCents', 'required'];
    if (p.durationDays === null || p.durationDays === undefined) return ['durationDays', 'required'];
    if (p.durationDays < rules.auctionMinDays || p.durationDays > rules.auctionMaxDays)
      return ['durationDays', 'rangeInvalid'];
    if (p.reservePriceCents !== null && p.reservePriceCents !== undefined && p.reservePriceCents < p.startPriceCents)
      return ['reservePriceCents', 'rangeInvalid'];
  }
  if (
    p.mode === 'offer' &&
    p.priceCents !== null &&
    p.priceCents !== undefined &&
    p.floorCents !== null &&
    p.floorCents !== undefined &&
    p.priceCents < p.floorCents
  )
    return ['priceCents', 'rangeInvalid'];
  return null;
}

// ---- Price calendar ----

export interface DatedEntry {
  date: string;
  effectiveAt: Date;
  priceCents: number;
}

/** The entry in force at `now`: the latest one whose time has come (null before the first). */
export function activeEntry<E extends DatedEntry>(entries: readonly E[], now: Date): E | null {
  let best: E | null = null;
  for (const e of entries) {
    if (e.effectiveAt.getTime() > now.getTime()) continue;
    if (!best || e.effectiveAt.getTime() > best.effectiveAt.getTime()) best = e;
  }
  return best;
}

/** The next scheduled entry after `now`, if any. */
export function nextEntry<E extends DatedEntry>(entries: readonly E[], now: Date): E | null {
  let best: E | null = null;
  for (const e of entries) {
    if (e.effectiveAt.getTime() <= now.getTime()) continue;
    if (!best || e.effectiveAt.getTime() < best.effectiveAt.getTime()) best = e;
  }
  return best;
}

/**
 * The first problem with a replacement of the upcoming entries, as [index, key], or null: each date
 * must start after `now` (calendarEffectiveAt(date) > now) and appear once.
 */
export function calendarProblem(
  entries: readonly { date: string }[],
  now: Date,
  effectiveAt: (date: string) => Date,
): [number, 'dateNotFuture' | 'duplicate'] | null {
  const seen = new Set<string>();
  for (const [i, e] of entries.entries()) {
    if (effectiveAt(e.date).getTime() <= now.getTime()) return [i, 'dateNotFuture'];
    if (seen.has(e.date)) return [i, 'duplicate'];
    seen.add(e.date);
  }
  return null;
}

// ---- Expiry ----

const DAY_MS = 86_400_000;

/** When the 'expiring soon' message is due for a listing expiring at `expiresAt`. */
export function expiringNoticeAt(expiresAt: Date, days: number = LISTING_RULES.expiringNoticeDays): Date {
  return new Date(expiresAt.getTime() - days * DAY_MS);
}
