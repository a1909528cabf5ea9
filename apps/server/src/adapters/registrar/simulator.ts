import { createHash } from 'node:crypto';
import { seededRandom } from '../../platform/seeded-random.ts';
import { type RedemptionReport, RegistrarError, type RegistrarPort } from './port.ts';

/** What the simulator was told about one domain (POST /api/dev/registrar). */
export interface RegistrarInstruction {
  /** Force the redemption answer; absent: the deterministic default. */
  redeemed?: boolean | undefined;
  /** Every call about this domain fails until told `fail: false`. */
  fail?: boolean | undefined;
}

export interface RegistrarDomainState {
  domain: string;
  redeemed: boolean;
  fail: boolean;
  /** Where `redeemed` comes from: an instruction, or the deterministic default. */
  source: 'instruction' | 'default';
}

export interface RegistrarSimulatorOptions {
  /** Seed of the latency source (default 1): the same seed gives the same sequence of delays. */
  seed?: number;
  /** Upper bound of the simulated latency in ms (default 15; 0 answers on the next turn of the event loop). */
  maxLatencyMs?: number;
  /** Share of domains the default says were redeemed, in percent (default 10). */
  redeemedPercent?: number;
}

/** Share of domains redeemed by default (percent). */
export const DEFAULT_REDEEMED_PERCENT = 10;

/**
 * The default answer for a domain: redeemed when the first 32 bits of sha256(domain) fall in the
 * lowest `percent` per cent. Deterministic, so every instance and every run agree without sharing state.
 */
export function defaultRedeemed(domain: string, percent = DEFAULT_REDEEMED_PERCENT): boolean {
  const digest = createHash('sha256').update(domain.trim().toLowerCase()).digest();
  return digest.readUInt32BE(0) % 100 < percent;
}

/**
 * The registrar simulator, the embedded default. Like a real registrar API it answers
 * asynchronously after a small latency (drawn from a seeded source) and can fail.
 *
 * Decisions: per domain, deterministic by default (`defaultRedeemed`: about 10% of domains were
 * redeemed), overridden by instructions (`steer`, POST /api/dev/registrar). Instructions are kept
 * in memory, per process: with several server instances on one database, steer each instance
 * that may run the delivery sweeper (or run one), while the default needs no steering because
 * every instance computes the same answer.
 */
export class RegistrarSimulator implements RegistrarPort {
  readonly name = 'simulator';
  readonly #instructions = new Map<string, RegistrarInstruction>();
  readonly #random: () => number;
  readonly #maxLatencyMs: number;
  readonly #percent: number;
  #calls = 0;

  constructor(options: RegistrarSimulatorOptions = {}) {
    this.#random = seededRandom(options.seed ?? 1);
    this.#maxLatencyMs = Math.max(0, options.maxLatencyMs ?? 15);
    this.#percent = options.redeemedPercent ?? DEFAULT_REDEEMED_PERCENT;
  }

  /** Calls answered or failed so far (tests). */
  get calls(): number {
    return this.#calls;
  }

  /** Sets what the simulator says about `domain`; fields left out keep their earlier instruction. */
  steer(domain: string, instruction: RegistrarInstruction): RegistrarDomainState {
    const key = domain.trim().toLowerCase();
    const next: RegistrarInstruction = { ...this.#instructions.get(key) };
    if (instruction.redeemed !== undefined) next.redeemed = instruction.redeemed;
    if (instruction.fail !== undefined) next.fail = instruction.fail;
    this.#instructions.set(key, next);
    return this.state(key);
  }

  /** Forgets every instruction (or those of one domain). */
  reset(domain?: string): void {
    if (domain === undefined) this.#instructions.clear();
    else this.#instructions.delete(domain.trim().toLowerCase());
  }

  /** What the simulator would answer about `domain` now. */
  state(domain: string): RegistrarDomainState {
    const key = domain.trim().toLowerCase();
    const told = this.#instructions.get(key);
    const forced = told?.redeemed;
    return {
      domain: key,
      redeemed: forced ?? defaultRedeemed(key, this.#percent),
      fail: told?.fail === true,
      source: forced === undefined ? 'default' : 'instruction',
    };
  }

  async checkRedemption(domain: string): Promise<RedemptionReport> {
    const delay = Math.floor(this.#random() * (this.#maxLatencyMs + 1));
    await new Promise<void>((resolve) => setTimeout(resolve, delay));
    this.#calls += 1;
    const state = this.state(domain);
    if (state.fail) throw new RegistrarError(state.domain, `registrar unavailable for ${state.domain} (simulated)`);
    return { redeemed: state.redeemed };
  }
}

/** The simulator behind a registrar port, if it is one (dev tools steer it). */
export function simulatorOf(registrar: RegistrarPort): RegistrarSimulator | undefined {
  return registrar instanceof RegistrarSimulator ? registrar : undefined;
}
