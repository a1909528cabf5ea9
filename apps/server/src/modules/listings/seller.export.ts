import type {
  ListingMode,
  Locale,
  OrderStatus,
  SellerSale,
  SellerSalesQuery,
  SellerStatistics,
} from '@namebourse/contract';
import { AppError } from '../../platform/errors.ts';
import {
  attachmentDisposition,
  EXPORT_CONTENT_TYPES,
  type ExportFormat,
  type ExportTable,
  localTime,
  offsetLabel,
  tableToCsv,
  tableToXlsx,
} from '../../platform/table-export.ts';
import { getMyStatistics, listMySales, type SellerApp } from './seller.service.ts';

/**
 * The seller centre's downloads (GET /seller/sales?format=csv|xlsx, GET /seller/statistics?format=…):
 * the whole filtered list of sales (at most the exportMaxRows parameter, as the funds history), and
 * the statistics by month, TLD and mode, with headers and names in the reader's language and times
 * in the reader's zone. Any failure answers Funds.ExportFailed ('Export failed, please try again later').
 */

export interface Reader {
  locale: Locale;
  offsetMinutes: number;
}

export interface ExportFile {
  contentType: string;
  contentDisposition: string;
  body: Buffer;
}

const MODE_NAMES: Record<ListingMode, Record<Locale, string>> = {
  fixed: { 'zh-CN': '一口价', 'en-US': 'Fixed price' },
  auction: { 'zh-CN': '拍卖', 'en-US': 'Auction' },
  offer: { 'zh-CN': '议价', 'en-US': 'Offer' },
};

const STATUS_NAMES: Record<OrderStatus, Record<Locale, string>> = {
  awaiting_payment: { 'zh-CN': '等待买家付款', 'en-US': 'Awaiting payment' },
  paid_awaiting_delivery: { 'zh-CN': '已付款，等待交付', 'en-US': 'Paid, awaiting delivery' },
  transferring: { 'zh-CN': '转移中', 'en-US': 'Transferring' },
  completed: { 'zh-CN': '已完成', 'en-US': 'Completed' },
  delivery_failed: { 'zh-CN': '交付重试中', 'en-US': 'Delivery being retried' },
  buyer_violation: { 'zh-CN': '买家未付款', 'en-US': 'Buyer did not pay' },
  confiscated: { 'zh-CN': '已没收', 'en-US': 'Confiscated' },
  refunded: { 'zh-CN': '已退款给买家', 'en-US': 'Refunded to the buyer' },
  voided: { 'zh-CN': '已作废', 'en-US': 'Voided' },
  expired: { 'zh-CN': '已过期', 'en-US': 'Expired' },
};

const SALES: Record<Locale, { time: string; rest: string[]; sheet: string; file: string }> = {
  'zh-CN': {
    time: '售出时间',
    rest: [
      '域名',
      '出售方式',
      '买家',
      '成交价（税前，USD）',
      '税费 (USD)',
      '买家支付 (USD)',
      '佣金率 (%)',
      '佣金 (USD)',
      '预计净收益 (USD)',
      '计入收益 (USD)',
      '状态',
      '付款时间',
      '交付时间',
      '计入收益时间',
      '结算单号',
      '订单号',
    ],
    sheet: '已售域名',
    file: '已售域名',
  },
  'en-US': {
    time: 'Sold at',
    rest: [
      'Domain',
      'Mode',
      'Buyer',
      'Price before tax (USD)',
      'Tax (USD)',
      'Buyer paid (USD)',
      'Commission rate (%)',
      'Commission (USD)',
      'Expected net (USD)',
      'Credited (USD)',
      'Status',
      'Paid at',
      'Delivered at',
      'Credited at',
      'Settlement ID',
      'Order ID',
    ],
    sheet: 'Sales',
    file: 'sales',
  },
};

const STATS: Record<
  Locale,
  { headers: string[]; groups: Record<'month' | 'tld' | 'mode', string>; sheet: string; file: string }
> = {
  'zh-CN': {
    headers: ['统计维度', '分组', '笔数', '成交额（税前，USD）', '平均成交价 (USD)', '计入收益 (USD)'],
    groups: { month: '月份 (UTC+8)', tld: '后缀', mode: '出售方式' },
    sheet: '销售统计',
    file: '销售统计',
  },
  'en-US': {
    headers: ['Breakdown', 'Group', 'Sales', 'Revenue before tax (USD)', 'Average price (USD)', 'Credited (USD)'],
    groups: { month: 'Month (UTC+8)', tld: 'TLD', mode: 'Mode' },
    sheet: 'Statistics',
    file: 'sales-statistics',
  },
};

const dollars = (cents: number | null) => (cents === null ? '' : cents / 100);

export function salesTable(sales: readonly SellerSale[], locale: Locale, offsetMinutes: number): ExportTable {
  const h = SALES[locale];
  const time = (iso: string | null) => (iso ? localTime(iso, offsetMinutes) : '');
  return {
    headers: [`${h.time} (UTC${offsetLabel(offsetMinutes)})`, ...h.rest],
    rows: sales.map((s) => [
      time(s.soldAt),
      s.domain,
      MODE_NAMES[s.mode][locale],
      s.buyer,
      s.priceCents / 100,
      s.taxCents / 100,
      s.amountCents / 100,
      s.commissionBps / 100,
      s.commissionCents / 100,
      s.expectedNetCents / 100,
      dollars(s.netCents),
      STATUS_NAMES[s.status]?.[locale] ?? s.status,
      time(s.paidAt),
      time(s.deliveredAt),
      time(s.creditedAt),
      s.payout?.settlementId ?? '',
      s.orderId,
    ]),
    moneyColumns: [4, 5, 6, 8, 9, 10],
    widths: [20, 28, 12, 12, 16, 12, 16, 12, 14, 16, 16, 18, 20, 20, 20, 18, 22],
  };
}

export function statisticsTable(stats: SellerStatistics, locale: Locale): ExportTable {
  const h = STATS[locale];
  type Bucket = { count: number; grossCents: number; netCents: number };
  const row = (group: keyof typeof h.groups, key: string, b: Bucket) => [
    h.groups[group],
    key,
    b.count,
    b.grossCents / 100,
    b.count === 0 ? 0 : Math.round(b.grossCents / b.count) / 100,
    b.netCents / 100,
  ];
  return {
    headers: h.headers,
    rows: [
      ...stats.byMonth.map((b) => row('month', b.month, b)),
      ...stats.byTld.map((b) => row('tld', `.${b.tld}`, b)),
      ...stats.byMode.map((b) => row('mode', MODE_NAMES[b.mode][locale], b)),
    ],
    moneyColumns: [3, 4, 5],
    widths: [16, 16, 10, 22, 18, 16],
  };
}

async function fileOf(
  table: ExportTable,
  names: Record<Locale, { sheet: string; file: string }>,
  format: ExportFormat,
  reader: Reader,
  now: Date,
): Promise<ExportFile> {
  return {
    contentType: EXPORT_CONTENT_TYPES[format],
    contentDisposition: attachmentDisposition(
      { ascii: names['en-US'].file, localised: names[reader.locale].file },
      format,
      now,
      reader.offsetMinutes,
    ),
    body: format === 'csv' ? tableToCsv(table) : await tableToXlsx(table, names[reader.locale].sheet),
  };
}

/** Anything but a known refusal becomes Funds.ExportFailed (the cause logged by the error handler's caller). */
async function guarded<T>(app: SellerApp, build: () => Promise<T>): Promise<T> {
  try {
    return await build();
  } catch (err) {
    if (err instanceof AppError) throw err;
    app.log.error({ err }, 'seller export failed');
    throw new AppError('Funds.ExportFailed');
  }
}

/** The whole filtered list of sales as a file; over the exportMaxRows parameter: Funds.ExportFailed. */
export function exportMySales(
  app: SellerApp,
  sellerId: bigint,
  query: SellerSalesQuery,
  format: ExportFormat,
  reader: Reader,
): Promise<ExportFile> {
  return guarded(app, async () => {
    const maxRows = app.platform.parameters.get('exportMaxRows');
    // Count first: an export over the cap is refused without reading its rows.
    const { total } = await listMySales(app, sellerId, { ...query, page: 1, pageSize: 1 });
    if (total > maxRows) throw new AppError('Funds.ExportFailed', { data: { maxRows, rows: total } });
    const { items } = await listMySales(app, sellerId, { ...query, page: 1, pageSize: maxRows });
    const table = salesTable(items, reader.locale, reader.offsetMinutes);
    return fileOf(table, SALES, format, reader, app.platform.clock.now());
  });
}

/** The statistics by month, TLD and mode as a file. */
export function exportMyStatistics(
  app: SellerApp,
  sellerId: bigint,
  format: ExportFormat,
  reader: Reader,
): Promise<ExportFile> {
  return guarded(app, async () => {
    const table = statisticsTable(await getMyStatistics(app, sellerId), reader.locale);
    return fileOf(table, STATS, format, reader, app.platform.clock.now());
  });
}
