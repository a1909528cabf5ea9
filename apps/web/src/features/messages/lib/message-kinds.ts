import { MESSAGE_KINDS, type MessageKind } from '@namebourse/contract';

/** What a message is about, for its icon and label. */
export type MessageCategory =
  | 'funds'
  | 'payee'
  | 'settlement'
  | 'order'
  | 'auction'
  | 'domain'
  | 'listing'
  | 'account'
  | 'support';

export const KIND_CATEGORY: Record<MessageKind, MessageCategory> = {
  recharge_succeeded: 'funds',
  recharge_failed: 'funds',
  balance_adjusted: 'funds',
  payee_approved: 'payee',
  payee_rejected: 'payee',
  payee_needs_supplement: 'payee',
  settlement_processing: 'settlement',
  settlement_succeeded: 'settlement',
  settlement_failed: 'settlement',
  order_paid: 'order',
  order_payment_due: 'order',
  order_expired: 'order',
  order_refunded: 'order',
  auction_outbid: 'auction',
  auction_won: 'auction',
  order_delivered: 'order',
  order_violation: 'order',
  domain_lock_changed: 'domain',
  domain_lock_failed: 'domain',
  domain_renewed: 'domain',
  domain_renewal_failed: 'domain',
  domain_redeemed: 'domain',
  domain_redemption_failed: 'domain',
  transfer_code_ready: 'domain',
  transfer_out_completed: 'domain',
  transfer_out_failed: 'domain',
  transfer_out_cancelled: 'domain',
  transfer_out_cancel_failed: 'domain',
  transfer_in_completed: 'domain',
  transfer_in_failed: 'domain',
  listing_approved: 'listing',
  listing_rejected: 'listing',
  listing_supplement_required: 'listing',
  listing_modification_approved: 'listing',
  listing_modification_rejected: 'listing',
  listing_paused_ownership: 'listing',
  listing_expiring: 'listing',
  listing_expired: 'listing',
  listing_price_changed: 'listing',
  order_created: 'order',
  sale_ordered: 'order',
  sale_paid: 'order',
  sale_completed: 'order',
  sale_cancelled: 'order',
  offer_received: 'listing',
  offer_countered: 'listing',
  offer_accepted: 'listing',
  offer_rejected: 'listing',
  offer_expired: 'listing',
  account_restricted: 'account',
  account_restriction_lifted: 'account',
  support_reply: 'support',
};

export const MESSAGE_CATEGORIES: readonly MessageCategory[] = [
  'funds',
  'payee',
  'settlement',
  'order',
  'auction',
  'domain',
  'listing',
  'account',
  'support',
];

/** A kind the contract may add later falls back to 'funds' rather than breaking the list. */
export function categoryOf(kind: string): MessageCategory {
  return (MESSAGE_KINDS as readonly string[]).includes(kind) ? KIND_CATEGORY[kind as MessageKind] : 'funds';
}

/**
 * Where opening a message leads: only a path of this site ('/console/…', with its query), never another origin
 * ('//evil.example', 'https://…', 'javascript:…'). Null when there is nowhere to go.
 */
export function internalLink(link: string | null | undefined): string | null {
  const value = (link ?? '').trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, 'https://namebourse.invalid');
    if (url.origin !== 'https://namebourse.invalid') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
