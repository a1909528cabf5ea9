import { z } from 'zod';
import type { MessageKind } from './messages.ts';
import { NOTIFICATION_KEYS, type NotificationKey } from './profile.values.ts';

/**
 * E-mail notifications (issue 18): which message kinds are e-mailed and under which of the six
 * settings switches (NOTIFICATION_KEYS), the daily digest and the signed unsubscribe link.
 *
 * The message centre always keeps every notice; a switch only decides whether its notices are also
 * e-mailed. Security notices (a restriction of the account and its lifting) are always e-mailed at
 * once: no switch, no digest, no unsubscribe link.
 */

/** The category of notices that are e-mailed whatever the switches say. */
export const ALWAYS_EMAILED = 'security' as const;
export type EmailCategory = NotificationKey | typeof ALWAYS_EMAILED;

const CATEGORY_OF: Partial<Record<MessageKind, EmailCategory>> = {
  // Auctions you bid on.
  auction_outbid: 'outbid',
  auction_won: 'auctionWon',
  // Paying for what you bought: due soon, paid, refunded, closed unpaid.
  order_payment_due: 'paymentDue',
  order_paid: 'paymentDue',
  order_refunded: 'paymentDue',
  order_violation: 'paymentDue',
  order_expired: 'paymentDue',
  // Getting the domain: delivered, and the results of moving it out.
  order_delivered: 'delivery',
  transfer_out_completed: 'delivery',
  transfer_out_failed: 'delivery',
  transfer_out_cancelled: 'delivery',
  transfer_out_cancel_failed: 'delivery',
  // Offers, on either side.
  offer_received: 'offers',
  offer_countered: 'offers',
  offer_accepted: 'offers',
  // Selling: listing reviews, completed sales, settlements.
  listing_approved: 'selling',
  listing_rejected: 'selling',
  listing_supplement_required: 'selling',
  listing_modification_approved: 'selling',
  listing_modification_rejected: 'selling',
  sale_completed: 'selling',
  settlement_succeeded: 'selling',
  settlement_failed: 'selling',
  // Security notices.
  account_restricted: ALWAYS_EMAILED,
  account_restriction_lifted: ALWAYS_EMAILED,
};

/** The e-mail category of a message kind; null for kinds that stay in the message centre only. */
export function emailCategoryOf(kind: string): EmailCategory | null {
  return CATEGORY_OF[kind as MessageKind] ?? null;
}

/** The message kinds each switch e-mails (for the settings page's explanations and the tests). */
export function kindsOfCategory(category: EmailCategory): MessageKind[] {
  return (Object.keys(CATEGORY_OF) as MessageKind[]).filter((kind) => CATEGORY_OF[kind] === category);
}

/** The daily digest goes out at this hour of the user's own time zone (08:00 local). */
export const DIGEST_LOCAL_HOUR = 8;

/** A failed send is tried again this many times in all, waiting longer each time (minutes). */
export const EMAIL_RETRY_DELAYS_MINUTES = [1, 5, 30] as const;

export const NotificationCategorySchema = z.enum(NOTIFICATION_KEYS);

/** GET /api/notifications/unsubscribe?token= and the body of POST /api/notifications/unsubscribe. */
export const UnsubscribeTokenSchema = z.object({ token: z.string().trim().min(1).max(200) });
export type UnsubscribeTokenRequest = z.infer<typeof UnsubscribeTokenSchema>;

/** What an unsubscribe link turns off (GET) or has turned off (POST). */
export const UnsubscribeInfoSchema = z.object({
  category: NotificationCategorySchema,
  /** The address the e-mails go to, partly hidden (`a***@example.com`). */
  email: z.string(),
  /** Whether e-mails of this category are on now. */
  subscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof UnsubscribeInfoSchema>;
