/**
 * listings (seller centre, market): constants, statuses, the transition table and pure rules that
 * need no schema (pages import them without zod; see listings.ts). Spec §1 (sellers), §2 (seller
 * centre), §3 (Domain: industry, descriptions, logo; Price calendar entry), §4 (listing statuses),
 * §5 (limits), §9.
 */

/** How a domain is sold (API.md Seller centre): buy now, a seller auction, or offers (negotiable). */
export const LISTING_MODES = ['fixed', 'auction', 'offer'] as const;
export type ListingMode = (typeof LISTING_MODES)[number];

/**
 * Listing statuses (spec §4, API.md). `on_sale` is the spec's 'review success (on sale)';
 * `modification_review`: an edit of the description or logo waits for review while the approved
 * version stays on sale; `selling`: an order (or a seller auction's win) is open.
 */
export const LISTING_STATUSES = [
  'pending_review',
  'review_failed',
  'supplement_required',
  'modification_review',
  'on_sale',
  'off_shelf',
  'selling',
  'sold',
  'expired',
] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/**
 * The one transition table of a listing:
 * - review: pending_review → on_sale (approved) | review_failed (reason) | supplement_required;
 *   the seller's edit sends review_failed / supplement_required back to pending_review;
 * - an approved listing's description or logo edit: on_sale → modification_review → on_sale
 *   (approved: the new version; rejected: the old one stays);
 * - the seller takes it off the shelf from any open status, and lists it again (→ pending_review,
 *   or on_sale when the rules approve it automatically);
 * - selling while an order (or a seller auction's win) is open: → sold, or back to on_sale when
 *   the order ends unpaid; an auction that ends without a sale → expired;
 * - the period the seller picked ends → expired (listed again like off_shelf).
 */
export const LISTING_TRANSITIONS: Readonly<Record<ListingStatus, readonly ListingStatus[]>> = {
  pending_review: ['on_sale', 'review_failed', 'supplement_required', 'off_shelf'],
  review_failed: ['pending_review', 'off_shelf'],
  supplement_required: ['pending_review', 'off_shelf'],
  modification_review: ['on_sale', 'off_shelf', 'selling', 'expired'],
  on_sale: ['modification_review', 'off_shelf', 'selling', 'expired'],
  off_shelf: ['pending_review', 'on_sale'],
  selling: ['on_sale', 'sold', 'expired'],
  sold: [],
  expired: ['pending_review', 'on_sale'],
};

/** Statuses a domain can have only one listing in at a time (the rest are history). */
export const LISTING_OPEN_STATUSES: readonly ListingStatus[] = [
  'pending_review',
  'review_failed',
  'supplement_required',
  'modification_review',
  'on_sale',
  'selling',
];

/** Statuses in which buyers see the listing on the market (unless paused). */
export const LISTING_MARKET_STATUSES: readonly ListingStatus[] = ['on_sale', 'modification_review'];

/** Quick listing (spec §4): a switch on an approved listing that needs no review. */
export const QUICK_STATUSES = ['listed', 'paused'] as const;
export type QuickStatus = (typeof QUICK_STATUSES)[number];
/** Why a listing is paused: the seller's switch, or its ownership proof disappeared (only a new proof lifts it). */
export const PAUSE_REASONS = ['seller', 'ownership'] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];

/** Where the seller holds the domain: here (My domains) or elsewhere, proven by a DNS TXT record. */
export const LISTING_SOURCES = ['held', 'external'] as const;
export type ListingSource = (typeof LISTING_SOURCES)[number];

/** How long a listing stays up (spec §9 price-calendar end options); `long_term` never expires. */
export const LISTING_END_OPTIONS = ['1m', '3m', '6m', '1y', '2y', 'long_term'] as const;
export type ListingEndOption = (typeof LISTING_END_OPTIONS)[number];
const END_OPTION_MONTHS: Record<ListingEndOption, number | null> = {
  '1m': 1,
  '3m': 3,
  '6m': 6,
  '1y': 12,
  '2y': 24,
  long_term: null,
};

/** When a listing made at `from` with `option` expires (calendar months, UTC), or null for long-term. */
export function listingExpiresAt(from: Date, option: ListingEndOption): Date | null {
  const months = END_OPTION_MONTHS[option];
  if (months === null) return null;
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/**
 * Seller-centre limits (spec §5, §9). Business numbers the operator console will own (issue 18)
 * are named here until the parameters store exists; the server reads them through one place.
 */
export const LISTING_RULES = {
  /** Minimum listing price $3.00 (spec §5, §9). */
  minPriceCents: 300,
  /** Highest price a listing may ask ($100,000,000). */
  maxPriceCents: 10_000_000_000,
  /** Batch listing: one `domain price` per line (spec §5). */
  maxLines: 500,
  /** Excel import (spec §5). */
  excelMaxRows: 1000,
  excelMaxBytes: 2 * 1024 * 1024,
  /** Logo upload (spec §5, §9): JPG or PNG, ≤ 2000 KB, ≤ 1000 px each side. */
  logoMaxBytes: 2000 * 1024,
  logoMaxPixels: 1000,
  /** Industry picks (spec §5). */
  maxIndustries: 5,
  maxKeywords: 10,
  keywordMaxLength: 30,
  descriptionMaxLength: 2000,
  /** Seller auctions (spec §1, §9): 3–6 days. */
  auctionMinDays: 3,
  auctionMaxDays: 6,
  /** Price-calendar entries per listing. */
  maxCalendarEntries: 24,
  /** Batch pricing: listings per request. */
  maxBatch: 500,
  /** 'AI' logo generations per listing profile (spec §9: one token per AI domain profile). */
  aiTokensPerListing: 1,
  /** The 'expiring soon' message this many days before a listing expires. */
  expiringNoticeDays: 7,
  /** An external domain's TXT proof is checked again this often; a proof missing this many checks in a row pauses its listings. */
  ownershipRecheckHours: 24,
  ownershipMissesToPause: 2,
  /** A re-check that met a DNS outage (timeout, unreachable) is no miss; it is tried again this much later. */
  ownershipOutageRetryMinutes: 60,
  /** A proof token is valid this long before it must be checked. */
  ownershipTokenDays: 7,
  /** Automatic approval (a parameter, issue 18): domains held here with a plain description skip the queue. */
  autoApproveHeldPlain: true,
} as const;

/** The TXT record a seller publishes to prove they hold an external domain. */
export const OWNERSHIP_TXT_PREFIX = '_namebourse';
export function ownershipRecordName(domain: string): string {
  return `${OWNERSHIP_TXT_PREFIX}.${domain}`;
}
export const OWNERSHIP_STATUSES = ['pending', 'verified', 'failed'] as const;
export type OwnershipStatus = (typeof OWNERSHIP_STATUSES)[number];

/** Logo styles (spec §3): text, icon plus text, badge, 'AI' (a richer generative composition). */
export const LOGO_STYLES = ['text', 'icon_text', 'badge', 'ai'] as const;
export type LogoStyle = (typeof LOGO_STYLES)[number];
/** The bundled icon set a generated logo may use. */
export const LOGO_ICONS = [
  'spark',
  'globe',
  'leaf',
  'bolt',
  'star',
  'shield',
  'cube',
  'wave',
  'heart',
  'rocket',
  'chart',
  'chat',
] as const;
export type LogoIcon = (typeof LOGO_ICONS)[number];
/** Font families for generated logos (each with system fallbacks in the SVG). */
export const LOGO_FONTS = ['sans', 'serif', 'mono', 'rounded'] as const;
export type LogoFont = (typeof LOGO_FONTS)[number];
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg'] as const;

/** Industry categories (spec §1, §3): a fixed list, named in both languages. */
export const INDUSTRIES = {
  technology: { 'zh-CN': '科技', 'en-US': 'Technology' },
  ai: { 'zh-CN': '人工智能', 'en-US': 'AI' },
  finance: { 'zh-CN': '金融', 'en-US': 'Finance' },
  blockchain: { 'zh-CN': '区块链', 'en-US': 'Blockchain' },
  ecommerce: { 'zh-CN': '电子商务', 'en-US': 'E-commerce' },
  education: { 'zh-CN': '教育', 'en-US': 'Education' },
  health: { 'zh-CN': '医疗健康', 'en-US': 'Health' },
  travel: { 'zh-CN': '旅游', 'en-US': 'Travel' },
  food: { 'zh-CN': '餐饮美食', 'en-US': 'Food & drink' },
  games: { 'zh-CN': '游戏', 'en-US': 'Games' },
  media: { 'zh-CN': '媒体娱乐', 'en-US': 'Media & entertainment' },
  real_estate: { 'zh-CN': '房地产', 'en-US': 'Real estate' },
  automotive: { 'zh-CN': '汽车', 'en-US': 'Automotive' },
  fashion: { 'zh-CN': '时尚', 'en-US': 'Fashion' },
  sports: { 'zh-CN': '体育', 'en-US': 'Sports' },
  legal: { 'zh-CN': '法律', 'en-US': 'Legal' },
  energy: { 'zh-CN': '能源', 'en-US': 'Energy' },
  logistics: { 'zh-CN': '物流', 'en-US': 'Logistics' },
  marketing: { 'zh-CN': '营销广告', 'en-US': 'Marketing' },
  other: { 'zh-CN': '其他', 'en-US': 'Other' },
} as const;
export type Industry = keyof typeof INDUSTRIES;
export const INDUSTRY_KEYS = Object.keys(INDUSTRIES) as [Industry, ...Industry[]];

/** A description in the reader's language, else the other one (issue 16: one may be empty). */
export function descriptionFor(
  locale: 'zh-CN' | 'en-US',
  zh: string | null | undefined,
  en: string | null | undefined,
): string | null {
  const first = locale === 'zh-CN' ? zh : en;
  const second = locale === 'zh-CN' ? en : zh;
  return first?.trim() ? first : second?.trim() ? second : null;
}

/** Market sorts (GET /market). */
export const MARKET_SORTS = ['newest', 'price_asc', 'price_desc', 'length_asc', 'name_asc'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];

/** Operator review decisions (API.md /admin/listings/:listingId/review). */
export const REVIEW_DECISIONS = ['approve', 'reject', 'supplement'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** Batch pricing: set a price, or change by a percentage or an amount. */
export const BATCH_PRICE_KINDS = ['price', 'percent', 'delta'] as const;

/**
 * A price-calendar entry takes effect at 00:00 of its date in the platform's zone (UTC+8, the
 * company's and support hours' zone, spec §1).
 */
export const CALENDAR_ZONE_OFFSET_MINUTES = 8 * 60;
export function calendarEffectiveAt(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - CALENDAR_ZONE_OFFSET_MINUTES * 60_000);
}
/** The calendar date (YYYY-MM-DD, UTC+8) a time falls on. */
export function calendarDateOf(at: Date): string {
  return new Date(at.getTime() + CALENDAR_ZONE_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}
