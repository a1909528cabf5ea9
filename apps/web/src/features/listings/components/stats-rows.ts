import type { SellerStatistics } from '@namebourse/contract';

/** One row of a statistics chart and its table: the category as the reader says it and its figures (cents). */
export interface StatsRow {
  key: string;
  label: string;
  count: number;
  grossCents: number;
  netCents: number;
  /** gross / count, rounded to the cent; null with no sales. */
  averageCents: number | null;
}

type Bucket = { count: number; grossCents: number; netCents: number };

/** The average price of a bucket's sales (gross / count), null when it has none. */
export function averageCents(bucket: Pick<Bucket, 'count' | 'grossCents'>): number | null {
  return bucket.count > 0 ? Math.round(bucket.grossCents / bucket.count) : null;
}

export function statsRow(key: string, label: string, bucket: Bucket): StatsRow {
  return { key, label, ...bucket, averageCents: averageCents(bucket) };
}

/** 'YYYY-MM' as the reader says it ('Jan 26' / '26年1月'). */
export function monthLabel(month: string, lng: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(lng, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

/** The month, TLD and mode rows of the statistics. */
export function statsRows(
  stats: SellerStatistics,
  lng: string,
  modeLabel: (mode: string) => string,
): { months: StatsRow[]; tlds: StatsRow[]; modes: StatsRow[] } {
  return {
    months: stats.byMonth.map((m) => statsRow(m.month, monthLabel(m.month, lng), m)),
    tlds: stats.byTld.map((b) => statsRow(b.tld, `.${b.tld}`, b)),
    modes: stats.byMode.map((b) => statsRow(b.mode, modeLabel(b.mode), b)),
  };
}
