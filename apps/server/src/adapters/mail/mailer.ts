import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { Mailer, MailMessage } from './port.ts';

export type { Mailer, MailMessage } from './port.ts';

/** Without SMTP: the outbox is where mail lands (status `stored`), readable by the dev tools. */
class OutboxMailer implements Mailer {
  readonly #outbox: Outbox;

  constructor(outbox: Outbox) {
    this.#outbox = outbox;
  }

  async send(msg: MailMessage): Promise<void> {
    await this.#outbox.store({
      channel: 'email',
      recipient: msg.to,
      subject: msg.subject,
      body: msg.text,
      code: msg.code ?? null,
      status: 'stored',
    });
  }

  async close(): Promise<void> {}
}

/** Timeouts short enough for a request that waits on the send (nodemailer's defaults are minutes). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP through nodemailer; every message is also recorded in the outbox as `sent` or `failed`. */
class SmtpMailer implements Mailer {
  readonly #outbox: Outbox;
  readonly #log: FastifyBaseLogger;
  readonly #transport: ReturnType<typeof nodemailer.createTransport>;

  constructor(smtpUrl: string, from: string, outbox: Outbox, log: FastifyBaseLogger) {
    this.#outbox = outbox;
    this.#log = log;
    // Options given in the URL (…?connectionTimeout=…) win over these defaults.
    this.#transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from });
  }

  async send(msg: MailMessage): Promise<void> {
    const record = {
      channel: 'email' as const,
      recipient: msg.to,
      subject: msg.subject,
      body: msg.text,
      code: msg.code ?? null,
    };
    try {
      await this.#transport.sendMail({
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        ...(msg.html === undefined ? {} : { html: msg.html }),
        ...(msg.headers === undefined ? {} : { headers: msg.headers }),
      });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      this.#log.warn({ err: { message: error, code: (err as { code?: unknown }).code } }, 'mail delivery failed');
      await this.#outbox.store({ ...record, status: 'failed', error });
      throw new AppError('Verification.SendFailed', { cause: err });
    }
    await this.#outbox.store({ ...record, status: 'sent' });
  }

  async close(): Promise<void> {
    this.#transport.close();
  }
}

/** SMTP when `SMTP_URL` is set, otherwise the outbox. */
export function createMailer(config: Config, outbox: Outbox, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom, outbox, log);
  return new OutboxMailer(outbox);
}
