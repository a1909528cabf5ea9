/**
 * The auction bench's HTTP client (a signed-in user over kept-alive node:http connections, its
 * cookies and CSRF token as wrk's script sends them) and its latency quantile.
 */
import http from 'node:http';
import type { WrkIdentity } from './bench-wrk.ts';

/** The latency at quantile p (0..1) of sorted samples. */
export function quantile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

/** Kept-alive connections shared by the bench's clients (one per concurrent request). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** The envelope fields the bench reads. */
export type Body = {
  code?: string;
  data?: { minNextBidCents?: number; currentPriceCents?: number; bidCount?: number; now?: string };
} | null;

/** A signed-in HTTP client: session and CSRF cookies, its own forwarded IP (per-IP sign-in limits). */
export class Client {
  cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly ip: string,
  ) {}

  /** The client as wrk's script sends it. */
  get identity(): WrkIdentity {
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      xsrf: this.cookies.get('XSRF-TOKEN') ?? '',
      ip: this.ip,
    };
  }

  #headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return {
      'x-forwarded-for': this.ip,
      'accept-language': 'en-US',
      ...(cookie ? { cookie } : {}),
      ...(this.cookies.has('XSRF-TOKEN') ? { 'x-xsrf-token': this.cookies.get('XSRF-TOKEN') as string } : {}),
      ...extra,
    };
  }

  #keepCookie(line: string): void {
    const [pair] = line.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (pair && eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }

  /** One request over a kept-alive connection (node:http: lighter than fetch, so the client is not the limit). */
  request(method: string, path: string, body?: unknown): Promise<{ status: number; json: Body }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const url = new URL(path, this.base);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method,
          agent,
          headers: this.#headers(
            payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) },
          ),
        },
        (res) => {
          for (const line of res.headers['set-cookie'] ?? []) this.#keepCookie(line);
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null });
            } catch (err) {
              reject(err);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
}
