import { createHash, randomBytes, randomInt } from 'node:crypto';
import { type DomainOperationKind, FAST_TRANSFER_REGISTRARS, isDomainReason } from '@namebourse/contract';
import { seededRandom } from '../../platform/seeded-random.ts';
import type {
  RedemptionReport,
  RegistrarDomainStatus,
  RegistrarPort,
  RegistrarResult,
  RegistrarResultData,
  RegistrarTicket,
} from './port.ts';
import { RegistrarError } from './port.ts';
import { decodeTicket, encodeTicket, type SimTicket } from './simulator-ticket.ts';

/** What the simulator was told about one domain (POST /api/dev/registrar). */
export interface RegistrarInstruction {
  /** Force the redemption answer; absent: the deterministic default. */
  redeemed?: boolean | undefined;
  /** Every call about this domain fails until told `fail: false`. */
  fail?: boolean | undefined;
  /** Operations are accepted but fail with this reason; null clears, absent keeps. */
  failOperations?: string | null | undefined;
  /** Clock seconds before an operation's result is ready; null clears (the default), absent keeps. */
  latencySeconds?: number | null | undefined;
}

export interface RegistrarDomainState {
  domain: string;
  redeemed: boolean;
  fail: boolean;
  /** Where `redeemed` comes from: an instruction, or the deterministic default. */
  source: 'instruction' | 'default';
  /** Operations accepted now fail with this reason (null: they succeed). */
  failOperations: string | null;
  /** Clock seconds before an operation's result is ready (null: the defaults below). */
  latencySeconds: number | null;
}

export interface RegistrarSimulatorOptions {
  /**
   * Seed of the latency source (default 1): the same seed gives the same sequence of answer delays
   * and the same operation latencies per (domain, kind).
   */
  seed?: number;
  /** Upper bound of the simulated answer latency in ms (default 15; 0 answers on the next turn of the event loop). */
  maxLatencyMs?: number;
  /** Share of domains the default says were redeemed, in percent (default 10). */
  redeemedPercent?: number;
}

/** Share of domains redeemed by default (percent). */
export const DEFAULT_REDEEMED_PERCENT = 10;

/** Operation latency in clock seconds when not steered: seeded per (domain, kind) in this range. */
export const OPERATION_LATENCY_SECONDS = { min: 30, max: 180 } as const;
/** A standard transfer out completes when the gaining registrar's 5-day acknowledgement window ends. */
export const TRANSFER_OUT_SECONDS = 5 * 86_400;
/** A transfer in completes after 5 minutes (the losing registrar approves at once). */
export const TRANSFER_IN_SECONDS = 5 * 60;

/** The registrar that sponsors the domains we hold (the name the RDAP simulator reports too). */
export const SIMULATOR_REGISTRAR = 'NameBourse Registrar Simulator';
/** Registrars a standard transfer out goes to, and transfers in come from (picked per domain). */
export const OTHER_REGISTRARS = [
  'GoDaddy',
  'Namecheap',
  'Cloudflare Registrar',
  'Porkbun',
  'Gandi',
  'Alibaba Cloud',
  'Tencent Cloud',
  'Dynadot',
] as const;

/** Auth codes: letters, digits and a few symbols that survive mail, URLs and copy-paste. */
const AUTH_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#$%*+-=?@_';
export const AUTH_CODE_LENGTH = 16;

const DAY_MS = 86_400_000;
/** Default registration dates fall in [2000-01-01, 2000-01-01 + 25 years). */
const REGISTRATION_EPOCH = Date.UTC(2000, 0, 1);
const REGISTRATION_SPAN_DAYS = 25 * 365;

function normalise(domain: string): string {
  return domain.trim().toLowerCase();
}

function hash32(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

function addYears(date: Date, years: number): Date {
  const next = new Date(date.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

/**
 * The default answer for a domain: redeemed when the first 32 bits of sha256(domain) fall in the
 * lowest `percent` per cent. Deterministic, so every instance and every run agree without sharing state.
 */
export function defaultRedeemed(domain: string, percent = DEFAULT_REDEEMED_PERCENT): boolean {
  return hash32(normalise(domain)) % 100 < percent;
}

/** The registration date the simulator reports for a domain: fixed per domain, between 2000 and 2025. */
export function defaultRegisteredAt(domain: string): Date {
  return new Date(REGISTRATION_EPOCH + (hash32(`registered:${normalise(domain)}`) % REGISTRATION_SPAN_DAYS) * DAY_MS);
}

/**
 * The expiry the simulator reports for a domain at `now`: the first anniversary of its
 * registration after `now` (a domain renewed every year). Stable for a year, the same in every instance.
 */
export function defaultExpiresAt(domain: string, now: Date): Date {
  const registered = defaultRegisteredAt(domain);
  let years = Math.max(1, now.getUTCFullYear() - registered.getUTCFullYear());
  while (addYears(registered, years).getTime() <= now.getTime()) years += 1;
  while (years > 1 && addYears(registered, years - 1).getTime() > now.getTime()) years -= 1;
  return addYears(registered, years);
}

/** The other registrar of a transfer (`role` keeps gaining and losing apart): fixed per domain. */
export function otherRegistrar(domain: string, role: 'gaining' | 'losing'): string {
  return OTHER_REGISTRARS[hash32(`${role}:${normalise(domain)}`) % OTHER_REGISTRARS.length] as string;
}

/** A fresh transfer code: 16 characters with a letter, a digit and a symbol, from the CSPRNG. */
export function newAuthCode(): string {
  for (;;) {
    let code = '';
    for (let i = 0; i < AUTH_CODE_LENGTH; i += 1) code += AUTH_CODE_ALPHABET[randomInt(AUTH_CODE_ALPHABET.length)];
    if (/[A-Za-z]/.test(code) && /\d/.test(code) && /[^A-Za-z\d]/.test(code)) return code;
  }
}

/** A steered failure as a stored reason: kept when it starts with a DOMAIN_REASONS code, else `registrar: words`. */
function steeredReason(words: string): string {
  const at = words.indexOf(':');
  const code = (at < 0 ? words : words.slice(0, at)).trim();
  const reason = isDomainReason(code) ? words : `registrar: ${words}`;
  return reason.slice(0, 480);
}

type Outcome = SimTicket['outcome'];

/**
 * The registrar simulator, the embedded default. It behaves like a registrar's API (EPP and its
 * poll queue): every call answers after a small latency (milliseconds, from a seeded source) and
 * fails with RegistrarError when steered `fail`; an operation (lock, transfers, renew, redeem …)
 * is accepted with a ticket and its result is ready later in *clock* time (`now`, so a manual
 * clock moves results along), seconds to minutes, five days for a standard transfer out.
 *
 * Stateless across instances: the outcome of an operation is decided when it is accepted (from
 * the instructions of this instance) and written into the ticket (see simulator-ticket.ts), so any
 * instance polling it later gives the same answer without shared memory. Consequences: a steering
 * change does not alter operations already accepted; a cancel does not reach back into the
 * transfer's own ticket (the caller stops polling a cancelled transfer); `status` cannot know the
 * lock an earlier operation set (possibly through another instance) and reports the default,
 * locked, with the default expiry (`defaultExpiresAt`).
 *
 * Decisions by default, deterministic per domain: about 10% of domains were redeemed
 * (`defaultRedeemed`), operations succeed. Instructions (`steer`, POST /api/dev/registrar) are kept
 * in memory, per process: with several server instances, steer each that may accept the request.
 */
export class RegistrarSimulator implements RegistrarPort {
  readonly name = 'simulator';
  readonly #instructions = new Map<string, RegistrarInstruction>();
  readonly #random: () => number;
  readonly #seed: number;
  readonly #maxLatencyMs: number;
  readonly #percent: number;
  #calls = 0;

  constructor(options: RegistrarSimulatorOptions = {}) {
    this.#seed = options.seed ?? 1;
    this.#random = seededRandom(this.#seed);
    this.#maxLatencyMs = Math.max(0, options.maxLatencyMs ?? 15);
    this.#percent = options.redeemedPercent ?? DEFAULT_REDEEMED_PERCENT;
  }

  /** Calls answered or failed so far (tests). */
  get calls(): number {
    return this.#calls;
  }

  /** Sets what the simulator says about `domain`; fields left out keep their earlier instruction. */
  steer(domain: string, instruction: RegistrarInstruction): RegistrarDomainState {
    const key = normalise(domain);
    const next: RegistrarInstruction = { ...this.#instructions.get(key) };
    if (instruction.redeemed !== undefined) next.redeemed = instruction.redeemed;
    if (instruction.fail !== undefined) next.fail = instruction.fail;
    if (instruction.failOperations !== undefined) next.failOperations = instruction.failOperations;
    if (instruction.latencySeconds !== undefined) next.latencySeconds = instruction.latencySeconds;
    this.#instructions.set(key, next);
    return this.state(key);
  }

  /** Forgets every instruction (or those of one domain). */
  reset(domain?: string): void {
    if (domain === undefined) this.#instructions.clear();
    else this.#instructions.delete(normalise(domain));
  }

  /** What the simulator would answer about `domain` now. */
  state(domain: string): RegistrarDomainState {
    const key = normalise(domain);
    const told = this.#instructions.get(key);
    const forced = told?.redeemed;
    return {
      domain: key,
      redeemed: forced ?? defaultRedeemed(key, this.#percent),
      fail: told?.fail === true,
      source: forced === undefined ? 'default' : 'instruction',
      failOperations: told?.failOperations ?? null,
      latencySeconds: told?.latencySeconds ?? null,
    };
  }

  /**
   * Clock seconds an operation takes when not steered: a standard transfer out 5 days, a transfer
   * in 5 minutes, anything else 30–180 s, fixed per (seed, domain, kind).
   */
  defaultLatencySeconds(domain: string, kind: DomainOperationKind): number {
    if (kind === 'transfer_out') return TRANSFER_OUT_SECONDS;
    if (kind === 'transfer_in') return TRANSFER_IN_SECONDS;
    const { min, max } = OPERATION_LATENCY_SECONDS;
    return min + (hash32(`latency:${this.#seed}:${kind}:${normalise(domain)}`) % (max - min + 1));
  }

  async checkRedemption(domain: string): Promise<RedemptionReport> {
    const state = await this.#answer(domain);
    return { redeemed: state.redeemed };
  }

  async status(domain: string, now: Date): Promise<RegistrarDomainStatus> {
    const state = await this.#answer(domain);
    return {
      domain: state.domain,
      registrar: SIMULATOR_REGISTRAR,
      locked: true,
      expiresAt: defaultExpiresAt(state.domain, now),
    };
  }

  async requestAuthCode(domain: string, _now: Date): Promise<{ authCode: string }> {
    await this.#answer(domain);
    return { authCode: newAuthCode() };
  }

  setLock(domain: string, locked: boolean, now: Date): Promise<RegistrarTicket> {
    return this.#accept(domain, locked ? 'lock' : 'unlock', now, () => ({}));
  }

  transferOut(domain: string, now: Date): Promise<RegistrarTicket> {
    return this.#accept(domain, 'transfer_out', now, (key) => ({ registrar: otherRegistrar(key, 'gaining') }));
  }

  fastTransfer(domain: string, gainingRegistrar: string, now: Date): Promise<RegistrarTicket> {
    return this.#accept(domain, 'fast_transfer', now, () =>
      (FAST_TRANSFER_REGISTRARS as readonly string[]).includes(gainingRegistrar)
        ? { registrar: gainingRegistrar }
        : { reason: `registrar: ${gainingRegistrar.slice(0, 100)} is not a fast-transfer partner` },
    );
  }

  cancelTransfer(domain: string, now: Date): Promise<RegistrarTicket> {
    return this.#accept(domain, 'cancel_transfer', now, () => ({}));
  }

  /**
   * Renews from `currentExpiresAt` (EPP's curExpDate: the expiry the caller knows) or, without it,
   * from the simulator's default expiry (`defaultExpiresAt`).
   */
  renew(domain: string, years: number, now: Date, currentExpiresAt?: Date | null): Promise<RegistrarTicket> {
    return this.#accept(domain, 'renew', now, (key) =>
      Number.isInteger(years) && years >= 1 && years <= 10
        ? { expiresAt: addYears(currentExpiresAt ?? defaultExpiresAt(key, now), years).toISOString() }
        : { reason: `registrar: a renewal is 1 to 10 years, not ${years}` },
    );
  }

  redeem(domain: string, now: Date): Promise<RegistrarTicket> {
    return this.#accept(domain, 'redeem', now, () => ({ expiresAt: addYears(now, 1).toISOString() }));
  }

  /**
   * Refuses an obviously wrong code ('WRONGCODE', blank) with `wrong_code`; on success reports the
   * losing registrar and the dates, the expiry one year later (a transfer adds a year).
   */
  transferIn(domain: string, authCode: string, now: Date): Promise<RegistrarTicket> {
    return this.#accept(domain, 'transfer_in', now, (key, readyAt) => {
      const code = authCode.trim();
      if (code === '' || code.toUpperCase() === 'WRONGCODE') return { reason: 'wrong_code' };
      return {
        registrar: otherRegistrar(key, 'losing'),
        registeredAt: defaultRegisteredAt(key).toISOString(),
        expiresAt: addYears(defaultExpiresAt(key, readyAt), 1).toISOString(),
      };
    });
  }

  async poll(ticket: string, now: Date): Promise<RegistrarResult> {
    await this.#delay();
    const content = decodeTicket(ticket);
    if (!content) {
      this.#calls += 1;
      throw new RegistrarError('', `registrar ticket not recognised: ${ticket.slice(0, 40)}`);
    }
    this.#check(content.domain);
    const readyAt = new Date(content.readyAt);
    if (now.getTime() < readyAt.getTime()) return { state: 'pending', checkAfter: readyAt };
    const { outcome } = content;
    return outcome.state === 'succeeded'
      ? { state: 'succeeded', data: { ...outcome.data } }
      : { state: 'failed', reason: outcome.reason };
  }

  /** Waits the answer latency, counts the call and fails when steered to. */
  async #answer(domain: string): Promise<RegistrarDomainState> {
    await this.#delay();
    return this.#check(domain);
  }

  #check(domain: string): RegistrarDomainState {
    this.#calls += 1;
    const state = this.state(domain);
    if (state.fail) throw new RegistrarError(state.domain, `registrar unavailable for ${state.domain} (simulated)`);
    return state;
  }

  async #delay(): Promise<void> {
    const delay = Math.floor(this.#random() * (this.#maxLatencyMs + 1));
    await new Promise<void>((resolve) => setTimeout(resolve, delay));
  }

  /**
   * Accepts an operation: decides its outcome now (a steered failure, or what `decide` says) and
   * when it is ready, and writes both into the ticket.
   */
  async #accept(
    domain: string,
    kind: DomainOperationKind,
    now: Date,
    decide: (domain: string, readyAt: Date) => RegistrarResultData | { reason: string },
  ): Promise<RegistrarTicket> {
    const state = await this.#answer(domain);
    const seconds = state.latencySeconds ?? this.defaultLatencySeconds(state.domain, kind);
    const readyAt = new Date(now.getTime() + seconds * 1000);
    let outcome: Outcome;
    if (state.failOperations !== null) {
      outcome = { state: 'failed', reason: steeredReason(state.failOperations) };
    } else {
      const decided = decide(state.domain, readyAt);
      outcome =
        'reason' in decided && typeof decided.reason === 'string'
          ? { state: 'failed', reason: decided.reason }
          : { state: 'succeeded', data: decided as RegistrarResultData };
    }
    const ticket = encodeTicket({
      kind,
      domain: state.domain,
      id: randomBytes(9).toString('base64url'),
      acceptedAt: now.toISOString(),
      readyAt: readyAt.toISOString(),
      outcome,
    });
    return { ticket, checkAfter: readyAt };
  }
}

/** The simulator behind a registrar port, if it is one (dev tools steer it). */
export function simulatorOf(registrar: RegistrarPort): RegistrarSimulator | undefined {
  return registrar instanceof RegistrarSimulator ? registrar : undefined;
}

/** The simulator behind a registrar port; throws when it is another implementation (tests that steer it). */
export function requireSimulator(registrar: RegistrarPort): RegistrarSimulator {
  const simulator = simulatorOf(registrar);
  if (!simulator) throw new Error('the registrar is not the simulator');
  return simulator;
}
