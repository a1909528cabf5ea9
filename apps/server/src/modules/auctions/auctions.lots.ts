import {
  AUCTION_RULES,
  type AdminAuction,
  type AdminAuctionsQuery,
  type AdminLot,
  AdminLotSchema,
  FIELD_MESSAGES,
  type FieldMessageKey,
  fieldMessage,
  type Locale,
  type Page,
} from '@namebourse/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { App } from '../../platform/app-context.ts';
import type { DbOrTx, Tx } from '../../db/open-database.ts';
import { auctions } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { getUsersByIds } from '../account/account.service.ts';
import { type Actor, recordAudit } from '../admin/audit.service.ts';
import { escapeLike, type LotRow, presentLotSummary, splitDomain } from './auctions.search.ts';

/**
 * Operators adding lots (POST /api/admin/auctions, the console form and CSV upload) and the
 * operator's list of lots. A batch is all or nothing: one transaction, one audit record per lot.
 */

const DAY_MS = 86_400_000;
/** Rows per multi-row INSERT (well under PostgreSQL's 65,535 parameters). */
const INSERT_CHUNK = 500;
type NewLotRow = typeof auctions.$inferInsert;

/** The row a lot becomes: name/TLD/length/hyphen from the domain, end window, status by start. */
export function lotRow(lot: AdminLot, now: Date, createdBy: bigint | null): NewLotRow {
  const startsAt = new Date(lot.startsAt);
  const endsAt = new Date(lot.endsAt);
  const m = lot.metrics ?? {};
  return {
    domain: lot.domain,
    ...splitDomain(lot.domain),
    isPremium: lot.isPremium ?? false,
    type: lot.type,
    status: startsAt.getTime() <= now.getTime() ? 'bidding' : 'scheduled',
    partner: lot.partner,
    registrar: lot.registrar,
    registeredAt: lot.registeredAt ? new Date(lot.registeredAt) : null,
    expiresAt: lot.expiresAt ? new Date(lot.expiresAt) : null,
    redeemableUntil: lot.redeemableUntil ? new Date(lot.redeemableUntil) : null,
    traffic: m.traffic ?? 0,
    backlinks: m.backlinks ?? 0,
    referringDomains: m.referringDomains ?? 0,
    citationFlow: m.citationFlow ?? 0,
    trustFlow: m.trustFlow ?? 0,
    baiduIndex: m.baiduIndex ?? 0,
    sogouIndex: m.sogouIndex ?? 0,
    googleIndex: m.googleIndex ?? 0,
    baiduWeight: m.baiduWeight ?? 0,
    pageAuthority: m.pageAuthority ?? 0,
    startPriceCents: lot.startPriceCents,
    currentPriceCents: lot.startPriceCents,
    startsAt,
    scheduledEndsAt: endsAt,
    endsAt,
    latestEndsAt: new Date(startsAt.getTime() + AUCTION_RULES.maxDurationDays * DAY_MS),
    createdBy,
    createdAt: now,
    updatedAt: now,
  };
}

function isUniqueViolation(err: unknown): err is { code: string; detail?: string } {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function messageKey(message: string): FieldMessageKey {
  return Object.hasOwn(FIELD_MESSAGES, message) ? (message as FieldMessageKey) : 'invalid';
}

/** Domains of the batch that already have a scheduled or bidding lot. */
async function openDomains(db: DbOrTx, domains: string[]): Promise<Set<string>> {
  if (domains.length === 0) return new Set();
  const rows = await db
    .select({ domain: auctions.domain })
    .from(auctions)
    .where(and(inArray(auctions.domain, domains), sql`${auctions.status} in ('scheduled', 'bidding')`));
  return new Set(rows.map((r) => r.domain));
}

async function insertLots(tx: Tx, rows: NewLotRow[]): Promise<{ id: bigint; domain: string; status: string }[]> {
  const out: { id: bigint; domain: string; status: string }[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    out.push(
      ...(await tx
        .insert(auctions)
        .values(rows.slice(i, i + INSERT_CHUNK))
        .returning({ id: auctions.id, domain: auctions.domain, status: auctions.status })),
    );
  }
  return out;
}

/**
 * Adds lots. Each lot is checked against AdminLotSchema (3–6 days, start price, domain …) and must
 * end in the future; a domain twice in the batch or with an open lot already → Auction.LotExists
 * (data: the domain and per-row field messages `lots.<index>.domain`). All or nothing.
 */
export async function createLots(
  app: App,
  actor: Exclude<Actor, 'system'>,
  input: readonly unknown[],
  options: { locale?: Locale } = {},
): Promise<{ created: { auctionId: string; domain: string }[] }> {
  const locale = options.locale ?? 'en-US';
  const { db, clock } = app.platform;
  const now = clock.now();

  const fields: Record<string, string> = {};
  const lots: AdminLot[] = [];
  if (input.length === 0) fields.lots = fieldMessage('required', locale);
  if (input.length > AUCTION_RULES.adminLotsMax)
    fields.lots = fieldMessage('tooBig', locale, { max: AUCTION_RULES.adminLotsMax });
  input.forEach((raw, index) => {
    const parsed = AdminLotSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        fields[`lots.${index}.${issue.path.join('.')}`] ??= fieldMessage(messageKey(issue.message), locale);
      }
      return;
    }
    if (Date.parse(parsed.data.endsAt) <= now.getTime()) {
      fields[`lots.${index}.endsAt`] = fieldMessage('lotEnded', locale);
    }
    lots[index] = parsed.data;
  });
  if (Object.keys(fields).length > 0) throw new AppError('Request.Invalid', { data: { fields } });

  const firstIndex = new Map<string, number>();
  lots.forEach((lot, index) => {
    if (firstIndex.has(lot.domain)) fields[`lots.${index}.domain`] = fieldMessage('lotDuplicate', locale);
    else firstIndex.set(lot.domain, index);
  });
  const lotExists = (domain: string) => new AppError('Auction.LotExists', { data: { domain, fields } });
  const duplicate = Object.keys(fields)[0];
  if (duplicate) throw lotExists(lots[Number(duplicate.split('.')[1])]?.domain as string);

  try {
    const inserted = await db.transaction(async (tx) => {
      const taken = await openDomains(tx, [...firstIndex.keys()]);
      if (taken.size > 0) {
        lots.forEach((lot, index) => {
          if (taken.has(lot.domain)) fields[`lots.${index}.domain`] = fieldMessage('lotExists', locale);
        });
        throw lotExists(lots.find((l) => taken.has(l.domain))?.domain as string);
      }
      const rows = await insertLots(
        tx,
        lots.map((lot) => lotRow(lot, now, actor.id)),
      );
      for (const row of rows) {
        await recordAudit(tx, {
          entityType: 'auction',
          entityId: String(row.id),
          action: 'create',
          toStatus: row.status,
          reason: row.domain,
          actor,
          now,
        });
      }
      return rows;
    });
    const byDomain = new Map(inserted.map((r) => [r.domain, r.id]));
    return { created: lots.map((lot) => ({ auctionId: String(byDomain.get(lot.domain)), domain: lot.domain })) };
  } catch (err) {
    // Another batch took one of the domains between our check and our insert.
    if (isUniqueViolation(err)) {
      const domain = /\(domain\)=\(([^)]+)\)/.exec(err.detail ?? '')?.[1] ?? lots[0]?.domain ?? '';
      const index = lots.findIndex((l) => l.domain === domain);
      if (index >= 0) fields[`lots.${index}.domain`] = fieldMessage('lotExists', locale);
      throw lotExists(domain);
    }
    throw err;
  }
}

// ---- The operator's list ----

function adminWhere(query: AdminAuctionsQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (query.status) parts.push(eq(auctions.status, query.status));
  const keyword = query.keyword?.trim().toLowerCase();
  if (keyword) parts.push(sql`${auctions.domain} ilike ${`%${escapeLike(keyword)}%`}`);
  return parts.length > 0 ? and(...parts) : undefined;
}

function presentAdminLot(row: LotRow, winnerAccountNo: string | null): AdminAuction {
  const { isWatched: _, ...summary } = presentLotSummary(row, { isWatched: false });
  return {
    ...summary,
    partner: row.partner,
    startPriceCents: row.startPriceCents,
    scheduledEndsAt: row.scheduledEndsAt.toISOString(),
    latestEndsAt: row.latestEndsAt.toISOString(),
    redeemableUntil: row.redeemableUntil ? row.redeemableUntil.toISOString() : null,
    winnerAccountNo,
    orderId: row.orderId,
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/admin/auctions: every lot, newest first; `status` and a part of the domain narrow it. */
export async function listLotsForOperator(app: App, query: AdminAuctionsQuery): Promise<Page<AdminAuction>> {
  const { db } = app.platform;
  const where = adminWhere(query);
  const rows = await db
    .select()
    .from(auctions)
    .where(where)
    .orderBy(desc(auctions.createdAt), desc(auctions.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const counted = await db.select({ n: sql<number>`count(*)::int` }).from(auctions).where(where);
  const winnerIds = [...new Set(rows.flatMap((r) => (r.winnerId === null ? [] : [r.winnerId])))];
  const winners = await getUsersByIds(app, winnerIds);
  return {
    items: rows.map((r) =>
      presentAdminLot(r, r.winnerId === null ? null : (winners.get(String(r.winnerId))?.accountNo ?? null)),
    ),
    total: Number(counted[0]?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
