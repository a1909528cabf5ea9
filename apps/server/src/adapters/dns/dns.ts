import { Resolver } from 'node:dns/promises';
import type { Config } from '../../config.ts';
import { DnsLookupError, type DnsPort } from './port.ts';

export type { DnsFailure, DnsPort } from './port.ts';
export { DnsLookupError } from './port.ts';

/** A `node:dns` resolver on the configured servers (DNS_SERVERS), with DNS_TIMEOUT_MS per query. */
export function createDns(config: Pick<Config, 'dnsServers' | 'dnsTimeoutMs'>): DnsPort {
  const resolver = new Resolver({ timeout: config.dnsTimeoutMs, tries: 1 });
  if (config.dnsServers.length > 0) resolver.setServers(config.dnsServers);
  return {
    async resolveTxt(name) {
      try {
        return (await resolver.resolveTxt(name)).map((parts) => parts.join(''));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENODATA') return [];
        if (code === 'ENOTFOUND') throw new DnsLookupError('nxdomain', `${name}: no such name`);
        if (code === 'ETIMEOUT') throw new DnsLookupError('timeout', `${name}: no answer in time`);
        throw new DnsLookupError('unreachable', `${name}: ${code ?? 'lookup failed'}`);
      }
    },
  };
}
