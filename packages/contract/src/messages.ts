import { z } from 'zod';
import { PageQuerySchema } from './envelope.ts';

// ---- Message centre: notices to the user (money events now; auctions add outbid, won, … later) ----

/** Kinds of messages; each has a title and body template in both languages (web locales `messages`). */
export const MESSAGE_KINDS = [
  'recharge_succeeded',
  'recharge_failed',
  'payee_approved',
  'payee_rejected',
  'payee_needs_supplement',
  'settlement_processing',
  'settlement_succeeded',
  'settlement_failed',
  'order_paid',
  'order_payment_due',
  'order_expired',
  'order_refunded',
  'auction_outbid',
  'auction_won',
  'order_delivered',
  'order_violation',
  'balance_adjusted',
  'domain_lock_changed',
  'domain_lock_failed',
  'domain_renewed',
  'domain_renewal_failed',
  'domain_redeemed',
  'domain_redemption_failed',
  'transfer_code_ready',
  'transfer_out_completed',
  'transfer_out_failed',
  'transfer_out_cancelled',
  'transfer_out_cancel_failed',
  'transfer_in_completed',
  'transfer_in_failed',
  'listing_approved',
  'listing_rejected',
  'listing_supplement_required',
  'listing_modification_approved',
  'listing_modification_rejected',
  'listing_paused_ownership',
  'listing_expiring',
  'listing_expired',
  'listing_price_changed',
  'order_created',
  'sale_ordered',
  'sale_paid',
  'sale_completed',
  'sale_cancelled',
  'offer_received',
  'offer_countered',
  'offer_accepted',
  'offer_rejected',
  'offer_expired',
  'account_restricted',
  'account_restriction_lifted',
  'support_reply',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MessageSchema = z.object({
  messageId: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  /** Rendered in the caller's language. */
  title: z.string(),
  body: z.string(),
  /** Where the message leads (a console path), if anywhere. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

/** `unread=false` means false (a plain coercion would read any non-empty string as true). */
export const MessagesQuerySchema = PageQuerySchema.extend({ unread: z.stringbool().optional() });
export const UnreadCountSchema = z.object({ unread: z.number().int() });
/** POST /api/messages/read: `{ messageIds }` or `{ all: true }`. */
export const MarkReadRequestSchema = z.union([
  z.object({ messageIds: z.array(z.string().min(1).max(40)).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);
