import i18next from 'i18next';
import { userTimeZone } from './render-env.ts';

/** Money is integer USD cents everywhere (DESIGN §1); it is only turned into text here, at the edge. */
export type Cents = number | bigint;

function locale(lng?: string): string {
  const active = lng ?? i18next.resolvedLanguage ?? i18next.language;
  return active?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(lng: string, compact: boolean): Intl.NumberFormat {
  const key = `${lng}|${compact}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lng, {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'narrowSymbol',
      ...(compact
        ? { notation: 'compact', maximumFractionDigits: 1 }
        : { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/** Exact decimal string of a cent amount ("-12.05"), without going through floating point for bigints. */
export function centsToDecimalString(cents: Cents): string {
  if (typeof cents === 'number') {
    if (!Number.isInteger(cents)) throw new RangeError(`Money must be integer cents, got ${cents}`);
  }
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const units = abs / 100n;
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${units}.${rest}`;
}

/** "$1,234.50": always USD with the narrow "$" symbol and two decimals, grouped per locale. */
export function formatMoney(cents: Cents, lng?: string): string {
  const decimal = centsToDecimalString(cents) as Intl.StringNumericLiteral;
  return moneyFormat(locale(lng), false).format(decimal);
}

/** Short form for large figures in summaries: "$12.3K" (en-US), "$1.2万" (zh-CN). */
export function formatMoneyCompact(cents: Cents, lng?: string): string {
  const decimal = centsToDecimalString(cents) as Intl.StringNumericLiteral;
  return moneyFormat(locale(lng), true).format(decimal);
}

export type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Numeric date: "03/07/2025" (en-US), "2025/03/07" (zh-CN). `timeZone` (IANA) defaults to the signed-in user's
 * setting, else the device's; pages rendered on the server pass `useDisplayTimeZone()` so that server and browser
 * write the same date.
 */
export function formatDate(value: DateInput, lng?: string, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '--';
  return new Intl.DateTimeFormat(locale(lng), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: timeZone ?? userTimeZone(),
  }).format(date);
}

/** Date and 24-hour time, minutes precision (`timeZone` as for formatDate). */
export function formatDateTime(value: DateInput, lng?: string, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '--';
  return new Intl.DateTimeFormat(locale(lng), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: timeZone ?? userTimeZone(),
  }).format(date);
}

/** Whole numbers with grouping ("12,345"). */
export function formatNumber(value: number | bigint, lng?: string): string {
  return new Intl.NumberFormat(locale(lng)).format(value);
}
