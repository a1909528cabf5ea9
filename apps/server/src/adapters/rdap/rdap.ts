import type { Config } from '../../config.ts';
import type { RegistrarPort } from '../registrar/port.ts';
import { RdapClient } from './client.ts';
import type { RdapPort } from './port.ts';
import { RdapSimulator } from './simulator.ts';

export type { RdapDomain, RdapEvent, RdapPort } from './port.ts';
export { RdapError } from './port.ts';

/**
 * RDAP (docs/adr/0017): the real client when RDAP_BASE_URL is set, else the built-in simulator,
 * which answers from the registrar simulator's state (or the injected registrar's answers).
 * Tests inject their own through `buildApp({ rdap })`.
 */
export function createRdap(config: Pick<Config, 'rdapBaseUrl' | 'rdapTimeoutMs'>, registrar: RegistrarPort): RdapPort {
  if (config.rdapBaseUrl) return new RdapClient({ baseUrl: config.rdapBaseUrl, timeoutMs: config.rdapTimeoutMs });
  return new RdapSimulator(registrar);
}
