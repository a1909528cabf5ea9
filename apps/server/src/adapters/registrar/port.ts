/**
 * The registrar port (DESIGN.md §3): what we ask the registrar that holds the domains we sold.
 *
 * Every call goes to the outside world: it is asynchronous, may be slow and may fail (it then
 * rejects with a RegistrarError: unreachable, timed out, refused). Like a real registrar's API
 * (EPP and its poll queue), an operation that changes a domain is *accepted* with a ticket and
 * its result arrives later: the domains area stores the ticket and polls it (the sweeper) until
 * it succeeds or fails. Callers keep their transactions short around calls.
 */
export interface RedemptionReport {
  /** True when the original holder redeemed the domain: it cannot be delivered. */
  redeemed: boolean;
}

/** What the registrar says about a domain now. */
export interface RegistrarDomainStatus {
  domain: string;
  /** The registrar that sponsors it. */
  registrar: string;
  /** clientTransferProhibited set. */
  locked: boolean;
  expiresAt: Date | null;
}

/** An accepted request: its ticket, and the earliest (clock) time a poll may find its result. */
export interface RegistrarTicket {
  ticket: string;
  checkAfter: Date;
}

/** Data a successful operation reports. */
export interface RegistrarResultData {
  /** renew, redeem: the new expiry. */
  expiresAt?: string;
  /** transfer_out, fast_transfer: the gaining registrar; transfer_in: the losing one. */
  registrar?: string;
  /** transfer_in: registration and expiry dates of the domain that arrived. */
  registeredAt?: string;
}

/** The result of polling a ticket. */
export type RegistrarResult =
  | { state: 'pending'; checkAfter: Date }
  | { state: 'succeeded'; data: RegistrarResultData }
  | { state: 'failed'; reason: string };

/** Every call takes the business clock's `now` (a manual clock in tests moves the results along). */
export interface RegistrarPort {
  /** A short name for logs and audit reasons ('simulator', or the real registrar's name). */
  readonly name: string;
  /** Whether the original holder redeemed `domain` (delivery). */
  checkRedemption(domain: string): Promise<RedemptionReport>;
  /** The domain's sponsoring registrar, lock and expiry. */
  status(domain: string, now: Date): Promise<RegistrarDomainStatus>;
  /** Turns the transfer lock on (`locked: true`) or off. */
  setLock(domain: string, locked: boolean, now: Date): Promise<RegistrarTicket>;
  /** Issues a new transfer code (TAC); the previous one stops working. Answers at once. */
  requestAuthCode(domain: string, now: Date): Promise<{ authCode: string }>;
  /**
   * Opens a standard transfer out: the gaining registrar uses the code; the result (completed, with
   * the gaining registrar, or failed) arrives when it does.
   */
  transferOut(domain: string, now: Date): Promise<RegistrarTicket>;
  /** Pushes the domain to a partner registrar at once (fast transfer-out). */
  fastTransfer(domain: string, gainingRegistrar: string, now: Date): Promise<RegistrarTicket>;
  /** Asks the registry to cancel the pending transfer out. */
  cancelTransfer(domain: string, now: Date): Promise<RegistrarTicket>;
  /**
   * Renews for `years`, counted from `currentExpiresAt` (EPP's curExpDate: the expiry the caller
   * holds, which keeps a repeated request from renewing twice); without it, from the registrar's own.
   */
  renew(domain: string, years: number, now: Date, currentExpiresAt?: Date | null): Promise<RegistrarTicket>;
  /** Restores a domain in its redemption period. */
  redeem(domain: string, now: Date): Promise<RegistrarTicket>;
  /** Brings a domain held elsewhere here with its auth code. */
  transferIn(domain: string, authCode: string, now: Date): Promise<RegistrarTicket>;
  /** The result of an accepted request so far. */
  poll(ticket: string, now: Date): Promise<RegistrarResult>;
}

/** A registrar call that failed (unreachable, timed out, refused): retry later. */
export class RegistrarError extends Error {
  readonly domain: string;
  constructor(domain: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RegistrarError';
    this.domain = domain;
  }
}
