import { createHash } from 'node:crypto';
import { DOMAIN_OPERATION_KINDS } from '@namebourse/contract';
import { z } from 'zod';

/**
 * The simulator's tickets. Several server processes share one database and each has its own
 * simulator, so the instance that polls a ticket is often not the one that accepted the request.
 * The ticket therefore carries everything the answer needs, decided when the request was accepted:
 * the kind, the domain, when the result is ready (clock time), the outcome and its data.
 *
 * Format: `sim1.<payload>.<check>`, `payload` = base64url(JSON of `SimTicket`), `check` = the
 * first 12 bytes of sha256(`sim1.<payload>`) in base64url. The check only catches tickets that are
 * truncated or edited (a foreign or damaged ticket is refused); it is not a secret.
 */
export const TICKET_PREFIX = 'sim1.';

const isoDate = z.iso.datetime({ offset: true });

const SimTicketSchema = z.object({
  /** DOMAIN_OPERATION_KINDS. */
  kind: z.enum(DOMAIN_OPERATION_KINDS),
  domain: z.string().min(1).max(253),
  /** Random: two identical requests get different tickets, as a registrar's transaction ids differ. */
  id: z.string().min(1).max(32),
  acceptedAt: isoDate,
  readyAt: isoDate,
  outcome: z.discriminatedUnion('state', [
    z.object({
      state: z.literal('succeeded'),
      data: z.object({
        expiresAt: isoDate.optional(),
        registrar: z.string().min(1).max(200).optional(),
        registeredAt: isoDate.optional(),
      }),
    }),
    z.object({ state: z.literal('failed'), reason: z.string().min(1).max(500) }),
  ]),
});
export type SimTicket = z.infer<typeof SimTicketSchema>;

function check(body: string): string {
  return createHash('sha256').update(body).digest().subarray(0, 12).toString('base64url');
}

export function encodeTicket(ticket: SimTicket): string {
  const body = `${TICKET_PREFIX}${Buffer.from(JSON.stringify(ticket), 'utf8').toString('base64url')}`;
  return `${body}.${check(body)}`;
}

/** The ticket's content, or null when it is not one of ours (foreign, truncated, edited). */
export function decodeTicket(ticket: string): SimTicket | null {
  if (!ticket.startsWith(TICKET_PREFIX)) return null;
  const dot = ticket.lastIndexOf('.');
  if (dot <= TICKET_PREFIX.length) return null;
  const body = ticket.slice(0, dot);
  if (ticket.slice(dot + 1) !== check(body)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body.slice(TICKET_PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = SimTicketSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
