import { z } from 'zod';
import type { PaymentEvent } from './port.ts';

/** The sandbox's own event format (Stripe-like); only the sandbox knows it. */
const WireCardSchema = z.object({
  token: z.string().nullable(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  holder: z.string(),
});
export const WireEventSchema = z.object({
  id: z.string().min(1).max(100),
  object: z.literal('event'),
  type: z.string().min(1).max(100),
  created: z.number().int(),
  data: z.object({
    object: z.object({
      id: z.string().min(1).max(100),
      object: z.enum(['checkout.session', 'payment_intent']),
      merchant_ref: z.string(),
      customer: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      payment_method_type: z.enum(['card', 'alipay']),
      status: z.string(),
      failure_reason: z.string().nullable(),
      card: WireCardSchema.nullable(),
    }),
  }),
});
export type WireEvent = z.infer<typeof WireEventSchema>;

/** A card as the sandbox shows and sends it (no token). */
export function displayOf(card: { brand: string; last4: string; expMonth: number; expYear: number; holder: string }) {
  return {
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    holder: card.holder,
  };
}

/** The provider-neutral event of a wire event (what the payments port hands the funds module). */
export function toPaymentEvent(wire: WireEvent): PaymentEvent {
  const o = wire.data.object;
  const base = {
    eventId: wire.id,
    sessionId: o.id,
    merchantRef: o.merchant_ref,
    amountCents: o.amount,
    currency: o.currency.toUpperCase(),
    method: o.payment_method_type,
    occurredAt: new Date(wire.created * 1000),
  };
  switch (wire.type) {
    case 'checkout.session.completed':
    case 'payment_intent.succeeded':
      return {
        ...base,
        type: 'payment.succeeded',
        card: o.card
          ? {
              token: o.card.token,
              brand: o.card.brand,
              last4: o.card.last4,
              expMonth: o.card.exp_month,
              expYear: o.card.exp_year,
              holder: o.card.holder,
            }
          : null,
      };
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
      return { ...base, type: 'payment.failed', failureReason: o.failure_reason ?? 'card_declined' };
    default:
      return { type: 'ignored', eventId: wire.id, providerType: wire.type, sessionId: o.id };
  }
}
