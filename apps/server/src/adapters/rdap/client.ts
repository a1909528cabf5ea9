import { domainToASCII } from 'node:url';
import { type RdapDomain, RdapError, type RdapEvent, type RdapPort } from './port.ts';

/**
 * The RDAP client: one RFC 9082 query, `GET {base}/domain/{name}` with
 * `Accept: application/rdap+json`, and the parts of the RFC 9083 answer we use: `ldhName`,
 * `status[]`, `events[]` ({eventAction, eventDate}) and the entity with the role `registrar`
 * (its vCard `fn`). Node's global fetch (undici); every call is bounded by a timeout that also
 * covers reading the body.
 *
 * Outcomes: 200 with a domain object → the record; 404 → null (the registry has no such domain);
 * any other status, a network error, the timeout, a body that is not JSON, not an RDAP domain
 * object or about another domain → RdapError with a short reason (the delivery's retry reason).
 */

export interface RdapClientOptions {
  /** The registry's RDAP base URL (e.g. https://rdap.verisign.com/com/v1/). */
  baseUrl: string;
  /** Whole call (connect, headers and body), in ms; the wait for a free slot is not counted. */
  timeoutMs: number;
  /** Queries in flight at once (default 8): registries rate-limit, and a sweep batch asks about hundreds. */
  maxConcurrent?: number;
}

/** Answers larger than this are refused (a domain object is a few KB). */
const MAX_BODY_CHARS = 1_000_000;

const JSON_TYPES = ['application/rdap+json', 'application/json'];

export class RdapClient implements RdapPort {
  readonly name: string;
  readonly #base: URL;
  readonly #timeoutMs: number;
  readonly #maxConcurrent: number;
  #inFlight = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(options: RdapClientOptions) {
    const base = new URL(options.baseUrl);
    if (!base.pathname.endsWith('/')) base.pathname += '/';
    this.#base = base;
    this.#timeoutMs = options.timeoutMs;
    this.#maxConcurrent = Math.max(1, options.maxConcurrent ?? 8);
    this.name = base.host;
  }

  async lookup(domain: string, _now: Date): Promise<RdapDomain | null> {
    const name = normalise(domain);
    if (!name) throw new RdapError(domain, 'not a domain name');
    // A slot: taken now, or handed over by a finishing query (so the bound is never exceeded).
    if (this.#inFlight >= this.#maxConcurrent) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#inFlight += 1;
    try {
      return await this.#query(name);
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#inFlight -= 1;
    }
  }

  async #query(name: string): Promise<RdapDomain | null> {
    const url = new URL(`domain/${encodeURIComponent(name)}`, this.#base);
    let body: string;
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/rdap+json, application/json;q=0.9' },
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new RdapError(name, `HTTP ${res.status} from ${this.name}`);
      }
      const type = (res.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!JSON_TYPES.includes(type)) {
        await res.body?.cancel();
        throw new RdapError(name, `unexpected content type '${type || 'none'}' from ${this.name}`);
      }
      body = await res.text();
    } catch (err) {
      if (err instanceof RdapError) throw err;
      throw new RdapError(name, this.#failure(err), { cause: err });
    }
    if (body.length > MAX_BODY_CHARS) throw new RdapError(name, `answer too large from ${this.name}`);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (err) {
      throw new RdapError(name, `malformed JSON from ${this.name}`, { cause: err });
    }
    return parseRdapDomain(name, json);
  }

  /** A short reason for a failed fetch: the timeout, or the network error's code. */
  #failure(err: unknown): string {
    const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
    if (e?.name === 'TimeoutError' || e?.name === 'AbortError') {
      return `no answer from ${this.name} within ${this.#timeoutMs} ms`;
    }
    const detail = e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err);
    return `${this.name} unreachable (${detail})`;
  }
}

/** The query form of a name: lower case, no trailing dot, IDNs as A-labels ('' when not a name). */
export function normalise(domain: string): string {
  const trimmed = domain.trim().toLowerCase().replace(/\.$/, '');
  if (!trimmed || trimmed.length > 253) return '';
  return domainToASCII(trimmed);
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An RFC 9083 domain object → RdapDomain, or RdapError when the answer is not one (or is about
 * another name). Unknown members are ignored; events with an unreadable date are left out, as are
 * status values that are not strings.
 */
export function parseRdapDomain(queried: string, json: unknown): RdapDomain {
  if (!isObject(json)) throw new RdapError(queried, 'answer is not an RDAP object');
  if (json.objectClassName !== undefined && json.objectClassName !== 'domain') {
    throw new RdapError(queried, `answer is a '${String(json.objectClassName)}' object, not a domain`);
  }
  if (typeof json.ldhName !== 'string' || json.ldhName.trim() === '') {
    throw new RdapError(queried, 'answer has no ldhName');
  }
  const name = json.ldhName.trim().toLowerCase().replace(/\.$/, '');
  if (name !== queried) throw new RdapError(queried, `answer is about ${name}, not ${queried}`);
  const statuses = Array.isArray(json.status)
    ? json.status.filter((s): s is string => typeof s === 'string').map((s) => s.trim().toLowerCase())
    : [];
  const events: RdapEvent[] = [];
  if (Array.isArray(json.events)) {
    for (const event of json.events) {
      if (!isObject(event) || typeof event.eventAction !== 'string' || typeof event.eventDate !== 'string') continue;
      const date = new Date(event.eventDate);
      if (Number.isNaN(date.getTime())) continue;
      events.push({ action: event.eventAction.trim().toLowerCase(), date });
    }
  }
  return { name, statuses, events, registrar: registrarOf(json.entities) };
}

/** The `fn` of the first entity with the role `registrar` (jCard, RFC 7095), or its handle. */
function registrarOf(entities: unknown): string | null {
  if (!Array.isArray(entities)) return null;
  for (const entity of entities) {
    if (!isObject(entity) || !Array.isArray(entity.roles) || !entity.roles.includes('registrar')) continue;
    const card = entity.vcardArray;
    if (Array.isArray(card) && Array.isArray(card[1])) {
      for (const property of card[1]) {
        if (Array.isArray(property) && property[0] === 'fn' && typeof property[3] === 'string' && property[3].trim()) {
          return property[3].trim();
        }
      }
    }
    if (typeof entity.handle === 'string' && entity.handle.trim()) return entity.handle.trim();
  }
  return null;
}
