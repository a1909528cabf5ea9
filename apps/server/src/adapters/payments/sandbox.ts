import { randomBytes } from 'node:crypto';
import { fieldMessage, type Locale } from '@namebourse/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/open-database.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AfterCommit, Sweeper } from '../../platform/sweeper.ts';
import type {
  CardDetails,
  CheckoutSession,
  CheckoutSessionRequest,
  PaymentEvent,
  PaymentMethod,
  PaymentProvider,
  ProviderCard,
  SavedCardChargeRequest,
  WebhookHeaders,
} from './port.ts';
import {
  claimDueDeliveries,
  claimExpiredSessions,
  closeSession,
  countPendingDeliveries,
  type DeliveryRow,
  detachCard,
  findCard,
  findSession,
  insertCard,
  insertDelivery,
  insertSession,
  leaseDelivery,
  listCards,
  listDeliveries,
  recordAttempt,
  type SandboxSessionRow,
  type SessionStatus,
} from './sandbox.repository.ts';
import { displayOf, toPaymentEvent, type WireEvent, WireEventSchema } from './sandbox.wire.ts';
import {
  type CardDecline,
  cardBrand,
  cardDigits,
  checkoutDecline,
  declinesWhenSaved,
  isExpired,
  luhnValid,
} from './sandbox-cards.ts';
import { SIGNATURE_HEADER, signWebhook, verifyWebhookSignature } from './signing.ts';

/** How the sandbox reaches our webhook route: an HTTP POST (in-process `app.inject` by default). */
export type WebhookTransport = (request: {
  url: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<{ statusCode: number }>;

export interface SandboxOptions {
  db: Db;
  clock: Clock;
  sweeper: Sweeper;
  log: FastifyBaseLogger;
  /** The webhook signing secret (shared with the verifying side). */
  secret: string;
  transport: WebhookTransport;
  /** Our webhook route. */
  webhookUrl: string;
  /** Open checkout sessions expire after this long. */
  sessionTtlSeconds: number;
}

/** Retry delays after failed attempt 1, 2, … (seconds); Stripe retries for about three days. */
export const DELIVERY_BACKOFF_SECONDS = [30, 60, 300, 900, 1800, 3600, 7200, 14_400, 28_800, 57_600, 86_400];
/** After this many attempts the sandbox gives up on a delivery. */
export const DELIVERY_MAX_ATTEMPTS = DELIVERY_BACKOFF_SECONDS.length + 1;
/** An attempt in progress holds its delivery this long (a crashed attempt is retried after it). */
const DELIVERY_LEASE_SECONDS = 60;
const GIVE_UP_MS = 100 * 365 * 24 * 3600 * 1000;

const MERCHANT_NAME = 'NameBourse';

const id = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

export interface SandboxCompleteInput {
  outcome: 'success' | 'fail';
  card?: { number: string; expMonth: number; expYear: number; cvc: string; holder: string } | undefined;
  saveCard?: boolean | undefined;
}

export interface SandboxSessionView {
  sessionId: string;
  status: SessionStatus;
  merchant: string;
  description: string;
  amountCents: number;
  currency: 'USD';
  method: PaymentMethod;
  returnUrl: string;
  expiresAt: string;
}

/**
 * The built-in payment provider (DESIGN.md §3, ADR 0008), behaving like a hosted checkout:
 * checkout sessions with a hosted page (`/pay/sandbox/:sessionId`) that approves or declines,
 * test cards (sandbox-cards.ts), saved cards charged without a redirect, sessions that expire,
 * and signed webhooks delivered off the request: each outcome is queued in
 * sandbox_webhook_deliveries, tried right away (setImmediate) and by the sweeper, and retried with
 * back-off until our endpoint answers 2xx. Told to (`failWebhooks`), it fails deliveries.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly #o: SandboxOptions;
  #failNext = 0;
  #closed = false;
  readonly #pending = new Set<Promise<void>>();

  constructor(options: SandboxOptions) {
    this.#o = options;
    options.sweeper.register<SandboxSessionRow>({
      name: 'payments.sandbox.expire',
      claim: (tx, now, limit) => claimExpiredSessions(tx, now, limit),
      apply: (tx, row, now) => this.#expire(tx, row, now),
    });
    options.sweeper.register<DeliveryRow>({
      name: 'payments.sandbox.deliver',
      batchSize: 50,
      claim: (tx, now, limit) => claimDueDeliveries(tx, now, limit),
      apply: async (tx, row, now) => {
        const leased = await leaseDelivery(tx, row.id, now, this.#leaseUntil(now));
        if (!leased) return;
        // Sent once the claim has committed (never while holding the batch's transaction).
        return () => this.#track(this.#post(row.id, leased.attempts, leased.payload));
      },
    });
  }

  // ---- The port ----

  async createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession> {
    const now = this.#o.clock.now();
    const sessionId = id('cs');
    const expiresAt = new Date(now.getTime() + this.#o.sessionTtlSeconds * 1000);
    await insertSession(this.#o.db, {
      id: sessionId,
      merchantRef: request.merchantRef,
      amountCents: request.amountCents,
      currency: request.currency,
      method: request.method,
      description: request.description,
      customerRef: request.customerRef,
      returnUrl: request.returnUrl,
      status: 'open',
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    return { sessionId, url: `/pay/sandbox/${sessionId}`, expiresAt };
  }

  async chargeSavedCard(request: SavedCardChargeRequest): Promise<{ sessionId: string }> {
    const now = this.#o.clock.now();
    const card = await findCard(this.#o.db, request.cardToken);
    if (!card || card.customerRef !== request.customerRef || card.detachedAt) throw new AppError('Funds.CardNotFound');
    const sessionId = id('pi');
    await insertSession(this.#o.db, {
      id: sessionId,
      merchantRef: request.merchantRef,
      amountCents: request.amountCents,
      currency: request.currency,
      method: 'card',
      description: request.description,
      customerRef: request.customerRef,
      returnUrl: request.returnUrl,
      status: 'processing',
      cardToken: card.token,
      expiresAt: new Date(now.getTime() + this.#o.sessionTtlSeconds * 1000),
      createdAt: now,
      updatedAt: now,
    });
    return { sessionId };
  }

  async confirmCharge(sessionId: string): Promise<void> {
    const kick = await this.#o.db.transaction(async (tx) => {
      const now = this.#o.clock.now();
      const session = await findSession(tx, sessionId, true);
      if (!session?.cardToken) throw new AppError('Funds.PaymentSessionNotFound');
      if (session.status !== 'processing') throw new AppError('Funds.PaymentSessionClosed');
      const card = await findCard(tx, session.cardToken);
      let decline: CardDecline | null = null;
      if (!card || card.detachedAt) decline = 'card_declined';
      else if (isExpired(card.expMonth, card.expYear, now)) decline = 'expired_card';
      else if (card.declines) decline = 'card_declined';
      const status: SessionStatus = decline ? 'failed' : 'succeeded';
      await closeSession(tx, sessionId, ['processing'], { status, failureReason: decline, now });
      const wireCard = card ? { ...displayOf(card), token: card.token } : null;
      return this.#enqueue(tx, { ...session, status, failureReason: decline }, wireCard, now);
    });
    kick();
  }

  async listCards(customerRef: string): Promise<ProviderCard[]> {
    const rows = await listCards(this.#o.db, customerRef);
    return rows.map((c) => ({ token: c.token, ...displayOf(c) }));
  }

  async detachCard(customerRef: string, cardToken: string): Promise<void> {
    await detachCard(this.#o.db, customerRef, cardToken, this.#o.clock.now());
  }

  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): PaymentEvent {
    const nowSeconds = Math.floor(this.#o.clock.now().getTime() / 1000);
    const check = verifyWebhookSignature(this.#o.secret, rawBody, headers[SIGNATURE_HEADER], nowSeconds);
    if (!check.ok) throw new AppError('Funds.WebhookSignatureInvalid', { data: { reason: check.reason } });
    let wire: WireEvent;
    try {
      wire = WireEventSchema.parse(JSON.parse(rawBody.toString('utf8')));
    } catch {
      // Signed by us but not an event we understand: a provider bug, not a forgery.
      throw new AppError('Request.Invalid');
    }
    return toPaymentEvent(wire);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.settle();
  }

  // ---- The hosted page (sandbox.routes.ts) ----

  /** What the hosted page shows; null when there is no such session. */
  async getSession(sessionId: string): Promise<SandboxSessionView | null> {
    const row = await findSession(this.#o.db, sessionId);
    if (!row) return null;
    return this.#view(row, this.#o.clock.now());
  }

  /**
   * The hosted page's pay / decline button. Card payments need the card details; the test card
   * decides the outcome. The outcome is returned at once; our webhook is told asynchronously.
   */
  async completeSession(
    sessionId: string,
    input: SandboxCompleteInput,
    locale: Locale,
  ): Promise<{ status: SessionStatus; returnUrl: string }> {
    const { result, kick } = await this.#o.db.transaction(async (tx) => {
      const now = this.#o.clock.now();
      const session = await findSession(tx, sessionId, true);
      if (!session) throw new AppError('Funds.PaymentSessionNotFound');
      if (session.status === 'open' && session.expiresAt <= now) {
        return { result: null, kick: await this.#expire(tx, session, now) };
      }
      if (session.status !== 'open') throw new AppError('Funds.PaymentSessionClosed');

      let decline: CardDecline | 'canceled' | null = input.outcome === 'fail' ? 'canceled' : null;
      let card: (CardDetails & { token: string | null }) | null = null;
      if (session.method === 'card' && input.outcome === 'success') {
        if (!input.card) {
          throw new AppError('Request.Invalid', { data: { fields: { card: fieldMessage('required', locale) } } });
        }
        const digits = cardDigits(input.card.number);
        if (!luhnValid(digits)) {
          throw new AppError('Request.Invalid', {
            data: { fields: { 'card.number': fieldMessage('invalid', locale) } },
          });
        }
        decline = checkoutDecline(digits, input.card.expMonth, input.card.expYear, now);
        card = {
          token: null,
          brand: cardBrand(digits),
          last4: digits.slice(-4),
          expMonth: input.card.expMonth,
          expYear: input.card.expYear,
          holder: input.card.holder,
        };
        if (!decline && input.saveCard) {
          card.token = id('card');
          await insertCard(tx, {
            token: card.token,
            customerRef: session.customerRef,
            brand: card.brand,
            last4: card.last4,
            expMonth: card.expMonth,
            expYear: card.expYear,
            holder: card.holder,
            declines: declinesWhenSaved(digits) ? 1 : 0,
            createdAt: now,
          });
        }
      }
      const status: SessionStatus = decline ? 'failed' : 'succeeded';
      await closeSession(tx, sessionId, ['open'], {
        status,
        cardToken: card?.token ?? null,
        failureReason: decline,
        now,
      });
      const closed = { ...session, status, failureReason: decline } as SandboxSessionRow;
      return { result: { status, returnUrl: session.returnUrl }, kick: await this.#enqueue(tx, closed, card, now) };
    });
    void kick?.();
    if (!result) throw new AppError('Funds.PaymentSessionClosed');
    return result;
  }

  // ---- Steering (dev tools, tests) ----

  /** The next `n` webhook deliveries fail (as if our endpoint were unreachable). */
  failWebhooks(n: number): void {
    if (!Number.isInteger(n) || n < 0) throw new RangeError('n must be a non-negative integer');
    this.#failNext += n;
  }

  reset(): void {
    this.#failNext = 0;
  }

  async state(): Promise<{ failWebhooks: number; pendingDeliveries: number }> {
    return { failWebhooks: this.#failNext, pendingDeliveries: await countPendingDeliveries(this.#o.db) };
  }

  /** Resolves when every delivery attempt started so far has finished. */
  async settle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  /** The deliveries queued for a session (payload as sent), oldest first. */
  deliveries(sessionId: string): Promise<DeliveryRow[]> {
    return listDeliveries(this.#o.db, sessionId);
  }

  /** Signs a payload as the sandbox would now: the headers of a webhook call (tests replay and tamper with these). */
  signedHeaders(payload: string, at: Date = this.#o.clock.now()): Record<string, string> {
    return {
      'content-type': 'application/json; charset=utf-8',
      [SIGNATURE_HEADER]: signWebhook(this.#o.secret, payload, Math.floor(at.getTime() / 1000)),
    };
  }

  // ---- Internals ----

  #view(row: SandboxSessionRow, now: Date): SandboxSessionView {
    const status = row.status === 'open' && row.expiresAt <= now ? 'expired' : row.status;
    return {
      sessionId: row.id,
      status,
      merchant: MERCHANT_NAME,
      description: row.description,
      amountCents: row.amountCents,
      currency: 'USD',
      method: row.method as PaymentMethod,
      returnUrl: row.returnUrl,
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  async #expire(tx: Tx, session: SandboxSessionRow, now: Date): Promise<AfterCommit | undefined> {
    const closed = await closeSession(tx, session.id, ['open', 'processing'], {
      status: 'expired',
      failureReason: 'expired',
      now,
    });
    if (!closed) return undefined;
    return this.#enqueue(tx, { ...session, status: 'expired', failureReason: 'expired' }, null, now);
  }

  /** Queues the session's outcome event; returns what starts its first attempt once committed. */
  async #enqueue(
    tx: Tx,
    session: SandboxSessionRow,
    card: (CardDetails & { token: string | null }) | null,
    now: Date,
  ): Promise<() => void> {
    const isIntent = session.id.startsWith('pi_');
    const type =
      session.status === 'succeeded'
        ? isIntent
          ? 'payment_intent.succeeded'
          : 'checkout.session.completed'
        : session.status === 'expired'
          ? isIntent
            ? 'payment_intent.canceled'
            : 'checkout.session.expired'
          : isIntent
            ? 'payment_intent.payment_failed'
            : 'checkout.session.async_payment_failed';
    const event: WireEvent = {
      id: id('evt'),
      object: 'event',
      type,
      created: Math.floor(now.getTime() / 1000),
      data: {
        object: {
          id: session.id,
          object: isIntent ? 'payment_intent' : 'checkout.session',
          merchant_ref: session.merchantRef,
          customer: session.customerRef,
          amount: session.amountCents,
          currency: session.currency.toLowerCase(),
          payment_method_type: session.method as PaymentMethod,
          status: session.status,
          failure_reason: session.failureReason,
          card: card
            ? {
                token: card.token,
                brand: card.brand,
                last4: card.last4,
                exp_month: card.expMonth,
                exp_year: card.expYear,
                holder: card.holder,
              }
            : null,
        },
      },
    };
    const deliveryId = id('whd');
    await insertDelivery(tx, {
      id: deliveryId,
      sessionId: session.id,
      payload: JSON.stringify(event),
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    });
    return () => this.#kick(deliveryId);
  }

  /** The immediate attempt, off the request (the sweeper retries whatever this misses). */
  #kick(deliveryId: string): void {
    if (this.#closed) return;
    const job = new Promise<void>((resolve) => {
      setImmediate(() => {
        this.#attempt(deliveryId).finally(resolve);
      });
    });
    this.#track(job);
  }

  async #attempt(deliveryId: string): Promise<void> {
    if (this.#closed) return;
    try {
      const now = this.#o.clock.now();
      const leased = await leaseDelivery(this.#o.db, deliveryId, now, this.#leaseUntil(now));
      if (leased) await this.#post(deliveryId, leased.attempts, leased.payload);
    } catch (err) {
      this.#o.log.warn({ err, deliveryId }, 'sandbox webhook attempt failed');
    }
  }

  #leaseUntil(now: Date): Date {
    return new Date(now.getTime() + DELIVERY_LEASE_SECONDS * 1000);
  }

  /** One attempt: sign now, POST, and record the outcome (acknowledged on 2xx, else retried later). */
  async #post(deliveryId: string, attempts: number, payload: string): Promise<void> {
    if (this.#closed) return;
    let error: string | null = null;
    if (this.#failNext > 0) {
      this.#failNext--;
      error = 'simulated failure: the endpoint could not be reached';
    } else {
      try {
        const res = await this.#o.transport({
          url: this.#o.webhookUrl,
          headers: this.signedHeaders(payload),
          body: payload,
        });
        if (res.statusCode < 200 || res.statusCode >= 300) error = `HTTP ${res.statusCode}`;
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
    }
    const now = this.#o.clock.now();
    if (error === null) {
      await recordAttempt(this.#o.db, deliveryId, attempts, { deliveredAt: now });
      return;
    }
    const delay = DELIVERY_BACKOFF_SECONDS[attempts - 1];
    const nextAttemptAt = new Date(now.getTime() + (delay === undefined ? GIVE_UP_MS : delay * 1000));
    if (delay === undefined) error = `${error} (gave up after ${attempts} attempts)`;
    this.#o.log.info({ deliveryId, attempts, error }, 'sandbox webhook not acknowledged');
    await recordAttempt(this.#o.db, deliveryId, attempts, { error, nextAttemptAt });
  }

  #track(job: Promise<void>): Promise<void> {
    const tracked = job.catch((err: unknown) => this.#o.log.warn({ err }, 'sandbox webhook delivery failed'));
    this.#pending.add(tracked);
    tracked.finally(() => this.#pending.delete(tracked));
    return tracked;
  }
}
