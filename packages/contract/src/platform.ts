import { z } from 'zod';

/** Request headers of spec §7. */
export const HEADERS = {
  acceptLanguage: 'Accept-Language',
  timezoneOffset: 'Accept-Timezone-Offset',
  fingerprint: 'X-Device-Fingerprint',
  csrf: 'X-XSRF-TOKEN',
  idempotencyKey: 'Idempotency-Key',
  traceId: 'X-Trace-Id',
} as const;

export const CSRF_COOKIE = 'XSRF-TOKEN';

/** Client-side constants of spec §9. */
export const CLIENT = {
  requestTimeoutMs: 5000,
  toastDurationMs: 2000,
  defaultResendSeconds: 60,
  regionDataVersion: '20250901',
  footerCopyrightYear: 2025,
} as const;

export const LOCALES = ['zh-CN', 'en-US'] as const;
export const DEFAULT_LOCALE = 'zh-CN';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
});
export type Health = z.infer<typeof HealthSchema>;

/** Region data served at /region-data.json (spec §3): exactly the fields c, v, n, p, s. */
export interface RegionEntry {
  c: string;
  v: string;
  n: string;
  p: string;
  s: { c: string; v: string; n: string }[];
}

// ---- Dev tools (API.md; only with DEV_TOOLS=1) ----
export const OutboxQuerySchema = z.object({ to: z.string().min(1) });
export const OutboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  code: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
export const OutboxListSchema = z.object({ items: z.array(OutboxMessageSchema) });

export const ClockAdvanceSchema = z.object({
  seconds: z
    .number()
    .int()
    .min(0)
    .max(366 * 24 * 3600),
});
export const ClockStateSchema = z.object({ now: z.string(), mode: z.enum(['manual', 'system']) });

export const SweepResultSchema = z.object({
  advanced: z.array(z.object({ sweeper: z.string(), count: z.number().int() })),
  total: z.number().int(),
});
export type SweepResult = z.infer<typeof SweepResultSchema>;
