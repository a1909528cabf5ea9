import type { FundsSummary, Locale, Page, TransactionLine, TransactionsQuery } from '@namebourse/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import { ledgerLinePresenter } from '../ledger/ledger.presenter.ts';
import { getBalances, getHolds, getLines, type LedgerLineFilter } from '../ledger/ledger.service.ts';
import { contentDisposition, EXPORT_CONTENT_TYPES, exportTable, toCsv, toXlsx } from './funds.export.ts';
import { presentSummary } from './funds.presenter.ts';
import { settlingCentsOf } from './settlements.service.ts';

type FundsApp = Pick<FastifyInstance, 'platform'>;

const DAY_MS = 24 * 3600 * 1000;

/**
 * My fund (spec §2 /console/fund/recharge): balances with what holds each frozen amount and what
 * is under settlement, and the transaction history (the user's ledger lines) with filters, paging
 * and CSV / XLSX exports capped at the exportMaxRows parameter.
 */

export async function getSummary(app: FundsApp, userId: bigint): Promise<FundsSummary> {
  const { db } = app.platform;
  const [balances, holds, settling] = [
    await getBalances(db, userId),
    await getHolds(db, userId),
    await settlingCentsOf(db, userId),
  ];
  return presentSummary(balances, holds, settling);
}

/** The start of a calendar day (YYYY-MM-DD) in the zone `offsetMinutes` east of UTC. */
export function startOfLocalDay(date: string, offsetMinutes: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - offsetMinutes * 60_000);
}

function lineFilter(userId: bigint, query: TransactionsQuery, offsetMinutes: number): LedgerLineFilter {
  return {
    userId,
    kind: query.type,
    bucket: query.bucket,
    from: query.from ? startOfLocalDay(query.from, offsetMinutes) : undefined,
    // `to` is inclusive: up to the start of the next local day.
    to: query.to ? new Date(startOfLocalDay(query.to, offsetMinutes).getTime() + DAY_MS) : undefined,
  };
}

export async function listTransactions(
  app: FundsApp,
  userId: bigint,
  query: TransactionsQuery,
  reader: { locale: Locale; offsetMinutes: number },
): Promise<Page<TransactionLine>> {
  return pageOf(
    query,
    await getLines(app.platform.db, lineFilter(userId, query, reader.offsetMinutes), windowOf(query)),
    ledgerLinePresenter(reader.locale),
  );
}

export interface ExportFile {
  contentType: string;
  contentDisposition: string;
  body: Buffer;
}

/** The filtered list as a file; over the cap: Funds.ExportFailed ('Export failed, please try again later'). */
export async function exportTransactions(
  app: FundsApp,
  userId: bigint,
  query: TransactionsQuery & { format: 'csv' | 'xlsx' },
  reader: { locale: Locale; offsetMinutes: number },
): Promise<ExportFile> {
  const maxRows = app.platform.parameters.get('exportMaxRows');
  const filter = lineFilter(userId, query, reader.offsetMinutes);
  // Count first: an export over the cap is refused without reading its rows.
  const { total } = await getLines(app.platform.db, filter, { limit: 1, offset: 0 });
  if (total > maxRows) throw new AppError('Funds.ExportFailed', { data: { maxRows, rows: total } });
  const { items } = await getLines(app.platform.db, filter, { limit: maxRows, offset: 0 });
  const table = exportTable(items.map(ledgerLinePresenter(reader.locale)), reader.locale, reader.offsetMinutes);
  return {
    contentType: EXPORT_CONTENT_TYPES[query.format],
    contentDisposition: contentDisposition(query.format, reader.locale, app.platform.clock.now(), reader.offsetMinutes),
    body: query.format === 'csv' ? toCsv(table) : await toXlsx(table, reader.locale),
  };
}
