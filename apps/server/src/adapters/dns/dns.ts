import { Resolver } from 'node:dns/promises';
import type { Config } from '../../config.ts';
import { type DnsFailure, DnsLookupError, type DnsPort } from './port.ts';

export type { DnsFailure, DnsPort } from './port.ts';
export { DnsLookupError } from './port.ts';

/** Resolver error codes (node:dns, from c-ares) → the port's failures; ENODATA is an empty answer. */
const FAILURES: Record<string, DnsFailure> = {
  ENOTFOUND: 'nxdomain',
  // A name no DNS can hold (a label over 63 bytes, over 255 in all): it cannot exist.
  EBADNAME: 'nxdomain',
  ETIMEOUT: 'timeout',
  ESERVFAIL: 'unreachable',
  EREFUSED: 'unreachable',
  ECONNREFUSED: 'unreachable',
  ECANCELLED: 'unreachable',
};

/**
 * A `node:dns` resolver on the configured servers (DNS_SERVERS, `host:port`; else the system's),
 * asking each once with DNS_TIMEOUT_MS. A lookup never waits longer than that per server (plus a
 * little): a resolver that keeps a query open past it counts as a timeout.
 */
export function createDns(config: Pick<Config, 'dnsServers' | 'dnsTimeoutMs'>): DnsPort {
  const resolver = new Resolver({ timeout: config.dnsTimeoutMs, tries: 1 });
  if (config.dnsServers.length > 0) resolver.setServers(config.dnsServers);
  const deadlineMs = config.dnsTimeoutMs * Math.max(1, resolver.getServers().length) + 250;
  return {
    async resolveTxt(name) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new DnsLookupError('timeout', `${name}: no answer in ${deadlineMs} ms`)),
          deadlineMs,
        );
        timer.unref();
      });
      try {
        const records = await Promise.race([resolver.resolveTxt(name), deadline]);
        return records.map((parts) => parts.join(''));
      } catch (error) {
        if (error instanceof DnsLookupError) throw error;
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (code === 'ENODATA') return [];
        const failure = FAILURES[code] ?? 'unreachable';
        throw new DnsLookupError(failure, `${name}: ${code || 'lookup failed'}`);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
