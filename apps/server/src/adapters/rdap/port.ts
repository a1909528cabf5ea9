/**
 * RDAP (RFC 9082 queries, RFC 9083 responses): the protocol registries answer about a domain's
 * state. We read the status values (`active`, `redemption period`, `pending delete`,
 * `client transfer prohibited`, …) and the events (`registration`, `expiration`, `last changed`,
 * `reinstantiation` …) to decide delivery (was the domain redeemed by its old holder?) and to show
 * each domain's registry status.
 */
export interface RdapEvent {
  /** RFC 9083 eventAction, lower case (`expiration`, `last changed`, `reinstantiation`, …). */
  action: string;
  date: Date;
}

export interface RdapDomain {
  /** ldhName, lower case. */
  name: string;
  /** RFC 9083 status values, lower case. */
  statuses: string[];
  events: RdapEvent[];
  /** The sponsoring registrar's name (entity with role `registrar`), when given. */
  registrar: string | null;
}

export interface RdapPort {
  /** 'simulator' or the base URL's host (logs, reasons). */
  readonly name: string;
  /**
   * The registry's record of `domain`; null when the registry answers 404 (no such domain).
   * Rejects with RdapError on timeouts, network errors, other HTTP errors and malformed answers.
   */
  lookup(domain: string, now: Date): Promise<RdapDomain | null>;
}

export class RdapError extends Error {
  readonly domain: string;
  constructor(domain: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RdapError';
    this.domain = domain;
  }
}
