import { z } from 'zod';
import { DOMAIN_NAME_RE } from './auctions.values.ts';
import { IsoDateSchema } from './dates.ts';
import { PageQuerySchema, pageSchema } from './envelope.ts';
import {
  INDUSTRY_KEYS,
  LISTING_END_OPTIONS,
  LISTING_MODES,
  LISTING_RULES,
  LISTING_SOURCES,
  LISTING_STATUSES,
  LOGO_FONTS,
  LOGO_ICONS,
  LOGO_STYLES,
  MARKET_SORTS,
  OWNERSHIP_STATUSES,
  PAUSE_REASONS,
  QUICK_STATUSES,
  REVIEW_DECISIONS,
} from './listings.values.ts';
import { rowIdText } from './row-id.ts';

// ---- Seller centre, market and review (spec §1, §2, §3, §4, §5; API.md Seller centre) ----

export * from './listings.values.ts';

const isoTime = z.string();

/** A domain a seller lists: the spec's domain format rule and message (§5). */
export const ListingDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'tooLong')
  .regex(DOMAIN_NAME_RE, { message: 'domainInvalid' });

/** A listing price in cents: $3.00 at least (spec §5). */
export const ListingPriceSchema = z
  .number({ message: 'amountInvalid' })
  .int('notInteger')
  .min(LISTING_RULES.minPriceCents, 'priceTooLow')
  .max(LISTING_RULES.maxPriceCents, 'tooBig');

const industriesSchema = z
  .array(z.enum(INDUSTRY_KEYS, { message: 'choice' }))
  .max(LISTING_RULES.maxIndustries, 'industriesTooMany');
/** Keywords are stored in lower case (Latin letters), so the market's keyword filter matches 'Zen' and 'zen' alike. */
const keywordsSchema = z
  .array(z.string().trim().toLowerCase().min(1, 'required').max(LISTING_RULES.keywordMaxLength, 'tooLong'))
  .max(LISTING_RULES.maxKeywords, 'keywordsTooMany');
const descriptionSchema = z.string().trim().max(LISTING_RULES.descriptionMaxLength, 'tooLong');
const durationSchema = z
  .number()
  .int('notInteger')
  .min(LISTING_RULES.auctionMinDays, 'auctionTooShort')
  .max(LISTING_RULES.auctionMaxDays, 'auctionTooLong');

/** The presentation a seller writes (and review approves): industries, keywords, descriptions. */
export const ListingPresentationSchema = z.object({
  industries: industriesSchema.optional(),
  keywords: keywordsSchema.optional(),
  descriptionZh: descriptionSchema.optional(),
  descriptionEn: descriptionSchema.optional(),
});

/**
 * POST /api/listings: list one domain (API.md). Per mode: `fixed` needs `priceCents`; `auction`
 * needs `startPriceCents` and `durationDays` (reserve optional, ≥ start); `offer` takes an
 * optional `floorCents` (minimum offer) and an optional buy-now `priceCents` (≥ floor).
 */
export const ListingCreateSchema = ListingPresentationSchema.extend({
  domain: ListingDomainSchema,
  mode: z.enum(LISTING_MODES, { message: 'choice' }),
  priceCents: ListingPriceSchema.optional(),
  floorCents: ListingPriceSchema.optional(),
  startPriceCents: ListingPriceSchema.optional(),
  reservePriceCents: ListingPriceSchema.optional(),
  durationDays: durationSchema.optional(),
  endOption: z.enum(LISTING_END_OPTIONS, { message: 'choice' }).default('3m'),
}).superRefine((v, ctx) => {
  const need = (field: keyof typeof v) => ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
  if (v.mode === 'fixed' && v.priceCents === undefined) need('priceCents');
  if (v.mode === 'auction') {
    if (v.startPriceCents === undefined) need('startPriceCents');
    if (v.durationDays === undefined) need('durationDays');
    if (v.reservePriceCents !== undefined && v.startPriceCents !== undefined && v.reservePriceCents < v.startPriceCents)
      ctx.addIssue({ code: 'custom', path: ['reservePriceCents'], message: 'rangeInvalid' });
  }
  if (v.mode === 'offer' && v.priceCents !== undefined && v.floorCents !== undefined && v.priceCents < v.floorCents)
    ctx.addIssue({ code: 'custom', path: ['priceCents'], message: 'rangeInvalid' });
});
export type ListingCreate = z.infer<typeof ListingCreateSchema>;

/**
 * POST /api/listings/:listingId: edit. Prices (and the end option) take effect at once on an
 * approved listing; a description, industries or keywords change of an approved listing goes to
 * `modification_review` while the approved version stays on sale. A listing in review_failed or
 * supplement_required goes back to pending_review. `null` clears an optional price.
 */
export const ListingUpdateSchema = ListingPresentationSchema.extend({
  priceCents: ListingPriceSchema.nullable().optional(),
  floorCents: ListingPriceSchema.nullable().optional(),
  startPriceCents: ListingPriceSchema.optional(),
  reservePriceCents: ListingPriceSchema.nullable().optional(),
  durationDays: durationSchema.optional(),
  endOption: z.enum(LISTING_END_OPTIONS, { message: 'choice' }).optional(),
  /** Take off the shelf (`off_shelf`) or list again (from off_shelf / expired). */
  action: z.enum(['take_down', 'relist'], { message: 'choice' }).optional(),
});
export type ListingUpdate = z.infer<typeof ListingUpdateSchema>;

export const ListingParamsSchema = z.object({ listingId: rowIdText() });

/** A listing's logo as pages show it (`url` serves the SVG or image). */
export const ListingLogoSchema = z.object({
  logoId: z.string(),
  kind: z.enum(['generated', 'upload']),
  style: z.enum(LOGO_STYLES).nullable(),
  url: z.string(),
});
export type ListingLogo = z.infer<typeof ListingLogoSchema>;

/** A price-calendar entry (spec §3): from `date` (00:00 UTC+8) the price is `priceCents`; the one in force is `active`. */
export const CalendarEntrySchema = z.object({
  entryId: z.string(),
  date: z.string(),
  effectiveAt: isoTime,
  priceCents: z.number().int(),
  active: z.boolean(),
  applied: z.boolean(),
});
export type CalendarEntry = z.infer<typeof CalendarEntrySchema>;
export const CalendarSchema = z.object({ items: z.array(CalendarEntrySchema), serverTime: isoTime });
export type Calendar = z.infer<typeof CalendarSchema>;
/** POST /api/listings/:listingId/calendar: replaces the upcoming entries (past ones are history). */
export const CalendarBodySchema = z.object({
  entries: z
    .array(z.object({ date: IsoDateSchema, priceCents: ListingPriceSchema }))
    .max(LISTING_RULES.maxCalendarEntries, 'tooBig'),
});
export type CalendarBody = z.infer<typeof CalendarBodySchema>;

/** A modification awaiting review (what will replace the approved version). */
export const PendingChangesSchema = z.object({
  industries: z.array(z.string()).optional(),
  keywords: z.array(z.string()).optional(),
  descriptionZh: z.string().optional(),
  descriptionEn: z.string().optional(),
  logo: ListingLogoSchema.optional(),
});
export type PendingChanges = z.infer<typeof PendingChangesSchema>;

/** GET /api/listings/:listingId (and each row of GET /api/listings): the seller's view. */
export const ListingSchema = z.object({
  listingId: z.string(),
  domain: z.string(),
  tld: z.string(),
  source: z.enum(LISTING_SOURCES),
  mode: z.enum(LISTING_MODES),
  status: z.enum(LISTING_STATUSES),
  /** The quick-listing switch (approved listings): listed, or paused (by the seller or a lost ownership proof). */
  quickStatus: z.enum(QUICK_STATUSES),
  pausedReason: z.enum(PAUSE_REASONS).nullable(),
  /** The price buyers see now (fixed: the price; offer: buy now, if any; auction: the start price). */
  priceCents: z.number().int().nullable(),
  floorCents: z.number().int().nullable(),
  startPriceCents: z.number().int().nullable(),
  reservePriceCents: z.number().int().nullable(),
  durationDays: z.number().int().nullable(),
  /** The seller auction's lot once approved. */
  auctionId: z.string().nullable(),
  industries: z.array(z.string()),
  keywords: z.array(z.string()),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  logo: ListingLogoSchema.nullable(),
  /** 'AI' logo generations left (spec §9). */
  aiTokensLeft: z.number().int(),
  endOption: z.enum(LISTING_END_OPTIONS),
  expiresAt: isoTime.nullable(),
  /** The operator's reason (rejected, supplement asked, modification rejected). */
  reviewReason: z.string().nullable(),
  pendingChanges: PendingChangesSchema.nullable(),
  /** The next scheduled calendar price, if any. */
  nextPrice: z.object({ date: z.string(), priceCents: z.number().int() }).nullable(),
  /** The fee lock (issue 17): the commission rate in force when it was listed, until feeLockedUntil. */
  commissionBps: z.number().int(),
  feeLockedUntil: isoTime,
  /** Views of its public page, and offers awaiting the seller's answer. */
  views: z.number().int(),
  openOffers: z.number().int(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type Listing = z.infer<typeof ListingSchema>;

export const ListingsQuerySchema = PageQuerySchema.extend({
  status: z.enum(LISTING_STATUSES, { message: 'choice' }).optional(),
  mode: z.enum(LISTING_MODES, { message: 'choice' }).optional(),
  /** Part of the domain name. */
  q: z.string().trim().max(253, 'tooLong').optional(),
});
export type ListingsQuery = z.infer<typeof ListingsQuerySchema>;
/** GET /api/listings: a page and the count per status (the tabs). */
export const ListingsPageSchema = pageSchema(ListingSchema).extend({
  counts: z.record(z.string(), z.number().int()),
  serverTime: isoTime,
});
export type ListingsPage = z.infer<typeof ListingsPageSchema>;

/** POST /api/listings/:listingId/quick (API.md): listed / paused, no review. */
export const QuickBodySchema = z.object({ listed: z.boolean() });

/** POST /api/listings/import (line input; the Excel file is multipart `file`). */
export const ImportLinesBodySchema = z.object({
  lines: z.string().max(LISTING_RULES.maxLines * 300, 'tooLong'),
  /** Applied to every row: mode fixed, this end option. */
  endOption: z.enum(LISTING_END_OPTIONS, { message: 'choice' }).default('3m'),
});
export type ImportLinesBody = z.infer<typeof ImportLinesBodySchema>;
/** A batch's partial-success report: each row listed or refused as a whole. */
export const ImportResultSchema = z.object({
  accepted: z.array(
    z.object({ row: z.number().int(), domain: z.string(), listingId: z.string(), status: z.enum(LISTING_STATUSES) }),
  ),
  refused: z.array(z.object({ row: z.number().int(), domain: z.string(), code: z.string(), message: z.string() })),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** POST /api/listings/batch-price: exactly one of priceCents, percent (−90…+1000) or deltaCents; `preview` changes nothing. */
export const BatchPriceBodySchema = z
  .object({
    listingIds: z.array(rowIdText()).min(1, 'required').max(LISTING_RULES.maxBatch, 'tooBig'),
    priceCents: ListingPriceSchema.optional(),
    percent: z.number().min(-90, 'tooSmall').max(1000, 'tooBig').optional(),
    deltaCents: z
      .number()
      .int('notInteger')
      .min(-LISTING_RULES.maxPriceCents)
      .max(LISTING_RULES.maxPriceCents)
      .optional(),
    preview: z.boolean().default(false),
  })
  .refine((v) => [v.priceCents, v.percent, v.deltaCents].filter((x) => x !== undefined).length === 1, {
    path: ['priceCents'],
    message: 'required',
  });
export type BatchPriceBody = z.infer<typeof BatchPriceBodySchema>;
export const BatchPriceResultSchema = z.object({
  preview: z.boolean(),
  succeeded: z.array(
    z.object({
      listingId: z.string(),
      domain: z.string(),
      oldPriceCents: z.number().int(),
      newPriceCents: z.number().int(),
    }),
  ),
  failed: z.array(z.object({ listingId: z.string(), domain: z.string(), code: z.string(), message: z.string() })),
});
export type BatchPriceResult = z.infer<typeof BatchPriceResultSchema>;

/** POST /api/listings/:listingId/logo (JSON; an upload is multipart `file`). Every 'AI' generation spends one of the listing's 'AI' tokens (no 'AI' preview). */
export const LogoBodySchema = z.object({
  style: z.enum(LOGO_STYLES, { message: 'choice' }),
  foreground: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'invalid')
    .optional(),
  background: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'invalid')
    .optional(),
  font: z.enum(LOGO_FONTS, { message: 'choice' }).optional(),
  icon: z.enum(LOGO_ICONS, { message: 'choice' }).optional(),
  /** Shown text (defaults to the domain's name). */
  text: z.string().trim().min(1, 'required').max(40, 'tooLong').optional(),
  /** 'AI' only: the composition's seed (random when absent); the same seed and domain give the same logo. */
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
  /** Only show it (GET-like): nothing stored, no token spent. */
  preview: z.boolean().default(false),
});
export type LogoBody = z.infer<typeof LogoBodySchema>;
export const LogoResultSchema = z.object({
  logo: ListingLogoSchema.nullable(),
  /** The SVG itself when previewing. */
  svg: z.string().nullable(),
  aiTokensLeft: z.number().int(),
  status: z.enum(LISTING_STATUSES),
});
export type LogoResult = z.infer<typeof LogoResultSchema>;

/** GET/POST /api/ownership/:domain: the TXT record to publish, and the result of the last check. */
export const OwnershipSchema = z.object({
  domain: z.string(),
  recordName: z.string(),
  recordValue: z.string(),
  status: z.enum(OWNERSHIP_STATUSES),
  verifiedAt: isoTime.nullable(),
  lastCheckedAt: isoTime.nullable(),
  /** Why the last check failed (reason code, rendered text). */
  reason: z.string().nullable(),
  reasonText: z.string().nullable(),
});
export type Ownership = z.infer<typeof OwnershipSchema>;
export const OwnershipParamsSchema = z.object({ domain: ListingDomainSchema });

/** GET /api/market: public search (fixed-price and offer listings). */
export const MarketQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().max(253, 'tooLong').optional(),
  tld: z.string().trim().toLowerCase().max(24, 'tooLong').optional(),
  mode: z.enum(['fixed', 'offer'], { message: 'choice' }).optional(),
  minPrice: z.coerce.number().int('notInteger').min(0, 'tooSmall').optional(),
  maxPrice: z.coerce.number().int('notInteger').min(0, 'tooSmall').optional(),
  minLength: z.coerce.number().int('notInteger').min(1, 'tooSmall').max(63, 'tooBig').optional(),
  maxLength: z.coerce.number().int('notInteger').min(1, 'tooSmall').max(63, 'tooBig').optional(),
  industry: z.enum(INDUSTRY_KEYS, { message: 'choice' }).optional(),
  keyword: z.string().trim().toLowerCase().max(LISTING_RULES.keywordMaxLength, 'tooLong').optional(),
  sort: z.enum(MARKET_SORTS, { message: 'choice' }).default('newest'),
}).superRefine((v, ctx) => {
  if (v.minPrice !== undefined && v.maxPrice !== undefined && v.maxPrice < v.minPrice)
    ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: 'rangeInvalid' });
  if (v.minLength !== undefined && v.maxLength !== undefined && v.maxLength < v.minLength)
    ctx.addIssue({ code: 'custom', path: ['maxLength'], message: 'rangeInvalid' });
});
export type MarketQuery = z.infer<typeof MarketQuerySchema>;

/** One listing as the market shows it (the reader's language chooses `description`). */
export const MarketListingSchema = z.object({
  listingId: z.string(),
  domain: z.string(),
  tld: z.string(),
  length: z.number().int(),
  mode: z.enum(LISTING_MODES),
  /** The active price (buy now); null for an offer listing without one. */
  priceCents: z.number().int().nullable(),
  floorCents: z.number().int().nullable(),
  industries: z.array(z.string()),
  keywords: z.array(z.string()),
  description: z.string().nullable(),
  logoUrl: z.string().nullable(),
  listedAt: isoTime,
});
export type MarketListing = z.infer<typeof MarketListingSchema>;
export const MarketPageSchema = pageSchema(MarketListingSchema).extend({
  /** True when `total` is an estimate (large result sets, ADR 0012). */
  totalEstimated: z.boolean(),
});
export type MarketPage = z.infer<typeof MarketPageSchema>;

/** GET /api/market/:domain: one listing's public page. */
export const MarketDetailSchema = MarketListingSchema.extend({
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  /** Seller auction: its lot (the lot page takes bids). */
  auctionId: z.string().nullable(),
  /** The next scheduled price (price calendar), if any. */
  nextPrice: z.object({ date: z.string(), priceCents: z.number().int() }).nullable(),
  expiresAt: isoTime.nullable(),
  /** The seller's masked account (e.g. 'NB****21'). */
  seller: z.string(),
  /** Whether the domain is held here (delivery by an internal push) or elsewhere (transfer). */
  heldHere: z.boolean(),
  serverTime: isoTime,
});
export type MarketDetail = z.infer<typeof MarketDetailSchema>;
export const MarketDomainParamsSchema = z.object({ domain: ListingDomainSchema });

/** GET /api/admin/listings/review: the operators' queue. */
export const AdminListingReviewQuerySchema = PageQuerySchema.extend({
  status: z.enum(['pending_review', 'modification_review', 'supplement_required'], { message: 'choice' }).optional(),
  q: z.string().trim().max(253, 'tooLong').optional(),
});
export type AdminListingReviewQuery = z.infer<typeof AdminListingReviewQuerySchema>;
export const AdminListingSchema = ListingSchema.extend({
  sellerAccountNo: z.string(),
  sellerEmail: z.string(),
  /** Ownership: held here, or the external proof's state. */
  ownershipVerifiedAt: isoTime.nullable(),
  submittedAt: isoTime,
});
export type AdminListing = z.infer<typeof AdminListingSchema>;
export const AdminListingsPageSchema = pageSchema(AdminListingSchema);
/** POST /api/admin/listings/:listingId/review. A reason is required to reject or ask for a supplement. */
export const ReviewBodySchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, { message: 'choice' }),
    reason: z.string().trim().max(500, 'tooLong').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.decision !== 'approve' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
  });
export type ReviewBody = z.infer<typeof ReviewBodySchema>;
