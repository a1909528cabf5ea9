import { randomBytes } from 'node:crypto';
import { AppError } from '../../platform/errors.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { SmsMessage, SmsSender } from './port.ts';

/** E.164: a plus, a country code not starting with 0, at most 15 digits in all. */
export const E164 = /^\+[1-9]\d{6,14}$/;

export type SmsDeliveryStatus = 'accepted' | 'delivered' | 'failed';

/** Which numbers the simulator refuses: an exact E.164 number, a pattern, or a predicate. */
export type SmsFailureRule = string | RegExp | ((to: string) => boolean);

export interface SmsSimulatorOptions {
  /** Time between acceptance and the delivery report (default 0: the next turn of the event loop). */
  deliveryDelayMs?: number;
  /** Called when a background delivery report cannot be written (the database closed, say). */
  onError?: (err: unknown) => void;
}

/**
 * The SMS gateway simulator, the embedded default. It behaves like a gateway: `send` validates the
 * number and accepts the message (recorded in the outbox as `queued`, with a message id), the
 * delivery report follows asynchronously (`sent`). Told to fail (`failNext`, `failWhen`) it
 * refuses the send: the attempt is recorded as `failed` and `Verification.SendFailed` is thrown.
 */
export class SmsSimulator implements SmsSender {
  readonly #outbox: Outbox;
  readonly #delayMs: number;
  readonly #onError: (err: unknown) => void;
  #failNext = 0;
  readonly #rules = new Set<(to: string) => boolean>();
  readonly #statuses = new Map<string, SmsDeliveryStatus>();
  readonly #pending = new Set<Promise<void>>();

  constructor(outbox: Outbox, options: SmsSimulatorOptions = {}) {
    this.#outbox = outbox;
    this.#delayMs = options.deliveryDelayMs ?? 0;
    this.#onError = options.onError ?? (() => undefined);
  }

  /** The next `n` sends are refused. */
  failNext(n = 1): void {
    if (!Number.isInteger(n) || n < 0) throw new RangeError('n must be a non-negative integer');
    this.#failNext += n;
  }

  /** Sends to matching numbers are refused until the returned function is called (or reset()). */
  failWhen(rule: SmsFailureRule): () => void {
    const test =
      typeof rule === 'string'
        ? (to: string) => to === rule
        : rule instanceof RegExp
          ? (to: string) => rule.test(to)
          : rule;
    this.#rules.add(test);
    return () => {
      this.#rules.delete(test);
    };
  }

  /** Forgets every failure instruction. */
  reset(): void {
    this.#failNext = 0;
    this.#rules.clear();
  }

  /** Delivery status of an accepted message, by the id `send` returned. */
  status(messageId: string): SmsDeliveryStatus | undefined {
    return this.#statuses.get(messageId);
  }

  /** Resolves when every delivery report issued so far has been written. */
  async settle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  async send(msg: SmsMessage): Promise<{ messageId: string }> {
    const to = msg.to.trim();
    if (!E164.test(to)) throw new AppError('Verification.MobileInvalid');
    const record = { channel: 'sms' as const, recipient: to, subject: null, body: msg.text, code: msg.code ?? null };
    if (this.#shouldFail(to)) {
      await this.#outbox.store({
        ...record,
        status: 'failed',
        error: 'Rejected by the SMS gateway (simulated failure)',
      });
      throw new AppError('Verification.SendFailed');
    }
    const { id } = await this.#outbox.store({ ...record, status: 'queued' });
    const messageId = `SM${randomBytes(12).toString('hex')}`;
    this.#statuses.set(messageId, 'accepted');
    this.#deliverLater(messageId, id);
    return { messageId };
  }

  #shouldFail(to: string): boolean {
    if (this.#failNext > 0) {
      this.#failNext--;
      return true;
    }
    for (const rule of this.#rules) if (rule(to)) return true;
    return false;
  }

  #deliverLater(messageId: string, outboxId: string): void {
    const job = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.#outbox
          .setStatus(outboxId, 'sent')
          .then(() => this.#statuses.set(messageId, 'delivered'))
          .catch((err: unknown) => {
            this.#statuses.set(messageId, 'failed');
            this.#onError(err);
          })
          .finally(resolve);
      }, this.#delayMs);
      timer.unref();
    });
    this.#pending.add(job);
    job.finally(() => this.#pending.delete(job));
  }
}
