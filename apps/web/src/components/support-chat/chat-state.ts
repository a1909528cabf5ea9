/**
 * The pure rules of the customer-service chat's client (no sockets, no timers, no React): the order of the
 * messages, how an echo, a resend and a history page merge without duplicates, the outbox of unsent messages,
 * and the reconnect delays. chat-socket.ts applies them to a WebSocket; tests drive them directly.
 */

/** The least a message needs for ordering and deduplication. */
export interface Sequenced {
  /** The server's id: a decimal string of a bigint, increasing in the order the server stored the messages. */
  messageId: string;
  /** The id the sender gave it (a resend carries the same one, so it lands once). */
  clientId: string | null;
}

/** Compares two decimal id strings as numbers (they may exceed 2^53: compared by length, then digits). */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The larger of two ids (either may be missing). */
export function maxId(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return compareIds(a, b) >= 0 ? a : b;
}

/**
 * `current` with `incoming` merged in: one entry per id (a later copy replaces an earlier one, e.g. with an
 * attachment's final URL), sorted by id. A message seen twice — the echo of a send and then the same message in
 * the history after a reconnect — is kept once. Returns `current` itself when nothing changed (React bails out).
 */
export function mergeMessages<T extends Sequenced>(current: readonly T[], incoming: readonly T[]): readonly T[] {
  if (incoming.length === 0) return current;
  const byId = new Map<string, T>();
  for (const message of current) byId.set(message.messageId, message);
  let changed = false;
  for (const message of incoming) {
    const before = byId.get(message.messageId);
    if (before === message) continue;
    if (before && sameMessage(before, message)) continue;
    byId.set(message.messageId, message);
    changed = true;
  }
  if (!changed) return current;
  return [...byId.values()].sort((a, b) => compareIds(a.messageId, b.messageId));
}

function sameMessage(a: object, b: object): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The newest id of a sorted list (what a reconnect resumes after), or null when empty. */
export function lastIdOf(messages: readonly Sequenced[]): string | null {
  return messages.length === 0 ? null : (messages[messages.length - 1]?.messageId ?? null);
}

// ---- Outbox: messages typed while the connection is down, or sent and not yet confirmed ----

export type PendingState = 'sending' | 'failed';

/** A message the server has not confirmed yet; resent with the same clientId until it is (or fails for good). */
export interface PendingMessage {
  clientId: string;
  conversationId: string;
  body: string;
  /** An uploaded image to send with it (its id, and a local preview URL for the bubble). */
  attachmentId: string | null;
  previewUrl: string | null;
  /** When the user pressed send (ISO), shown until the server's time arrives. */
  createdAt: string;
  state: PendingState;
  /** A localised reason when `failed` (a refused message is not resent by itself). */
  error: string | null;
}

/** Drops every pending message the server has confirmed (by clientId; a confirmation can arrive twice). */
export function confirmPending(outbox: readonly PendingMessage[], confirmed: readonly Sequenced[]): PendingMessage[] {
  const ids = new Set(confirmed.map((m) => m.clientId).filter((id): id is string => id !== null));
  if (ids.size === 0) return outbox as PendingMessage[];
  const next = outbox.filter((pending) => !ids.has(pending.clientId));
  return next.length === outbox.length ? (outbox as PendingMessage[]) : next;
}

/** The pending messages to (re)send on a fresh connection, oldest first: everything not refused for good. */
export function toResend(outbox: readonly PendingMessage[]): PendingMessage[] {
  return outbox.filter((pending) => pending.state === 'sending');
}

/** Marks one pending message (by clientId). */
export function markPending(
  outbox: readonly PendingMessage[],
  clientId: string,
  patch: Partial<Pick<PendingMessage, 'state' | 'error'>>,
): PendingMessage[] {
  return outbox.map((pending) => (pending.clientId === clientId ? { ...pending, ...patch } : pending));
}

// ---- Reconnect ----

export interface BackoffOptions {
  /** The first delay (ms). */
  baseMs: number;
  /** The longest delay (ms). */
  maxMs: number;
  /** A number in [0, 1): the random part (full jitter on the upper half), Math.random by default. */
  random?: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 30_000 };

/**
 * The wait before reconnect attempt `attempt` (0 = the first after a drop): exponential — base · 2^attempt, at most
 * maxMs — with jitter so that many windows dropped by one server restart do not all return in the same
 * millisecond. The delay lies in [half, full] of the exponential value.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const random = options.random ?? Math.random;
  const exponent = Math.min(Math.max(0, Math.floor(attempt)), 30);
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** exponent);
  const half = ceiling / 2;
  return Math.round(half + half * random());
}

// ---- Typing ----

/** Whether a typing frame may go out now (at most one per `throttleMs`). */
export function maySendTyping(lastSentAt: number | null, now: number, throttleMs: number): boolean {
  return lastSentAt === null || now - lastSentAt >= throttleMs;
}

/** Whether the other side's typing indicator still shows (it fades `ttlMs` after the last typing frame). */
export function isTyping(lastTypingAt: number | null, now: number, ttlMs: number): boolean {
  return lastTypingAt !== null && now - lastTypingAt < ttlMs;
}

// ---- Read receipts ----

/** Whether `messageId` has been read by the other side, whose newest read message is `readUpTo`. */
export function isReadBy(readUpTo: string | null, messageId: string): boolean {
  return readUpTo !== null && compareIds(messageId, readUpTo) <= 0;
}
