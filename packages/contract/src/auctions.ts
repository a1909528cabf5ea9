import { z } from 'zod';
import {
  ADMIN_LOT_TYPES,
  AUCTION_RULES,
  AUCTION_SORTS,
  AUCTION_STATUSES,
  BID_KINDS,
  DOMAIN_NAME_RE,
  LOT_TYPES,
  MY_AUCTION_TABS,
  MY_BID_STATES,
  WON_TABS,
} from './auctions.values.ts';
import { IsoDateOrTimeSchema, IsoDateSchema, IsoDateTimeSchema } from './dates.ts';
import { PageQuerySchema } from './envelope.ts';
import { OrderSchema } from './orders.ts';
import { rowIdText } from './row-id.ts';

export * from './auctions.values.ts';

// ---- Auctions and catalogue (spec §1 buyer functions and auction rules, §3 Domain/Auction/Saved filter, §4, §9) ----

// ---- Search (GET /api/auctions): the spec's filter names; prices in whole dollars ----

const wholeDollars = z.coerce.number({ message: 'notInteger' }).int({ message: 'notInteger' }).min(0, 'tooSmall');
const count = z.coerce.number({ message: 'notInteger' }).int({ message: 'notInteger' }).min(0, 'tooSmall');

/** A yes/no filter: a JSON boolean (saved filters) or 'true'/'false' (the address). */
const flag = z.union([z.boolean(), z.stringbool()], { message: 'invalid' });

/** The filter of /sale and of a saved filter: every name of spec §3, plus keyword, type and end window. */
export const AuctionFilterSchema = z
  .object({
    keyword: z.string().trim().max(63, 'tooLong').optional(),
    type: z.enum(LOT_TYPES, { message: 'choice' }).optional(),
    minPrice: wholeDollars.optional(),
    maxPrice: wholeDollars.optional(),
    minBaiduWeight: count.max(10, 'tooBig').optional(),
    minBaiduIndex: count.optional(),
    minSougouIndex: count.optional(),
    minBackLinks: count.optional(),
    maxBackLinks: count.optional(),
    /** One TLD or several separated by commas, with or without the dot: `com`, `.com,.net`. */
    suffix: z
      .string()
      .trim()
      .max(100, 'tooLong')
      .regex(/^\.?[a-z0-9-]+(\s*,\s*\.?[a-z0-9-]+)*$/i, { message: 'invalid' })
      .optional(),
    /** The name (before the TLD) starts with this. */
    includeAsStart: z.string().trim().max(63, 'tooLong').optional(),
    excludeHyphens: flag.optional(),
    excludePremiumNames: flag.optional(),
    /** Registered on or before this date. */
    regTimeEnd: IsoDateSchema.optional(),
    /** Expires on or before this date. */
    expirationTimeEnd: IsoDateSchema.optional(),
    /** Ends at or after this time (a date is its start in UTC+8, the site's business day). */
    saleEndTimeStart: IsoDateOrTimeSchema.optional(),
    /** Ends before this time (the end-date selector sets both to one day). Our addition to the spec's names. */
    saleEndTimeEnd: IsoDateOrTimeSchema.optional(),
  })
  .refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.maxPrice >= f.minPrice, {
    message: 'rangeInvalid',
    path: ['maxPrice'],
  })
  .refine((f) => f.minBackLinks === undefined || f.maxBackLinks === undefined || f.maxBackLinks >= f.minBackLinks, {
    message: 'rangeInvalid',
    path: ['maxBackLinks'],
  });
export type AuctionFilter = z.infer<typeof AuctionFilterSchema>;

/** The query of GET /api/auctions: the filter, sort and paging. Only lots open for bidding are listed. */
export const AuctionSearchQuerySchema = z.intersection(
  AuctionFilterSchema,
  PageQuerySchema.extend({ sort: z.enum(AUCTION_SORTS, { message: 'choice' }).default('ending') }),
);
export type AuctionSearchQuery = z.infer<typeof AuctionSearchQuerySchema>;

// ---- Domain data of a lot (spec §3 Domain) ----

export const DomainMetricsSchema = z.object({
  traffic: z.number().int().nonnegative(),
  backlinks: z.number().int().nonnegative(),
  referringDomains: z.number().int().nonnegative(),
  citationFlow: z.number().int().min(0).max(100),
  trustFlow: z.number().int().min(0).max(100),
  baiduIndex: z.number().int().nonnegative(),
  sogouIndex: z.number().int().nonnegative(),
  googleIndex: z.number().int().nonnegative(),
  /** Baidu weight (权重) 0–10. */
  baiduWeight: z.number().int().min(0).max(10),
  pageAuthority: z.number().int().min(0).max(100),
});
export type DomainMetrics = z.infer<typeof DomainMetricsSchema>;

/** One row of /sale and of the watchlist, hot auctions and top deals. */
export const AuctionSummarySchema = z.object({
  auctionId: z.string(),
  domain: z.string(),
  /** The TLD without the dot: 'com'. */
  tld: z.string(),
  /** Characters of the name before the TLD. */
  length: z.number().int(),
  type: z.enum(LOT_TYPES),
  status: z.enum(AUCTION_STATUSES),
  isPremium: z.boolean(),
  currentPriceCents: z.number().int(),
  minNextBidCents: z.number().int(),
  bidCount: z.number().int(),
  bidderCount: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  registeredAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  registrar: z.string(),
  metrics: DomainMetricsSchema,
  /** The winning price once ended with a winner; null otherwise. */
  winningPriceCents: z.number().int().nullable(),
  /** For the signed-in user: on their watchlist. False for visitors. */
  isWatched: z.boolean(),
});
export type AuctionSummary = z.infer<typeof AuctionSummarySchema>;

/**
 * The answer of GET /api/auctions: a page of lots and how many match. `total` is exact when
 * `totalIsEstimate` is false; otherwise large result sets are not counted (too costly) and `total`
 * is the database's estimate, rounded to two significant figures and never below the lots up to
 * this page (plus one when another page follows). The /sale page shows it as "about N".
 */
export const AuctionSearchPageSchema = z.object({
  items: z.array(AuctionSummarySchema),
  total: z.number().int().nonnegative(),
  totalIsEstimate: z.boolean(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AuctionSearchPage = z.infer<typeof AuctionSearchPageSchema>;

/** GET /api/auctions/:auctionId (API.md): the lot, its bidding state and, signed in, mine. */
export const AuctionDetailSchema = AuctionSummarySchema.extend({
  partner: z.string(),
  incrementCents: z.number().int(),
  startPriceCents: z.number().int(),
  /** The end as first scheduled; `endsAt` differs when soft close extended it. */
  scheduledEndsAt: z.string(),
  /** The latest end soft close may reach (start + 6 days). */
  latestEndsAt: z.string(),
  isExtended: z.boolean(),
  /** Expired lots: the old holder may redeem until this date. */
  redeemableUntil: z.string().nullable(),
  /** A seller auction's reserve: whether one is set, and whether the leader's bid reaches it (null: no reserve). */
  hasReserve: z.boolean(),
  reserveMet: z.boolean().nullable(),
  /** The signed-in user is this lot's seller (cannot bid). */
  isMine: z.boolean(),
  /** Deposit the signed-in user's next bid at the minimum needs in total (what is already held counts). */
  depositCents: z.number().int(),
  /** What that bid would still add to the deposit: max(0, depositCents − myDepositCents). */
  depositDueCents: z.number().int(),
  /** Signed in: my maximum (null when I have not bid), my held deposit, whether I lead, whether I exited. */
  myMaxBidCents: z.number().int().nullable(),
  myDepositCents: z.number().int(),
  isLeading: z.boolean(),
  hasExited: z.boolean(),
  /** The masked name the bid records show for me in this lot (null when I have not bid). */
  myBidderName: z.string().nullable(),
  /** The last bid record's hash (the head of the chain), null before the first bid. */
  chainHead: z.string().nullable(),
  /** Server time, for countdowns that do not trust the device clock. */
  serverTime: z.string(),
});
export type AuctionDetail = z.infer<typeof AuctionDetailSchema>;

/** POST /api/auctions/:auctionId/bids: an amount and optionally a higher hidden maximum (proxy bidding). */
export const PlaceBidRequestSchema = z
  .object({
    amountCents: z
      .number({ message: 'notInteger' })
      .int({ message: 'notInteger' })
      .positive('tooSmall')
      .max(AUCTION_RULES.maxBidCents, 'tooBig'),
    maxAmountCents: z
      .number({ message: 'notInteger' })
      .int({ message: 'notInteger' })
      .positive('tooSmall')
      .max(AUCTION_RULES.maxBidCents, 'tooBig')
      .optional(),
  })
  .refine((b) => b.maxAmountCents === undefined || b.maxAmountCents >= b.amountCents, {
    message: 'rangeInvalid',
    path: ['maxAmountCents'],
  });
export type PlaceBidRequest = z.infer<typeof PlaceBidRequestSchema>;

/**
 * One bid record: every price change is one (manual or proxy). Records form a hash chain:
 * `hash = sha256hex(bidHashInput(record))`, whose input carries `prevHash` (64 zeros for the first).
 */
export const BidRecordSchema = z.object({
  bidId: z.string(),
  /** 1, 2, 3 … within the lot. */
  seq: z.number().int().positive(),
  /** Masked bidder name, stable within the lot ('Bidder 3' / '竞拍者 3' comes from `bidderNo`). */
  bidderNo: z.number().int().positive(),
  isMine: z.boolean(),
  amountCents: z.number().int(),
  kind: z.enum(BID_KINDS),
  createdAt: z.string(),
  prevHash: z.string(),
  hash: z.string(),
});
export type BidRecord = z.infer<typeof BidRecordSchema>;

/** GET /api/auctions/:auctionId/bids: newest first (paged), with the chain head. */
export const BidsQuerySchema = PageQuerySchema;
/** The answer of GET /api/auctions/:auctionId/bids: a page of records and the lot's chain head. */
export const BidsPageSchema = z.object({
  items: z.array(BidRecordSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** The newest record's hash (null before the first bid). */
  chainHead: z.string().nullable(),
});
export type BidsPage = z.infer<typeof BidsPageSchema>;

// ---- Live updates (GET /api/auctions/:auctionId/events, server-sent events) ----

/** The data of a live event: the lot's new public state (each client then refetches what is personal). */
export const AuctionLiveSchema = z.object({
  auctionId: z.string(),
  status: z.enum(AUCTION_STATUSES),
  currentPriceCents: z.number().int(),
  minNextBidCents: z.number().int(),
  bidCount: z.number().int(),
  bidderCount: z.number().int(),
  endsAt: z.string(),
  isExtended: z.boolean(),
  /** The masked leader (bidderNo), null without bids. */
  leaderBidderNo: z.number().int().nullable(),
  winningPriceCents: z.number().int().nullable(),
});
export type AuctionLive = z.infer<typeof AuctionLiveSchema>;

// ---- Buyer consoles ----

export const MyAuctionsQuerySchema = PageQuerySchema.extend({
  status: z.enum(MY_AUCTION_TABS, { message: 'choice' }).optional(),
});
export type MyAuctionsQuery = z.infer<typeof MyAuctionsQuerySchema>;

export const MyAuctionSchema = AuctionSummarySchema.extend({
  myMaxBidCents: z.number().int(),
  myDepositCents: z.number().int(),
  myLastBidAt: z.string(),
  state: z.enum(MY_BID_STATES),
  canExit: z.boolean(),
});
export type MyAuction = z.infer<typeof MyAuctionSchema>;

export const WonQuerySchema = PageQuerySchema.extend({ status: z.enum(WON_TABS, { message: 'choice' }).optional() });
export type WonQuery = z.infer<typeof WonQuerySchema>;
export const WonAuctionSchema = z.object({
  auctionId: z.string(),
  domain: z.string(),
  type: z.enum(LOT_TYPES),
  winningPriceCents: z.number().int(),
  endedAt: z.string(),
  /** Deposit still held for this lot (released once paid, forfeited on violation). */
  depositCents: z.number().int(),
  order: OrderSchema,
});
export type WonAuction = z.infer<typeof WonAuctionSchema>;

// ---- Watchlist and saved filters ----

export const WatchRequestSchema = z.object({ auctionId: rowIdText('invalid') });

export const SavedFilterSchema = z.object({
  id: z.string(),
  name: z.string(),
  filter: AuctionFilterSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedFilter = z.infer<typeof SavedFilterSchema>;
export const SaveFilterRequestSchema = z.object({
  name: z.string().trim().min(1, 'required').max(AUCTION_RULES.savedFilterNameMax, 'tooLong'),
  filter: AuctionFilterSchema,
});
export type SaveFilterRequest = z.infer<typeof SaveFilterRequestSchema>;
/** PATCH /api/saved-filters/:id: rename (and optionally replace the filter). */
export const UpdateSavedFilterRequestSchema = z.object({
  name: z.string().trim().min(1, 'required').max(AUCTION_RULES.savedFilterNameMax, 'tooLong'),
  filter: AuctionFilterSchema.optional(),
});

// ---- Operator: adding lots (POST /api/admin/auctions, API.md) ----

/**
 * One lot as an operator adds it. The CSV upload (parseLotsCsv in auctions-csv.ts, shared by the web
 * page) takes one lot per line under a header line naming these columns, in this order:
 *
 *   domain,type,registrar,partner,startPrice,startsAt,endsAt,redeemableUntil,registeredAt,expiresAt,
 *   traffic,backlinks,referringDomains,citationFlow,trustFlow,baiduIndex,sogouIndex,googleIndex,
 *   baiduWeight,pageAuthority,isPremium
 *
 * startPrice in dollars (`12` or `12.50`); times as ISO-8601 with an offset, or `YYYY-MM-DD[ HH:mm[:ss]]`
 * read in UTC+8 (the site's business day); metrics whole numbers (empty = 0); isPremium true/false/1/0
 * (empty = false); redeemableUntil, registeredAt and expiresAt may be empty. The JSON of
 * POST /api/admin/auctions carries the same fields (startPriceCents, metrics as an object).
 */
export const AdminLotSchema = z
  .object({
    domain: z.string().trim().toLowerCase().max(253, 'tooLong').regex(DOMAIN_NAME_RE, { message: 'domainInvalid' }),
    type: z.enum(ADMIN_LOT_TYPES, { message: 'choice' }),
    registrar: z.string().trim().min(1, 'required').max(100, 'tooLong'),
    partner: z.string().trim().min(1, 'required').max(100, 'tooLong'),
    startPriceCents: z
      .number({ message: 'notInteger' })
      .int({ message: 'notInteger' })
      .min(AUCTION_RULES.minStartPriceCents, 'tooSmall')
      .max(AUCTION_RULES.maxBidCents, 'tooBig'),
    startsAt: IsoDateTimeSchema,
    endsAt: IsoDateTimeSchema,
    redeemableUntil: IsoDateTimeSchema.optional(),
    registeredAt: IsoDateTimeSchema.optional(),
    expiresAt: IsoDateTimeSchema.optional(),
    isPremium: z.boolean().optional(),
    metrics: DomainMetricsSchema.partial().optional(),
  })
  .refine((l) => Date.parse(l.endsAt) - Date.parse(l.startsAt) >= AUCTION_RULES.minDurationDays * 86_400_000, {
    message: 'auctionTooShort',
    path: ['endsAt'],
  })
  .refine((l) => Date.parse(l.endsAt) - Date.parse(l.startsAt) <= AUCTION_RULES.maxDurationDays * 86_400_000, {
    message: 'auctionTooLong',
    path: ['endsAt'],
  });
export type AdminLot = z.infer<typeof AdminLotSchema>;

export const AdminAddLotsRequestSchema = z.object({
  lots: z.array(AdminLotSchema).min(1, 'required').max(AUCTION_RULES.adminLotsMax, 'tooBig'),
});
export const AdminAddLotsResponseSchema = z.object({
  created: z.array(z.object({ auctionId: z.string(), domain: z.string() })),
});

// ---- Operator: the lots list (GET /api/admin/auctions) ----

export const AdminAuctionsQuerySchema = PageQuerySchema.extend({
  status: z.enum(AUCTION_STATUSES, { message: 'choice' }).optional(),
  /** Part of the domain name. */
  keyword: z.string().trim().max(63, 'tooLong').optional(),
});
export type AdminAuctionsQuery = z.infer<typeof AdminAuctionsQuerySchema>;

/** One lot in the operator console: the public summary plus what only operators see. */
export const AdminAuctionSchema = AuctionSummarySchema.omit({ isWatched: true }).extend({
  partner: z.string(),
  startPriceCents: z.number().int(),
  scheduledEndsAt: z.string(),
  latestEndsAt: z.string(),
  redeemableUntil: z.string().nullable(),
  /** Account number of the winner once ended with one. */
  winnerAccountNo: z.string().nullable(),
  orderId: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAuction = z.infer<typeof AdminAuctionSchema>;

// ---- Watchlist and saved filters: answers ----

/** POST /api/watchlist and DELETE /api/watchlist/:auctionId answer with the lot's new state. */
export const WatchStateSchema = z.object({ auctionId: z.string(), isWatched: z.boolean() });
export type WatchState = z.infer<typeof WatchStateSchema>;

/** GET /api/saved-filters: all of them fit on one page by default. */
export const SavedFiltersQuerySchema = PageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(AUCTION_RULES.savedFiltersMax),
});
