/**
 * The registrar port (DESIGN.md §3): what we ask the registry/registrar about a domain we sold.
 * For auctions the one question today is whether the old holder redeemed an expired or
 * pre-release domain before delivery (issue 5, Delivery); transfer codes, lock, renewal and
 * transfer-out come with the domain-management issue and extend this interface.
 *
 * Every call goes to the outside world: it is asynchronous, may be slow and may fail (it then
 * rejects with a RegistrarError). Callers keep their transactions short around it.
 */
export interface RedemptionReport {
  /** True when the original holder redeemed the domain: it cannot be delivered. */
  redeemed: boolean;
}

export interface RegistrarPort {
  /** A short name for logs and audit reasons ('simulator', or the real registrar's name). */
  readonly name: string;
  /** Whether the original holder redeemed `domain`. Rejects with RegistrarError when the registrar fails. */
  checkRedemption(domain: string): Promise<RedemptionReport>;
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
