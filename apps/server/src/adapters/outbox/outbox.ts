import type { OutboxMessage } from '@namebourse/contract';
import type { Db } from '../../db/open-database.ts';
import type { Clock } from '../../platform/clock.ts';
import { insertOutboxRow, listOutboxRows, updateOutboxStatus } from './outbox.repository.ts';

export type OutboxChannel = 'email' | 'sms';
export type OutboxStatus = 'queued' | 'sent' | 'failed' | 'stored';

export interface OutboxInput {
  channel: OutboxChannel;
  /** An e-mail address as given, or a phone number in E.164 form. */
  recipient: string;
  subject?: string | null;
  body: string;
  /** The verification code the message carries, if any (shown by the dev tools). */
  code?: string | null;
  /** `queued`: accepted by a gateway, not yet delivered; `stored`: no transport configured. */
  status: OutboxStatus;
  error?: string | null;
}

/** One outbox row with its delivery status (for diagnostics and tests). */
export interface OutboxRecord extends OutboxMessage {
  status: OutboxStatus;
  error: string | null;
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

/**
 * A phone number as the outbox files it: E.164 (`+8613812345678`). Spaces, dashes, dots and
 * brackets are dropped, a leading `00` becomes `+`, and a bare digit string gets a `+` (a `+` in
 * an unencoded query string arrives as a space).
 */
export function normalisePhone(raw: string): string {
  let v = raw.trim().replace(/[\s\-().]/g, '');
  if (v.startsWith('00')) v = `+${v.slice(2)}`;
  if (/^\d+$/.test(v)) v = `+${v}`;
  return v;
}

function isEmailAddress(to: string): boolean {
  return to.includes('@');
}

/**
 * Messages the mail and SMS adapters send (DESIGN.md §3). Read by the dev tools
 * (`GET /api/dev/outbox?to=`): e-mails by address, case-insensitively; SMS by E.164 number.
 */
export class Outbox {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #redactCodes: boolean;

  /**
   * `redactCodes` (on in production): the outbox keeps a record of what was sent, but never the
   * one-time codes themselves — they are masked in the body and the `code` column stays empty.
   */
  constructor(db: Db, clock: Clock, options: { redactCodes?: boolean } = {}) {
    this.#db = db;
    this.#clock = clock;
    this.#redactCodes = options.redactCodes ?? false;
  }

  /** Records one message; returns its id. */
  async store(msg: OutboxInput): Promise<{ id: string }> {
    const recipient = msg.channel === 'sms' ? normalisePhone(msg.recipient) : msg.recipient.trim();
    const id = await insertOutboxRow(this.#db, {
      channel: msg.channel,
      recipient,
      subject: msg.subject ?? null,
      body: this.#redactCodes && msg.code ? msg.body.replaceAll(msg.code, '*'.repeat(msg.code.length)) : msg.body,
      code: this.#redactCodes ? null : (msg.code ?? null),
      status: msg.status,
      error: msg.error ?? null,
      createdAt: this.#clock.now(),
    });
    return { id: String(id) };
  }

  /** Updates a message's delivery status (an SMS gateway's delivery report, say). */
  async setStatus(id: string, status: OutboxStatus, error: string | null = null): Promise<void> {
    await updateOutboxStatus(this.#db, BigInt(id), { status, error });
  }

  /**
   * Messages that went (or are going) to an address or phone, newest first. Failed sends are
   * left out: the recipient never got them.
   */
  async listFor(to: string, limit = DEFAULT_LIMIT): Promise<OutboxMessage[]> {
    const rows = await this.#select(to, limit, false);
    return rows.map(({ status: _s, error: _e, ...message }) => message);
  }

  /** Every message to an address or phone with its status and error, newest first. */
  async listRecords(to: string, limit = DEFAULT_LIMIT): Promise<OutboxRecord[]> {
    return this.#select(to, limit, true);
  }

  async #select(to: string, limit: number, includeFailed: boolean): Promise<OutboxRecord[]> {
    const n = Math.min(Math.max(1, Math.trunc(limit) || DEFAULT_LIMIT), MAX_LIMIT);
    const target = to.trim();
    const recipient = isEmailAddress(target)
      ? { channel: 'email' as const, recipient: target }
      : { channel: 'sms' as const, recipient: normalisePhone(target) };
    const rows = await listOutboxRows(this.#db, recipient, n, includeFailed);
    return rows.map((r) => ({
      id: String(r.id),
      channel: r.channel,
      to: r.recipient,
      subject: r.subject,
      body: r.body,
      code: r.code,
      createdAt: r.createdAt.toISOString(),
      status: r.status,
      error: r.error,
    }));
  }
}
