/**
 * DNS (ownership proofs of domains held elsewhere): TXT records of a name, asked of real resolvers
 * (`node:dns` Resolver; DNS_SERVERS chooses them, else the system's). Tests run a small local DNS
 * server and point DNS_SERVERS at it.
 */
export interface DnsPort {
  /**
   * The TXT records at `name`, each record's strings joined. `[]` when the name exists without TXT
   * records; throws DnsLookupError otherwise (no such name, timeout, refused, unreachable).
   */
  resolveTxt(name: string): Promise<string[]>;
}

/** Why a lookup failed: NXDOMAIN, no answer in time, or the resolver could not be reached / refused. */
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
