import type { Locale } from '@namebourse/contract';

/** The shapes every message template shares (messages.templates*.ts). */
export type MessageParams = Record<string, unknown>;

export interface Reader {
  locale: Locale;
  /** Minutes east of UTC (Accept-Timezone-Offset); used when `timeZone` is not given. */
  timezoneOffsetMinutes: number;
  /** An IANA zone (the user's setting, for e-mails): wins over the fixed offset, daylight saving included. */
  timeZone?: string | undefined;
}

export interface Fmt {
  /** A param as text ('' when absent). */
  s(key: string): string;
  /** A cents param as US dollars ('' when absent or not a number). */
  usd(key: string): string;
  /** An ISO time param as 'YYYY-MM-DD HH:mm' in the reader's time zone ('' when absent). */
  time(key: string): string;
  /** Cents as US dollars. */
  money(cents: number): string;
  /** ' text' when the param is present, '' otherwise. */
  opt(key: string, wrap: (value: string) => string): string;
}

export type Template = (f: Fmt, p: MessageParams) => { title: string; body: string };
