import {
  type AdminAuction,
  type AdminAuctionsQuery,
  type AdminLot,
  AdminLotSchema,
  AUCTION_RULES,
  FIELD_MESSAGES,
  type FieldMessageKey,
  fieldMessage,
  type Locale,
  type Page,
  splitDomain,
} from '@namebourse/contract';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf } from '../../platform/paging.ts';
import { getUsersByIds } from '../account/account.service.ts';
import { type Actor, recordAudit } from '../admin/audit.service.ts';
import { insertLots, listLotRowsForOperator, openDomains } from './auctions.lots.repository.ts';
import { presentSummary } from './auctions.presenter.ts';
import type { AuctionRow, NewAuctionRow } from './auctions.repository.ts';

/**
 * Operators adding lots (POST /api/admin/auctions, the console form and CSV upload) and the
 * operator's list of lots. A batch is all or nothing: one transaction, one audit record per lot.
 */

const DAY_MS = 86_400_000;

/** The row a lot becomes: name/TLD/length/hyphen from the domain, end window, status by start. */
export function lotRow(lot: AdminLot, now: Date, createdBy: bigint | null): NewAuctionRow {
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

function presentAdminLot(row: AuctionRow, winnerAccountNo: string | null): AdminAuction {
  const { isWatched: _, ...summary } = presentSummary(row, { isWatched: false });
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
  const { rows, total } = await listLotRowsForOperator(app.platform.db, query);
  const winnerIds = [...new Set(rows.flatMap((r) => (r.winnerId === null ? [] : [r.winnerId])))];
  const winners = await getUsersByIds(app, winnerIds);
  return pageOf(query, { items: rows, total }, (r) =>
    presentAdminLot(r, r.winnerId === null ? null : (winners.get(String(r.winnerId))?.accountNo ?? null)),
  );
}
