import { z } from 'zod';

export * from './platform.values.ts';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
});
export type Health = z.infer<typeof HealthSchema>;

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
