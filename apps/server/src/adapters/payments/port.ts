/**
 * The payment-provider port (DESIGN.md §3, ADR 0008), modelled on a hosted checkout such as
 * Stripe Checkout: the merchant creates a checkout session, sends the browser to the provider's
 * page, and learns the outcome only from the provider's signed, asynchronous webhook (which may
 * arrive late, twice, or forged). Saved cards are charged without a redirect, like a PaymentIntent:
 * created first, then confirmed; the outcome again arrives by webhook.
 *
 * Every call goes to the outside world: callers never hold a database transaction across one.
 */

export type PaymentMethod = 'card' | 'alipay';

export interface CheckoutSessionRequest {
  /** What the customer pays, in cents (the top-up plus its fee). */
  amountCents: number;
  currency: 'USD';
  method: PaymentMethod;
  /** The provider-side customer the session (and any card saved on it) belongs to. */
  customerRef: string;
  /** Our reference (the recharge id), echoed in every event of the session. */
  merchantRef: string;
  /** Shown on the hosted page. */
  description: string;
  /** Where the hosted page sends the browser back to. */
  returnUrl: string;
}

export interface CheckoutSession {
  sessionId: string;
  /** The hosted page. */
  url: string;
  expiresAt: Date;
}

export interface SavedCardChargeRequest {
  cardToken: string;
  customerRef: string;
  amountCents: number;
  currency: 'USD';
  merchantRef: string;
  description: string;
  returnUrl: string;
}

export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holder: string;
}

/** A card saved with the provider: its token and what may be shown. */
export interface ProviderCard extends CardDetails {
  token: string;
}

interface EventBase {
  /** Unique per event: a replayed or duplicated delivery carries the same id. */
  eventId: string;
  sessionId: string;
  merchantRef: string;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  occurredAt: Date;
}

/** A verified provider event, normalised: the funds module knows nothing of a provider's own shapes. */
export type PaymentEvent =
  | (EventBase & {
      type: 'payment.succeeded';
      /** The card paid with (card payments); `token` when the customer asked to save it. */
      card: (CardDetails & { token: string | null }) | null;
    })
  | (EventBase & { type: 'payment.failed'; failureReason: string })
  /** An event the funds module does not act on (acknowledged and recorded). */
  | { type: 'ignored'; eventId: string; providerType: string; sessionId: string | null };

/** Request headers as Fastify gives them. */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface PaymentProvider {
  /** The `:provider` of POST /api/payments/webhook/:provider, stored on recharges. */
  readonly name: string;
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  /**
   * Creates a charge on a saved card (nothing is charged yet): the merchant records its id, then
   * calls `confirmCharge`. Throws Funds.CardNotFound when the card is not (or no longer) saved.
   */
  chargeSavedCard(request: SavedCardChargeRequest): Promise<{ sessionId: string }>;
  /** Confirms a created charge; the outcome arrives by webhook. */
  confirmCharge(sessionId: string): Promise<void>;
  /** Cards saved for the customer. */
  listCards(customerRef: string): Promise<ProviderCard[]>;
  /** Forgets a saved card (idempotent: detaching a detached or unknown card is not an error). */
  detachCard(customerRef: string, cardToken: string): Promise<void>;
  /**
   * Verifies a webhook on the exact bytes received and returns its event; throws
   * Funds.WebhookSignatureInvalid when the signature is missing, wrong or too old.
   */
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): PaymentEvent;
  /** Stops background work and waits for what is in flight (before the database closes). */
  close(): Promise<void>;
}
