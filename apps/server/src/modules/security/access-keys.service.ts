import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { API_ACCESS, type ApiAccessReason, type CanCreateAk, fieldMessage, type Locale } from '@namebourse/contract';
import ipaddr from 'ipaddr.js';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { keyedRateLimit } from '../../platform/rate-limit.ts';
// Read-only identity lookup of the key's owner (accountNo, nickname, role).
import { getUserById } from '../account/account.service.ts';
import { getApiAccessInputs } from './api-access.ts';
import {
  type AccessKeyRow,
  countLiveAccessKeys,
  findLiveAccessKey,
  insertAccessKeyIfAbsent,
  listLiveAccessKeys,
  touchAccessKey,
  updateLiveAccessKey,
} from './security.repository.ts';

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const CREDENTIALS = /^(AK[A-Z0-9]{20})\.([A-Za-z0-9_-]{43})$/;
/** Failed Bearer attempts allowed per client IP and window (then 429 until the window ends). */
export const API_KEY_FAILURE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
/** Path prefix of the routes an API key may not use (account management belongs to the browser). */
const BROWSER_ONLY_PREFIX = '/api/account-manage/';

/** lastUsedAt is written at most this often per key. */
const TOUCH_INTERVAL_MS = 60_000;

/** 'AK' + 20 characters of A–Z and 0–9. */
export function newKeyId(): string {
  let id = 'AK';
  for (let i = 0; i < 20; i++) id += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return id;
}

/** The secret is 32 random bytes (base64url); only its SHA-256 is stored. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

// ---- eligibility (spec §6) ----

/** The API-access thresholds in force: the apiAccessSpentCents and apiAccessAvailableCents parameters. */
export interface ApiAccessThresholds {
  requiredSpentCents: number;
  requiredAvailableCents: number;
}

export function apiAccessThresholds(app: Pick<App, 'platform'>): ApiAccessThresholds {
  const { parameters } = app.platform;
  return {
    requiredSpentCents: parameters.get('apiAccessSpentCents'),
    requiredAvailableCents: parameters.get('apiAccessAvailableCents'),
  };
}

export function evaluateApiAccess(
  inputs: { spentCents: number; availableCents: number },
  keyCount: number,
  thresholds: ApiAccessThresholds,
): { canCreate: boolean; reason: ApiAccessReason; unlocked: boolean } {
  let reason: ApiAccessReason = 'OK';
  if (inputs.spentCents < thresholds.requiredSpentCents) reason = 'SPENDING_TOO_LOW';
  else if (inputs.availableCents < thresholds.requiredAvailableCents) reason = 'BALANCE_TOO_LOW';
  const unlocked = reason === 'OK';
  if (unlocked && keyCount >= API_ACCESS.maxKeysPerAccount) reason = 'KEY_LIMIT_REACHED';
  return { canCreate: reason === 'OK', reason, unlocked };
}

/** GET /account-manage/check-can-create-ak. */
export async function checkCanCreateAk(app: App, user: { id: bigint }): Promise<CanCreateAk> {
  const inputs = await getApiAccessInputs(app, user.id);
  const keyCount = await countLiveAccessKeys(app.platform.db, user.id);
  const thresholds = apiAccessThresholds(app);
  const { canCreate, reason } = evaluateApiAccess(inputs, keyCount, thresholds);
  return {
    canCreate,
    reason,
    spentCents: inputs.spentCents,
    availableCents: inputs.availableCents,
    requiredSpentCents: thresholds.requiredSpentCents,
    requiredAvailableCents: thresholds.requiredAvailableCents,
    spendingWindowMonths: API_ACCESS.spendingWindowMonths,
    keyCount,
    maxKeys: API_ACCESS.maxKeysPerAccount,
    contactUsPath: API_ACCESS.contactUsPath,
  };
}

/** POST /account-manage/create-ak: Account.ApiAccessLocked / Account.AccessKeyLimit, else a key (secret shown once). */
export async function createAccessKey(app: App, user: { id: bigint }): Promise<{ keyId: string; secret: string }> {
  const { db, clock } = app.platform;
  const inputs = await getApiAccessInputs(app, user.id);
  const { reason, unlocked } = evaluateApiAccess(
    inputs,
    await countLiveAccessKeys(db, user.id),
    apiAccessThresholds(app),
  );
  if (!unlocked) throw new AppError('Account.ApiAccessLocked');
  if (reason === 'KEY_LIMIT_REACHED') throw new AppError('Account.AccessKeyLimit');
  const secret = randomBytes(32).toString('base64url');
  for (let attempt = 0; attempt < 8; attempt++) {
    const row = await insertAccessKeyIfAbsent(db, {
      keyId: newKeyId(),
      secretHash: hashSecret(secret),
      userId: user.id,
      status: 'enabled',
      ipWhiteList: [],
      createdAt: clock.now(),
    });
    if (row) return { keyId: row.keyId, secret };
  }
  throw new Error('Could not allocate a unique access key id');
}

export function listAccessKeys(app: App, user: { id: bigint }): Promise<AccessKeyRow[]> {
  return listLiveAccessKeys(app.platform.db, user.id);
}

async function updateOwnKey(
  app: App,
  user: { id: bigint },
  keyId: string,
  fields: Parameters<typeof updateLiveAccessKey>[3],
): Promise<AccessKeyRow> {
  const row = await updateLiveAccessKey(app.platform.db, user.id, keyId, fields);
  if (!row) throw new AppError('Account.AccessKeyNotFound');
  return row;
}

/** POST /account-manage/delete-ak: the key stops working at once (soft delete). */
export async function deleteAccessKey(app: App, user: { id: bigint }, keyId: string): Promise<void> {
  await updateOwnKey(app, user, keyId, { deletedAt: app.platform.clock.now() });
}

export async function updateAccessKeyStatus(
  app: App,
  user: { id: bigint },
  keyId: string,
  status: 'enabled' | 'disabled',
): Promise<AccessKeyRow> {
  return updateOwnKey(app, user, keyId, { status });
}

// ---- the IP allow-list ----

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function isStrictAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

/** One entry → its canonical form ('10.0.0.0/8', '2001:db8::/32', '203.0.113.7'), or null when invalid. */
export function normaliseIpEntry(entry: string): string | null {
  const value = entry.trim();
  const slash = value.indexOf('/');
  try {
    if (slash >= 0) {
      if (!isStrictAddress(value.slice(0, slash)) || !/^\d{1,3}$/.test(value.slice(slash + 1))) return null;
      const [addr, bits] = ipaddr.parseCIDR(value);
      return `${addr.toString()}/${bits}`;
    }
    return isStrictAddress(value) ? ipaddr.process(value).toString() : null;
  } catch {
    return null;
  }
}

/** Validates and normalises the list (≤ 20 entries, de-duplicated); Request.Invalid with per-entry messages. */
export function normaliseIpWhiteList(entries: string[], locale: Locale): string[] {
  const fields: Record<string, string> = {};
  const out: string[] = [];
  entries.forEach((entry, i) => {
    const normal = normaliseIpEntry(entry);
    if (normal === null) fields[`ipWhiteList.${i}`] = fieldMessage('invalid', locale);
    else if (!out.includes(normal)) out.push(normal);
  });
  if (entries.length > API_ACCESS.maxIpWhiteList) {
    fields.ipWhiteList = fieldMessage('tooBig', locale, { max: API_ACCESS.maxIpWhiteList });
  }
  if (Object.keys(fields).length > 0) throw new AppError('Request.Invalid', { data: { fields } });
  return out;
}

function toRange(entry: string): Range | null {
  try {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    const addr = ipaddr.parse(entry);
    return [addr, addr.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

/** Whether a client address is on the list (IPv4-mapped IPv6 addresses count as IPv4). */
export function ipAllowed(ip: string, list: string[]): boolean {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.process(ip);
  } catch {
    return false;
  }
  return list.some((entry) => {
    const range = toRange(entry);
    return range !== null && range[0].kind() === addr.kind() && addr.match(range);
  });
}

/** POST /account-manage/update-ak-ip-whitelist. */
export async function updateAccessKeyIpWhiteList(
  app: App,
  user: { id: bigint },
  keyId: string,
  entries: string[],
  locale: Locale,
): Promise<AccessKeyRow> {
  return updateOwnKey(app, user, keyId, { ipWhiteList: normaliseIpWhiteList(entries, locale) });
}

// ---- authentication by key ----

function sameHash(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** What the API-key authenticator reads of a request (security.module.ts takes it from the request). */
export interface ApiKeyCall {
  /** The client address. */
  ip: string;
  /** The route's path pattern (the URL when there is none). */
  route: string;
  /** The route declares `allowApiKey` (an /account-manage/* route an API key may use). */
  allowApiKey: boolean;
}

/**
 * The API-key authenticator (`Authorization: Bearer <keyId>.<secret>`). Failed attempts (malformed,
 * unknown, deleted, disabled or wrong key: Account.Unauthorized) are counted per client IP; past
 * API_KEY_FAILURE_LIMIT every Bearer request from that IP is 429 until the window ends. The secret
 * is checked before the per-key limit (600 a minute) is counted, so knowing a key id is not enough
 * to use up its allowance. A client IP outside a non-empty allow-list is Account.IpNotAllowed; an
 * account whose API access is locked (spec §6) is Account.ApiAccessLocked; /api/account-manage/*
 * routes are Account.Forbidden unless they declare `allowApiKey`. Marks the key used.
 */
export function createApiKeyAuthenticator(app: App): (call: ApiKeyCall, credentials: string) => Promise<AuthUser> {
  // Counted per key id once the secret has matched (`ak:<keyId>`), and per client IP on failure (`ak-fail:<ip>`).
  const perKey = keyedRateLimit(app, { max: API_ACCESS.rateLimitPerMinute, timeWindow: '1 minute' }, 'ak');
  const failures = keyedRateLimit(app, API_KEY_FAILURE_LIMIT, 'ak-fail');
  const refuse = async (call: ApiKeyCall): Promise<never> => {
    await failures.hit(call.ip);
    throw new AppError('Account.Unauthorized');
  };
  return async (call, credentials): Promise<AuthUser> => {
    await failures.check(call.ip);
    const match = CREDENTIALS.exec(credentials);
    if (!match) return refuse(call);
    const [, keyId, secret] = match as unknown as [string, string, string];
    const { db, clock } = app.platform;
    const key = await findLiveAccessKey(db, keyId);
    if (!key || !sameHash(key.secretHash, hashSecret(secret)) || key.status !== 'enabled') {
      return refuse(call);
    }
    await perKey.hit(keyId);
    if (key.ipWhiteList.length > 0 && !ipAllowed(call.ip, key.ipWhiteList)) {
      throw new AppError('Account.IpNotAllowed');
    }
    if (call.route.startsWith(BROWSER_ONLY_PREFIX) && !call.allowApiKey) {
      throw new AppError('Account.Forbidden');
    }
    const owner = await getUserById(app, key.userId);
    if (!owner) throw new AppError('Account.Unauthorized');
    const { unlocked } = evaluateApiAccess(await getApiAccessInputs(app, key.userId), 0, apiAccessThresholds(app));
    if (!unlocked) throw new AppError('Account.ApiAccessLocked');
    const now = clock.now();
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
      await touchAccessKey(db, key.id, now);
    }
    return {
      id: owner.id,
      accountNo: owner.accountNo,
      nickname: owner.nickname,
      role: owner.role,
      via: 'api-key',
      sessionId: null,
      keyId: key.keyId,
    };
  };
}
