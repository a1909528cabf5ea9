import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DOMAIN_RULES } from '@namebourse/contract';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * The only reader of process.env. Parsed once with zod; fails fast with a readable message.
 * Embedded defaults: PGlite under DATA_DIR, a generated APP_SECRET kept beside the data.
 */
const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/**
 * `TRUST_PROXY=true` would let any client set its own address with X-Forwarded-For (defeating
 * per-IP limits and API-key allow-lists), so it is refused at start with the fix in the message.
 */
const TRUST_PROXY_TRUE_REFUSED =
  'TRUST_PROXY=true is refused: it trusts X-Forwarded-For from anyone, so clients could choose their own ' +
  'IP. List your proxies instead (TRUST_PROXY=127.0.0.1,10.0.0.0/8) or give the number of proxy hops ' +
  'in front of the server (TRUST_PROXY=1)';

/** An IPv4/IPv6 address, or one with a /prefix (CIDR). */
function isAddressOrCidr(value: string): boolean {
  if (ipaddr.isValid(value)) return true;
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  DEV_TOOLS: booleanFlag.optional(),
  CLOCK: z.enum(['manual', 'system']).default('system'),
  SEED_DEMO: booleanFlag.optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('NameBourse <no-reply@namebourse.local>'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(5000),
  RATE_LIMIT_API_MAX: z.coerce.number().int().min(0).default(1200),
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  WEB_DIST: z.string().optional(),
  RDAP_BASE_URL: z.string().url().optional(),
  RDAP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  DNS_SERVERS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  GOODWILL_CREDIT_CENTS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  FEED_DROP_DIR: z.string().min(1).optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  NB_CRASH_POINTS: z
    .string()
    .regex(/^[\w.-]+:\d+(,[\w.-]+:\d+)*$/, 'NB_CRASH_POINTS is a list like idempotency.after-commit:3')
    .optional(),
  TRUST_PROXY: z
    .string()
    .refine((v) => v !== 'true', TRUST_PROXY_TRUE_REFUSED)
    .refine(
      (v) => v === 'false' || /^\d{1,2}$/.test(v) || v.split(',').every((part) => isAddressOrCidr(part.trim())),
      'TRUST_PROXY must be false, a hop count (e.g. 1) or a comma-separated list of proxy IPs/CIDRs',
    )
    .optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server URL; undefined → embedded PGlite under dataDir/pglite. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  appSecret: string;
  devTools: boolean;
  clock: 'manual' | 'system';
  /** Run demo seeders on a new, empty database. */
  seedDemo: boolean;
  admin: { email: string; password: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  logLevel: string;
  sweepIntervalMs: number;
  /** Requests per minute per IP across /api (0 = no overall limit; per-route limits still apply). */
  rateLimitApiMax: number;
  /** ALTCHA difficulty: the proof-of-work searches 0…this number (≈1 s in a browser at 100,000). */
  captchaMaxNumber: number;
  /** Directory of the built web app (apps/web/dist); served with SPA fallback when present. */
  webDist: string | undefined;
  /** The registry's RDAP base URL (RFC 9082); undefined → the built-in RDAP simulator. */
  rdapBaseUrl: string | undefined;
  /** Timeout of one RDAP query, in ms (default 5000). */
  rdapTimeoutMs: number;
  /** DNS resolvers for ownership proofs ('127.0.0.1:5353', …); empty → the system's resolvers. */
  dnsServers: string[];
  /** Timeout of one DNS query, in ms (default 3000). */
  dnsTimeoutMs: number;
  /** Credit to a buyer whose won domain was redeemed by its old holder (cents; default DOMAIN_RULES.goodwillCreditCents = 0). */
  goodwillCreditCents: number;
  /**
   * A folder partners drop lot files (CSV) into; each new file is scheduled for import (issue 18).
   * Undefined: no folder is watched (files are uploaded in the console).
   */
  feedDropDir: string | undefined;
  /**
   * Bearer token for GET /metrics in production (`Authorization: Bearer <token>`); without one,
   * production has no /metrics (404). Development and tests serve it openly.
   */
  metricsToken: string | undefined;
  /**
   * Which proxies may set X-Forwarded-For/-Host/-Proto (Fastify's trustProxy): false (default:
   * the client address is the socket's), a hop count, or a list of the proxies' addresses/CIDRs.
   * Never `true` (anyone could spoof their address).
   */
  trustProxy: false | number | string[];
  /**
   * Crash tests only (never in production): `NB_CRASH_POINTS=name:n,…` makes the process kill itself
   * (SIGKILL) the n-th time it passes the named point (platform/crash-points.ts).
   */
  crashPoints: Record<string, number>;
}

function parseTrustProxy(raw: string | undefined): false | number | string[] {
  if (!raw || raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw.split(',').map((s) => s.trim());
}

/**
 * Reads `./.env` into process.env (values already set in the environment win). Called by main
 * before loadConfig; tests pass their settings explicitly instead.
 */
export function loadDotEnv(file = '.env'): void {
  if (!existsSync(file)) return;
  const before = { ...process.env };
  process.loadEnvFile(file);
  Object.assign(process.env, before);
}

export class ConfigError extends Error {}

function secretFromDataDir(dataDir: string): string {
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);
  if (e.DATABASE_URL && isProduction && !e.APP_SECRET && !overrides.appSecret) {
    throw new ConfigError('APP_SECRET is required with DATABASE_URL in production');
  }
  if (isProduction && e.DEV_TOOLS) {
    throw new ConfigError('DEV_TOOLS cannot be enabled in production mode');
  }
  if (isProduction && e.NB_CRASH_POINTS) {
    throw new ConfigError('NB_CRASH_POINTS cannot be set in production mode');
  }
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const appSecret = overrides.appSecret ?? e.APP_SECRET ?? secretFromDataDir(dataDir);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    appSecret,
    devTools: e.DEV_TOOLS ?? false,
    clock: e.CLOCK,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    sweepIntervalMs: e.SWEEP_INTERVAL_MS,
    rateLimitApiMax: e.RATE_LIMIT_API_MAX,
    captchaMaxNumber: e.CAPTCHA_MAX_NUMBER,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    rdapBaseUrl: e.RDAP_BASE_URL,
    rdapTimeoutMs: e.RDAP_TIMEOUT_MS,
    dnsServers: e.DNS_SERVERS,
    dnsTimeoutMs: e.DNS_TIMEOUT_MS,
    goodwillCreditCents: e.GOODWILL_CREDIT_CENTS ?? DOMAIN_RULES.goodwillCreditCents,
    feedDropDir: e.FEED_DROP_DIR ? resolve(e.FEED_DROP_DIR) : undefined,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    crashPoints: Object.fromEntries(
      (e.NB_CRASH_POINTS ?? '')
        .split(',')
        .filter(Boolean)
        .map((entry) => [entry.slice(0, entry.lastIndexOf(':')), Number(entry.slice(entry.lastIndexOf(':') + 1))]),
    ),
    ...overrides,
  };
}
