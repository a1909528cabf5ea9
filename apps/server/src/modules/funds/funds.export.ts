import type { Locale, TransactionLine, TransactionType, UserBucket } from '@namebourse/contract';
import {
  attachmentDisposition,
  EXPORT_CONTENT_TYPES,
  type ExportTable,
  localTime,
  offsetLabel,
  tableToCsv,
  tableToXlsx,
} from '../../platform/table-export.ts';

/**
 * Transaction-history exports (spec §2 my fund: export to CSV and XLSX): the filtered lines with
 * headers and type names in the caller's language and times in the caller's time zone. CSV is
 * UTF-8 with a byte-order mark (so Excel reads Chinese correctly), RFC 4180 quoting and CRLF.
 */

export const TYPE_NAMES: Record<TransactionType, Record<Locale, string>> = {
  recharge: { 'zh-CN': '充值', 'en-US': 'Top-up' },
  deposit_hold: { 'zh-CN': '保证金冻结', 'en-US': 'Deposit frozen' },
  deposit_release: { 'zh-CN': '保证金解冻', 'en-US': 'Deposit released' },
  deposit_forfeit: { 'zh-CN': '保证金扣除', 'en-US': 'Deposit forfeited' },
  order_payment: { 'zh-CN': '订单支付', 'en-US': 'Order payment' },
  order_refund: { 'zh-CN': '订单退款', 'en-US': 'Order refund' },
  order_delivery: { 'zh-CN': '订单交付', 'en-US': 'Order delivered' },
  sale_proceeds: { 'zh-CN': '销售收入', 'en-US': 'Sale proceeds' },
  settlement_request: { 'zh-CN': '结算申请', 'en-US': 'Settlement requested' },
  settlement_paid: { 'zh-CN': '结算完成', 'en-US': 'Settlement paid' },
  settlement_returned: { 'zh-CN': '结算退回', 'en-US': 'Settlement returned' },
  adjustment: { 'zh-CN': '人工调整', 'en-US': 'Adjustment' },
};

export const BUCKET_NAMES: Record<UserBucket, Record<Locale, string>> = {
  available: { 'zh-CN': '可用余额', 'en-US': 'Available' },
  frozen: { 'zh-CN': '冻结金额', 'en-US': 'Frozen' },
  earnings: { 'zh-CN': '收益', 'en-US': 'Earnings' },
};

const HEADERS: Record<Locale, { time: string; rest: string[]; sheet: string; file: string }> = {
  'zh-CN': {
    time: '时间',
    rest: ['类型', '账户', '金额 (USD)', '变动后余额 (USD)', '关联单号', '备注', '流水号'],
    sheet: '资金流水',
    file: '资金流水',
  },
  'en-US': {
    time: 'Time',
    rest: ['Type', 'Account', 'Amount (USD)', 'Balance after (USD)', 'Reference', 'Memo', 'Transaction ID'],
    sheet: 'Transactions',
    file: 'transactions',
  },
};

export function exportTable(lines: TransactionLine[], locale: Locale, offsetMinutes: number): ExportTable {
  const h = HEADERS[locale];
  return {
    headers: [`${h.time} (UTC${offsetLabel(offsetMinutes)})`, ...h.rest],
    rows: lines.map((l) => [
      localTime(l.createdAt, offsetMinutes),
      TYPE_NAMES[l.type]?.[locale] ?? l.type,
      BUCKET_NAMES[l.bucket]?.[locale] ?? l.bucket,
      l.amountCents / 100,
      l.balanceAfterCents / 100,
      // A seeded line's reference names the seeder ('demo-orders'), not anything the reader can look up.
      l.refType === 'seed' ? '' : (l.refId ?? ''),
      l.memo,
      l.transactionId,
    ]),
    moneyColumns: [3, 4],
  };
}

const WIDTHS = [20, 16, 12, 14, 18, 22, 40, 16];

export function toCsv(table: ExportTable): Buffer {
  return tableToCsv(table);
}

export function toXlsx(table: ExportTable, locale: Locale): Promise<Buffer> {
  return tableToXlsx({ ...table, widths: WIDTHS }, HEADERS[locale].sheet);
}

/**
 * `attachment; filename="transactions-20260105.csv"; filename*=UTF-8''…` — an ASCII name for old
 * clients and the localised one (RFC 6266 / 5987) that browsers prefer.
 */
export function contentDisposition(format: 'csv' | 'xlsx', locale: Locale, now: Date, offsetMinutes: number): string {
  return attachmentDisposition(
    { ascii: HEADERS['en-US'].file, localised: HEADERS[locale].file },
    format,
    now,
    offsetMinutes,
  );
}

export { EXPORT_CONTENT_TYPES, type ExportTable, localTime };
