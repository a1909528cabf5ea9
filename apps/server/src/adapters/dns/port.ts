/**
 * DNS (ownership proofs of domains held elsewhere): TXT records of a name, asked of real resolvers
 * (`node:dns` Resolver; DNS_SERVERS chooses them, else the system's). Tests run a small local DNS
 * server (apps/server/test/dns-server.ts) and point DNS_SERVERS at it.
 */
export interface DnsPort {
  /**
   * The TXT records at `name`, each record's character-strings joined (a long value is split into
   * 255-byte strings on the wire). `[]` when the name exists without TXT records; throws
   * DnsLookupError otherwise (no such name, no answer in time, resolver failed or unreachable).
   */
  resolveTxt(name: string): Promise<string[]>;
}

/**
 * Why a lookup failed: `nxdomain` (the name does not exist: an answer, not an outage), `timeout`
 * (no answer in time) or `unreachable` (refused, SERVFAIL, no route, closed port). The last two are
 * transient: the caller may try again later.
 */
export type DnsFailure = 'nxdomain' | 'timeout' | 'unreachable';

export class DnsLookupError extends Error {
  constructor(
    readonly failure: DnsFailure,
    message: string,
  ) {
    super(message);
    this.name = 'DnsLookupError';
  }
}
