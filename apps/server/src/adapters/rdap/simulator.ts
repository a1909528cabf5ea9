import { createHash } from 'node:crypto';
import { DOMAIN_RULES } from '@namebourse/contract';
import { seededRandom } from '../../platform/seeded-random.ts';
import type { RegistrarPort } from '../registrar/port.ts';
import { simulatorOf } from '../registrar/simulator.ts';
import { normalise } from './client.ts';
import { type RdapDomain, RdapError, type RdapEvent, type RdapPort } from './port.ts';
import { AUTO_RENEW_GRACE_DAYS } from './registry-view.ts';

/**
 * The built-in RDAP answer when no RDAP_BASE_URL is set: in process (no HTTP), from the registrar
 * simulator's state, so that `POST /api/dev/registrar` steers both.
 *
 * The model, deterministic (every instance computes the same record for the same domain and time):
 * - `fail` (registrar simulator) → RdapError, as a registry that does not answer;
 * - `redeemed` → the previous holder restored it: ['active', 'client transfer prohibited'], a
 *   `reinstantiation` event, `expiration` one year after its last expiry;
 * - otherwise the domain is somewhere in its post-expiry life. Each simulated domain replays an
 *   expiry cycle of CYCLE_DAYS (45 days of auto-renew grace + the RGP + 5 days of pending delete),
 *   its expiries falling on EPOCH + offset(domain) + k × CYCLE_DAYS (offset from sha256 of the
 *   name), so the phase a domain is in moves with the clock but never jumps for a given time:
 *     days since expiry < 45        → ['active', 'auto renew period'], expiration = expiry + 1 year
 *     < 45 + redemptionDays         → ['redemption period', 'pending delete'], `deletion` at expiry + 45
 *     < CYCLE_DAYS                  → ['pending delete'], same events.
 * When the registrar is not the simulator (a test's stub), `redeemed` comes from its
 * `checkRedemption` and its failures become RdapError.
 * A small seeded latency (default up to 5 ms) keeps the call asynchronous like the real one.
 */

const DAY = 86_400_000;
const YEAR = 365 * DAY;
const PENDING_DELETE_DAYS = 5;
export const CYCLE_DAYS = AUTO_RENEW_GRACE_DAYS + DOMAIN_RULES.redemptionDays + PENDING_DELETE_DAYS;
const EPOCH = Date.UTC(2020, 0, 1);

export interface RdapSimulatorOptions {
  /** Seed of the latency source (default 1). */
  seed?: number;
  /** Upper bound of the simulated latency in ms (default 5). */
  maxLatencyMs?: number;
}

function digestOf(name: string): Buffer {
  return createHash('sha256').update(name).digest();
}

/** The simulated record of `name` at `now` (pure; `redeemed` as the registrar simulator says). */
export function simulatedRecord(name: string, now: Date, redeemed: boolean): RdapDomain {
  const digest = digestOf(name);
  const offset = digest.readUInt32BE(4) % CYCLE_DAYS;
  const cycles = Math.floor((now.getTime() - EPOCH - offset * DAY) / (CYCLE_DAYS * DAY));
  const expiry = EPOCH + offset * DAY + cycles * CYCLE_DAYS * DAY;
  const daysSince = Math.floor((now.getTime() - expiry) / DAY);
  const registered = new Date(expiry - (2 + (digest.readUInt32BE(8) % 15)) * YEAR);
  const registrar = { name: 'NameBourse Registrar Simulator' };
  const events = (list: [string, number][]): RdapEvent[] => [
    { action: 'registration', date: registered },
    ...list.map(([action, at]) => ({ action, date: new Date(at) })),
  ];
  if (redeemed) {
    const restored = expiry + Math.min(daysSince, AUTO_RENEW_GRACE_DAYS - 5) * DAY;
    return {
      name,
      statuses: ['active', 'client transfer prohibited'],
      events: events([
        ['expiration', expiry + YEAR],
        ['reinstantiation', restored],
        ['last changed', restored],
      ]),
      registrar: registrar.name,
    };
  }
  if (daysSince < AUTO_RENEW_GRACE_DAYS) {
    return {
      name,
      statuses: ['active', 'auto renew period'],
      events: events([
        ['expiration', expiry + YEAR],
        ['last changed', expiry],
      ]),
      registrar: registrar.name,
    };
  }
  const deleted = expiry + AUTO_RENEW_GRACE_DAYS * DAY;
  const inRgp = daysSince < AUTO_RENEW_GRACE_DAYS + DOMAIN_RULES.redemptionDays;
  return {
    name,
    statuses: inRgp ? ['redemption period', 'pending delete'] : ['pending delete'],
    events: events([
      ['expiration', expiry],
      ['deletion', deleted],
      ['last changed', deleted],
    ]),
    registrar: registrar.name,
  };
}

export class RdapSimulator implements RdapPort {
  readonly name = 'simulator';
  readonly #registrar: RegistrarPort;
  readonly #random: () => number;
  readonly #maxLatencyMs: number;

  constructor(registrar: RegistrarPort, options: RdapSimulatorOptions = {}) {
    this.#registrar = registrar;
    this.#random = seededRandom(options.seed ?? 1);
    this.#maxLatencyMs = Math.max(0, options.maxLatencyMs ?? 5);
  }

  async lookup(domain: string, now: Date): Promise<RdapDomain | null> {
    const name = normalise(domain);
    if (!name) throw new RdapError(domain, 'not a domain name');
    const delay = Math.floor(this.#random() * (this.#maxLatencyMs + 1));
    await new Promise<void>((resolve) => setTimeout(resolve, delay));
    const simulator = simulatorOf(this.#registrar);
    let redeemed: boolean;
    if (simulator) {
      const state = simulator.state(name);
      if (state.fail) throw new RdapError(name, `registry unavailable for ${name} (simulated registrar outage)`);
      redeemed = state.redeemed;
    } else {
      try {
        ({ redeemed } = await this.#registrar.checkRedemption(name));
      } catch (err) {
        const text = err instanceof Error ? err.message : String(err);
        throw new RdapError(name, `registrar ${this.#registrar.name}: ${text}`, { cause: err });
      }
    }
    return simulatedRecord(name, now, redeemed);
  }
}
