import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { KeyedBatcher } from '../../platform/batcher.ts';
import { AppError } from '../../platform/errors.ts';
import { bindCsrfToNewPreSession, bindCsrfToSession } from '../../platform/security.ts';
import { findUserById } from './account.repository.ts';
import {
  type FamilyCheck,
  type SessionRow,
  familyOwner,
  familyStarts,
  findActiveFamilyUsers,
  findActiveRow,
  findSessionByTokenHash,
  insertSession,
  listActiveSessions,
  markRotated,
  revokeFamily,
  revokeUserFamilies,
} from './session.repository.ts';

/** Session cookie names (ADR 0003). Both HttpOnly, SameSite=Lax. */
export const SESSION_COOKIES = { access: 'nb_at', refresh: 'nb_rt' } as const;

/** Lifetimes and cookie paths (DESIGN §3): a short access token, a 30-day rotating refresh token. */
export const SESSION_RULES = {
  accessTtlSeconds: 15 * 60,
  refreshTtlSeconds: 30 * 24 * 3600,
  accessPath: '/',
  /** The refresh token only travels to the account endpoints (refresh-token, login, logout). */
  refreshPath: '/api/account',
} as const;

interface AccessClaims {
  /** user id */
  u: string;
  /** session (refresh-token family) id */
  f: string;
  /** expiry, seconds since the epoch (business clock) */
  e: number;
}

function accessKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('namebourse:access-token:v1').digest();
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** `<base64url(claims)>.<base64url(hmac)>`: a compact token only this server (sharing APP_SECRET) can issue. */
export function signAccessToken(secret: string, claims: AccessClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const mac = createHmac('sha256', accessKey(secret)).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** The claims of a well-signed token (expired or not), or null. */
export function readAccessToken(secret: string, token: string): AccessClaims | null {
  const match = /^([A-Za-z0-9_-]{1,512})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(createHmac('sha256', accessKey(secret)).update(match[1]!).digest('base64url'));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as Partial<AccessClaims>;
    if (typeof claims.u !== 'string' || !/^\d{1,19}$/.test(claims.u)) return null;
    if (typeof claims.f !== 'string' || typeof claims.e !== 'number') return null;
    return { u: claims.u, f: claims.f, e: claims.e };
  } catch {
    return null;
  }
}

/**
 * No valid access token but a refresh token came along (the 15-minute access cookie lapsed while the session
 * lives on): the caller should refresh and retry rather than be treated as signed out.
 */
export function canRefresh(request: FastifyRequest): boolean {
  return cookieOf(request, SESSION_COOKIES.refresh) !== undefined;
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.cookies?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Sets the session cookies, and the CSRF token bound to the session (rotated when the session is new). */
function setSessionCookies(reply: FastifyReply, familyId: string, tokens: { access: string; refresh: string }): void {
  const secure = reply.request.protocol === 'https' || reply.server.platform.config.isProduction;
  reply.setCookie(SESSION_COOKIES.access, tokens.access, {
    path: SESSION_RULES.accessPath,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    // The cookie outlives the token (its own expiry is inside, signed), so an expired token still comes
    // along and the server can ask for a refresh instead of serving a signed-in user as a visitor.
    maxAge: SESSION_RULES.refreshTtlSeconds,
  });
  reply.setCookie(SESSION_COOKIES.refresh, tokens.refresh, {
    path: SESSION_RULES.refreshPath,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_RULES.refreshTtlSeconds,
  });
  bindCsrfToSession(reply, familyId);
  reply.header('cache-control', 'no-store');
}

/** Clears both session cookies (each at the path it was set with); the CSRF token moves to a new pre-session. */
export function clearSessionCookies(reply: FastifyReply): void {
  const secure = reply.request.protocol === 'https' || reply.server.platform.config.isProduction;
  reply.clearCookie(SESSION_COOKIES.access, {
    path: SESSION_RULES.accessPath,
    httpOnly: true,
    sameSite: 'lax',
    secure,
  });
  reply.clearCookie(SESSION_COOKIES.refresh, {
    path: SESSION_RULES.refreshPath,
    httpOnly: true,
    sameSite: 'lax',
    secure,
  });
  bindCsrfToNewPreSession(reply);
  reply.header('cache-control', 'no-store');
}

function clientOf(request: FastifyRequest) {
  const ua = request.headers['user-agent'];
  return {
    deviceFingerprint: request.deviceFingerprint ?? 'unknown',
    userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null,
    ip: request.ip ?? null,
  };
}

/** Inserts the next refresh-token row of a family and sets the cookies for it. */
async function issueTokens(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: bigint,
  familyId: string,
  inherited?: Pick<SessionRow, 'deviceFingerprint'>,
): Promise<void> {
  const { db, clock, config } = app.platform;
  const now = clock.now();
  const refresh = randomBytes(32).toString('base64url');
  const client = clientOf(request);
  await insertSession(db, {
    id: randomUUID(),
    userId,
    familyId,
    tokenHash: sha256(refresh),
    status: 'active',
    deviceFingerprint:
      client.deviceFingerprint === 'unknown' && inherited ? inherited.deviceFingerprint : client.deviceFingerprint,
    userAgent: client.userAgent,
    ip: client.ip,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + SESSION_RULES.refreshTtlSeconds * 1000),
  });
  const access = signAccessToken(config.appSecret, {
    u: userId.toString(),
    f: familyId,
    e: Math.floor(now.getTime() / 1000) + SESSION_RULES.accessTtlSeconds,
  });
  setSessionCookies(reply, familyId, { access, refresh });
}

/**
 * Signs a user in on this device: a new session (refresh-token family) recorded with the device
 * fingerprint, user agent and IP, and fresh cookies. A session this browser still held is ended
 * (tokens rotate at sign-in).
 */
export async function startSession(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: bigint },
): Promise<{ accountNo: string; nickname: string }> {
  const { db, clock } = app.platform;
  const row = await findUserById(db, user.id);
  if (!row) throw new AppError('Account.Unauthorized');
  const previous = cookieOf(request, SESSION_COOKIES.refresh);
  if (previous) {
    const old = await findSessionByTokenHash(db, sha256(previous));
    if (old) await revokeFamily(db, old.familyId, clock.now(), 'replaced');
  }
  await issueTokens(app, request, reply, row.id, randomUUID());
  return { accountNo: row.accountNo, nickname: row.nickname };
}

/**
 * The session a request's access cookie names, by its signature alone (expired or revoked ones too):
 * what the platform binds CSRF tokens to. No database read.
 */
export function sessionIdOfCookies(app: App) {
  return (request: FastifyRequest): string | null => {
    const token = cookieOf(request, SESSION_COOKIES.access);
    return token ? (readAccessToken(app.platform.config.appSecret, token)?.f ?? null) : null;
  };
}

/**
 * The session endpoints handle the session cookies themselves: an expired access token sent along
 * to them is not a reason to refuse (refresh-token must work with one).
 */
const SESSION_ENDPOINTS = /^\/api\/account\/(?!check-login(?:[?#]|$))/;

/**
 * The session authenticator (provided to the platform): a well-signed, unexpired nb_at whose
 * family still has an active refresh token. Reads the database on every request; caches nothing:
 * the checks of concurrent requests go to the database together (while one statement runs, the
 * requests arriving meanwhile wait and share the next one), each answered as if checked alone.
 * A well-signed but expired token of a live session answers Account.Unauthorized (spec §4: the
 * client refreshes once and retries), so a signed-in user is never served as a visitor; a token
 * of a revoked or ended session is ignored (a visitor).
 */
export function sessionAuthenticator(app: App) {
  const checks = new KeyedBatcher(async (_key, items: FamilyCheck[]) =>
    (await findActiveFamilyUsers(app.platform.db, items)).map((value) => ({ ok: true as const, value })),
  );
  return async (request: FastifyRequest): Promise<AuthUser | null> => {
    const token = cookieOf(request, SESSION_COOKIES.access);
    if (!token) return null;
    const { clock, config } = app.platform;
    const claims = readAccessToken(config.appSecret, token);
    const now = clock.now();
    if (!claims) return null;
    const user = await checks.submit('sessions', { familyId: claims.f, userId: BigInt(claims.u), now });
    if (!user) return null;
    if (claims.e * 1000 <= now.getTime()) {
      // Pages and files are served to anyone; only API calls are asked to refresh.
      if (!request.url.startsWith('/api/') || SESSION_ENDPOINTS.test(request.url)) return null;
      throw new AppError('Account.Unauthorized');
    }
    return {
      id: user.id,
      accountNo: user.accountNo,
      nickname: user.nickname,
      role: user.role,
      via: 'session',
      sessionId: claims.f,
      keyId: null,
    };
  };
}

/**
 * POST /account/refresh-token: rotates the refresh token (the presented row becomes 'rotated', a
 * new row joins the family) and re-issues both cookies. A rotated or revoked token presented again
 * revokes its whole family; every refusal is Account.Unauthorized and clears the cookies.
 */
export async function refreshSession(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ accountNo: string; nickname: string }> {
  const { db, clock } = app.platform;
  const token = cookieOf(request, SESSION_COOKIES.refresh);
  const refuse = () => {
    clearSessionCookies(reply);
    return new AppError('Account.Unauthorized');
  };
  if (!token) throw refuse();
  const now = clock.now();
  const row = await findSessionByTokenHash(db, sha256(token));
  if (!row) throw refuse();
  if (row.status !== 'active') {
    await revokeFamily(db, row.familyId, now, 'reuse');
    throw refuse();
  }
  if (row.expiresAt <= now) throw refuse();
  if (!(await markRotated(db, row.id, now))) {
    // Someone rotated it a moment ago: that is reuse as well.
    await revokeFamily(db, row.familyId, now, 'reuse');
    throw refuse();
  }
  const user = await findUserById(db, row.userId);
  if (!user) throw refuse();
  await issueTokens(app, request, reply, row.userId, row.familyId, row);
  return { accountNo: user.accountNo, nickname: user.nickname };
}

/** Logout: revokes the session of this browser (found by either cookie) and clears the cookies. */
export async function endSession(app: App, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { db, clock, config } = app.platform;
  const now = clock.now();
  const families = new Set<string>();
  const access = cookieOf(request, SESSION_COOKIES.access);
  const claims = access ? readAccessToken(config.appSecret, access) : null;
  if (claims) families.add(claims.f);
  const refresh = cookieOf(request, SESSION_COOKIES.refresh);
  if (refresh) {
    const row = await findSessionByTokenHash(db, sha256(refresh));
    if (row) families.add(row.familyId);
  }
  for (const family of families) await revokeFamily(db, family, now, 'logout');
  clearSessionCookies(reply);
}

/** Signs the user out everywhere (password reset). */
export async function revokeAllSessions(app: App, userId: bigint, reason: string): Promise<void> {
  await revokeUserFamilies(app.platform.db, userId, app.platform.clock.now(), reason);
}

/**
 * After a password change: every other session ends; this one continues with fresh tokens
 * (its current refresh row is rotated, a new one joins the family).
 */
export async function keepOnlyCurrentSession(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser,
  reason: string,
): Promise<void> {
  const { db, clock } = app.platform;
  const now = clock.now();
  await revokeUserFamilies(db, user.id, now, reason, user.sessionId ?? undefined);
  if (!user.sessionId) return;
  const current = await findActiveRow(db, user.sessionId, now);
  if (current && (await markRotated(db, current.id, now))) {
    await issueTokens(app, request, reply, user.id, user.sessionId, current);
  }
}

export interface SessionView {
  id: string;
  deviceFingerprint: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastUsedAt: Date;
  isCurrent: boolean;
}

/** The security centre's list: the user's active sessions, the current one marked. */
export async function listSessions(app: App, user: AuthUser): Promise<SessionView[]> {
  const { db, clock } = app.platform;
  const rows = await listActiveSessions(db, user.id, clock.now());
  const starts = await familyStarts(
    db,
    rows.map((r) => r.familyId),
  );
  return rows.map((r) => ({
    id: r.familyId,
    deviceFingerprint: r.deviceFingerprint,
    userAgent: r.userAgent,
    ip: r.ip,
    createdAt: starts.get(r.familyId) ?? r.createdAt,
    lastUsedAt: r.lastUsedAt,
    isCurrent: r.familyId === user.sessionId,
  }));
}

/** Signs one of the user's sessions out (Account.SessionNotFound for another user's or an ended one). */
export async function revokeSession(app: App, reply: FastifyReply, user: AuthUser, sessionId: string): Promise<void> {
  const { db, clock } = app.platform;
  const owner = await familyOwner(db, sessionId);
  if (owner !== user.id) throw new AppError('Account.SessionNotFound');
  const revoked = await revokeFamily(db, sessionId, clock.now(), 'revoked-by-user');
  if (revoked === 0) throw new AppError('Account.SessionNotFound');
  if (sessionId === user.sessionId) clearSessionCookies(reply);
}
