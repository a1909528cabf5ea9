import {
  type AdminLot,
  AdminLotSchema,
  AUCTION_RULES,
  type DomainMetrics,
  LOT_CSV_COLUMNS,
  type LotType,
} from '@namebourse/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** Lots per POST /api/admin/auctions call of the CSV upload. */
export const LOT_BATCH_SIZE = 200;

export const METRIC_KEYS = [
  'traffic',
  'backlinks',
  'referringDomains',
  'citationFlow',
  'trustFlow',
  'baiduIndex',
  'sogouIndex',
  'googleIndex',
  'baiduWeight',
  'pageAuthority',
] as const satisfies readonly (keyof DomainMetrics)[];
export type MetricKey = (typeof METRIC_KEYS)[number];

/** The add-one-lot form as typed: strings everywhere, dates from datetime-local inputs (the browser's time zone). */
export interface LotFormValues {
  domain: string;
  type: LotType;
  registrar: string;
  partner: string;
  /** Dollars, '12' or '12.50'. */
  startPrice: string;
  startsAt: string;
  endsAt: string;
  redeemableUntil: string;
  registeredAt: string;
  expiresAt: string;
  isPremium: boolean;
  metrics: Record<MetricKey, string>;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A Date as the value of a datetime-local input (local time, minutes). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (local time) as ISO-8601 UTC; undefined when empty or unreadable. */
export function localInputToIso(value: string): string | undefined {
  if (!value.trim()) return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** Dollars typed by an operator → integer cents; undefined unless a plain amount with at most 2 decimals. */
export function dollarsToCents(value: string): number | undefined {
  const v = value.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return undefined;
  const [whole = '0', fraction = ''] = v.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A fresh form: starts now, ends after the minimum duration. */
export function emptyLotForm(now: Date = new Date()): LotFormValues {
  const end = new Date(now.getTime() + AUCTION_RULES.minDurationDays * 86_400_000);
  return {
    domain: '',
    type: 'pre-release',
    registrar: '',
    partner: '',
    startPrice: '',
    startsAt: toLocalInput(now),
    endsAt: toLocalInput(end),
    redeemableUntil: '',
    registeredAt: '',
    expiresAt: '',
    isPremium: false,
    metrics: Object.fromEntries(METRIC_KEYS.map((key) => [key, ''])) as Record<MetricKey, string>,
  };
}

export type LotFormErrors = Partial<Record<string, string>>;

/**
 * The bounds a field message like 'Too small (at least {min})' needs, by field: the start price in dollars, the
 * 0–100 scores and the 0–10 Baidu weight (the parser and the schema report the key without them).
 */
export function boundsFor(
  field: string | undefined,
  money: (cents: number) => string,
): Record<string, string | number> {
  if (field === 'startPrice' || field === 'startPriceCents')
    return { min: money(AUCTION_RULES.minStartPriceCents), max: money(AUCTION_RULES.maxBidCents) };
  if (field === 'baiduWeight' || field === 'metrics.baiduWeight') return { min: 0, max: 10 };
  return { min: 0, max: 100 };
}

/**
 * The form as the contract's AdminLot, checked by AdminLotSchema: either the lot or the message keys per field
 * (`startPrice`, `metrics.traffic`, …; keys of the contract's FIELD_MESSAGES).
 */
export function lotFromForm(values: LotFormValues): { lot: AdminLot } | { errors: LotFormErrors } {
  const errors: LotFormErrors = {};
  const startPriceCents = values.startPrice.trim() ? dollarsToCents(values.startPrice) : undefined;
  if (!values.startPrice.trim()) errors.startPrice = 'required';
  else if (startPriceCents === undefined) errors.startPrice = 'amountInvalid';

  const times: Partial<Record<'startsAt' | 'endsAt' | 'redeemableUntil' | 'registeredAt' | 'expiresAt', string>> = {};
  for (const key of ['startsAt', 'endsAt', 'redeemableUntil', 'registeredAt', 'expiresAt'] as const) {
    const raw = values[key];
    if (!raw.trim()) {
      if (key === 'startsAt' || key === 'endsAt') errors[key] = 'required';
      continue;
    }
    const iso = localInputToIso(raw);
    if (iso === undefined) errors[key] = 'invalid';
    else times[key] = iso;
  }

  const metrics: Partial<DomainMetrics> = {};
  for (const key of METRIC_KEYS) {
    const raw = values.metrics[key].trim().replaceAll(',', '');
    if (!raw) continue;
    if (!/^\d+$/.test(raw)) errors[`metrics.${key}`] = 'notInteger';
    else metrics[key] = Number(raw);
  }

  const parsed = AdminLotSchema.safeParse({
    domain: values.domain,
    type: values.type,
    registrar: values.registrar,
    partner: values.partner,
    startPriceCents: startPriceCents ?? 0,
    ...times,
    isPremium: values.isPremium,
    ...(Object.keys(metrics).length > 0 ? { metrics } : {}),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, second] = issue.path;
      const field =
        first === 'startPriceCents' ? 'startPrice' : first === 'metrics' ? `metrics.${String(second)}` : String(first);
      if (!errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { lot: parsed.data };
}

/** Per-field message keys as react-hook-form's errors (`metrics.traffic` nested under `metrics`). */
function toFieldErrors(errors: LotFormErrors): FieldErrors<LotFormValues> {
  const out: Record<string, unknown> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (!message) continue;
    const [head = field, tail] = field.split('.');
    const error = { type: 'validate', message };
    if (!tail) out[head] = error;
    else out[head] = { ...(out[head] as Record<string, unknown> | undefined), [tail]: error };
  }
  return out as FieldErrors<LotFormValues>;
}

/** The add-one-lot form's resolver: lotFromForm (the contract's AdminLotSchema), its output the AdminLot to post. */
export const lotResolver: Resolver<LotFormValues, unknown, AdminLot> = (values) => {
  const result = lotFromForm(values);
  return 'lot' in result ? { values: result.lot, errors: {} } : { values: {}, errors: toFieldErrors(result.errors) };
};

/** Server field errors of one posted lot (`lots.0.domain` → `domain`, `lots.0.startPriceCents` → `startPrice`). */
export function lotFieldErrors(fields: Record<string, string>): LotFormErrors {
  const out: LotFormErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = path.replace(/^lots\.\d+\./, '').replace(/^startPriceCents$/, 'startPrice');
    out[field] = message;
  }
  return out;
}

/** Splits the lots into POST batches of at most `size`. */
export function batchesOf<T>(items: readonly T[], size: number = LOT_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * The CSV template: the header line of the contract's columns and two example lots starting tomorrow (UTC+8 dates,
 * the format parseLotsCsv reads), so a downloaded template uploads as it is.
 */
export function lotsCsvTemplate(now: Date = new Date()): string {
  const day = (offsetDays: number) => {
    const d = new Date(now.getTime() + 8 * 3_600_000 + offsetDays * 86_400_000);
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  };
  const rows: Record<(typeof LOT_CSV_COLUMNS)[number], string>[] = [
    {
      domain: 'example-cloud.com',
      type: 'pre-release',
      registrar: 'GoDaddy',
      partner: 'Partner A',
      startPrice: '10',
      startsAt: `${day(1)} 10:00`,
      endsAt: `${day(4)} 10:00`,
      redeemableUntil: '',
      registeredAt: '2012-05-01',
      expiresAt: `${day(30)}`,
      traffic: '1200',
      backlinks: '340',
      referringDomains: '56',
      citationFlow: '21',
      trustFlow: '18',
      baiduIndex: '120',
      sogouIndex: '40',
      googleIndex: '300',
      baiduWeight: '2',
      pageAuthority: '25',
      isPremium: 'false',
    },
    {
      domain: 'shuma88.net',
      type: 'expired',
      registrar: 'Alibaba Cloud',
      partner: 'Partner B',
      startPrice: '25.50',
      startsAt: `${day(1)} 12:00`,
      endsAt: `${day(5)} 21:30`,
      redeemableUntil: `${day(20)}`,
      registeredAt: '2016-09-12',
      expiresAt: `${day(-10)}`,
      traffic: '0',
      backlinks: '15',
      referringDomains: '4',
      citationFlow: '5',
      trustFlow: '3',
      baiduIndex: '0',
      sogouIndex: '0',
      googleIndex: '12',
      baiduWeight: '0',
      pageAuthority: '9',
      isPremium: 'false',
    },
  ];
  const lines = [
    LOT_CSV_COLUMNS.join(','),
    ...rows.map((row) => LOT_CSV_COLUMNS.map((c) => csvCell(row[c])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves text as a file from the browser (the CSV template). */
export function saveTextFile(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  // A BOM so that spreadsheet programs read the UTF-8 as UTF-8.
  const blob = new Blob(['\uFEFF', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
