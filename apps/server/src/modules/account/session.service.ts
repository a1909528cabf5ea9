import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { App } from '../../platform/app-context.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { KeyedBatcher } from '../../platform/batcher.ts';
import { AppError } from '../../platform/errors.ts';
import { RefusalWithChanges, type RequestContext, type ResponseChanges } from '../../platform/request-context.ts';
import { findUserById } from './account.repository.ts';
import {
  type FamilyCheck,
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
  type SessionRow,
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
export function canRefresh(context: Pick<RequestContext, 'cookies'>): boolean {
  return context.cookies[SESSION_COOKIES.refresh] !== undefined;
}

/** What signing in (or refreshing) answers: the account, and the response changes that carry the session. */
export interface SessionStart {
  identity: { accountNo: string; nickname: string };
  response: ResponseChanges;
}

function secureCookies(app: App, context: Pick<RequestContext, 'isHttps'>): boolean {
  return context.isHttps || app.platform.config.isProduction;
}

/** The session cookies, and the CSRF token bound to the session (rotated when the session is new). */
function sessionCookies(
  app: App,
  context: Pick<RequestContext, 'isHttps'>,
  familyId: string,
  tokens: { access: string; refresh: string },
): ResponseChanges {
  const secure = secureCookies(app, context);
  return {
    cookies: [
      {
        name: SESSION_COOKIES.access,
        value: tokens.access,
        options: {
          path: SESSION_RULES.accessPath,
          httpOnly: true,
          sameSite: 'lax',
          secure,
          // The cookie outlives the token (its own expiry is inside, signed), so an expired token still comes
          // along and the server can ask for a refresh instead of serving a signed-in user as a visitor.
          maxAge: SESSION_RULES.refreshTtlSeconds,
        },
      },
      {
        name: SESSION_COOKIES.refresh,
        value: tokens.refresh,
        options: {
          path: SESSION_RULES.refreshPath,
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: SESSION_RULES.refreshTtlSeconds,
        },
      },
    ],
    csrfSession: familyId,
    headers: { 'cache-control': 'no-store' },
  };
}

/** Both session cookies cleared (each at the path it was set with); the CSRF token moves to a new pre-session. */
function clearedSessionCookies(app: App, context: Pick<RequestContext, 'isHttps'>): ResponseChanges {
  const secure = secureCookies(app, context);
  return {
    cookies: [
      {
        name: SESSION_COOKIES.access,
        value: null,
        options: { path: SESSION_RULES.accessPath, httpOnly: true, sameSite: 'lax', secure },
      },
      {
        name: SESSION_COOKIES.refresh,
        value: null,
        options: { path: SESSION_RULES.refreshPath, httpOnly: true, sameSite: 'lax', secure },
      },
    ],
    csrfSession: null,
    headers: { 'cache-control': 'no-store' },
  };
}

/** Inserts the next refresh-token row of a family; answers the cookies for it. */
async function issueTokens(
  app: App,
  context: RequestContext,
  userId: bigint,
  familyId: string,
  inherited?: Pick<SessionRow, 'deviceFingerprint'>,
): Promise<ResponseChanges> {
  const { db, clock, config } = app.platform;
  const now = clock.now();
  const refresh = randomBytes(32).toString('base64url');
  const client = {
    deviceFingerprint: context.deviceFingerprint,
    userAgent: context.userAgent?.slice(0, 512) ?? null,
    ip: context.ip,
  };
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
  return sessionCookies(app, context, familyId, { access, refresh });
}

/**
 * Signs a user in on this device: a new session (refresh-token family) recorded with the device
 * fingerprint, user agent and IP, and fresh cookies. A session this browser still held is ended
 * (tokens rotate at sign-in).
 */
export async function startSession(app: App, context: RequestContext, user: { id: bigint }): Promise<SessionStart> {
  const { db, clock } = app.platform;
  const row = await findUserById(db, user.id);
  if (!row) throw new AppError('Account.Unauthorized');
  await app.platform.restrictions.assertAllowed(row.id, 'signin');
  const previous = context.cookies[SESSION_COOKIES.refresh];
  if (previous) {
    const old = await findSessionByTokenHash(db, sha256(previous));
    if (old) await revokeFamily(db, old.familyId, clock.now(), 'replaced');
  }
  const response = await issueTokens(app, context, row.id, randomUUID());
  return { identity: { accountNo: row.accountNo, nickname: row.nickname }, response };
}

/**
 * The session the access cookie names, by its signature alone (expired or revoked ones too):
 * what the platform binds CSRF tokens to. No database read.
 */
export function sessionIdOfCookies(app: App, context: Pick<RequestContext, 'cookies'>): string | null {
  const token = context.cookies[SESSION_COOKIES.access];
  return token ? (readAccessToken(app.platform.config.appSecret, token)?.f ?? null) : null;
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
 * of a revoked or ended session is ignored (a visitor). Takes the request's cookies and URL (the
 * module's authenticator reads them from the request).
 */
export function sessionAuthenticator(app: App) {
  const checks = new KeyedBatcher(async (_key, items: FamilyCheck[]) =>
    (await findActiveFamilyUsers(app.platform.db, items)).map((value) => ({ ok: true as const, value })),
  );
  return async (input: Pick<RequestContext, 'cookies'> & { url: string }): Promise<AuthUser | null> => {
    const token = input.cookies[SESSION_COOKIES.access];
    if (!token) return null;
    const { clock, config } = app.platform;
    const claims = readAccessToken(config.appSecret, token);
    const now = clock.now();
    if (!claims) return null;
    const user = await checks.submit('sessions', { familyId: claims.f, userId: BigInt(claims.u), now });
    if (!user) return null;
    if (claims.e * 1000 <= now.getTime()) {
      // Pages and files are served to anyone; only API calls are asked to refresh.
      if (!input.url.startsWith('/api/') || SESSION_ENDPOINTS.test(input.url)) return null;
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
export async function refreshSession(app: App, context: RequestContext): Promise<SessionStart> {
  const { db, clock } = app.platform;
  const token = context.cookies[SESSION_COOKIES.refresh];
  const refuse = () =>
    new RefusalWithChanges('Account.Unauthorized', { response: clearedSessionCookies(app, context) });
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
  const response = await issueTokens(app, context, row.userId, row.familyId, row);
  return { identity: { accountNo: user.accountNo, nickname: user.nickname }, response };
}

/** Logout: revokes the session of this browser (found by either cookie); answers the cleared cookies. */
export async function endSession(app: App, context: RequestContext): Promise<ResponseChanges> {
  const { db, clock, config } = app.platform;
  const now = clock.now();
  const families = new Set<string>();
  const access = context.cookies[SESSION_COOKIES.access];
  const claims = access ? readAccessToken(config.appSecret, access) : null;
  if (claims) families.add(claims.f);
  const refresh = context.cookies[SESSION_COOKIES.refresh];
  if (refresh) {
    const row = await findSessionByTokenHash(db, sha256(refresh));
    if (row) families.add(row.familyId);
  }
  for (const family of families) await revokeFamily(db, family, now, 'logout');
  return clearedSessionCookies(app, context);
}

/** Signs the user out everywhere (password reset). */
export async function revokeAllSessions(app: App, userId: bigint, reason: string): Promise<void> {
  await revokeUserFamilies(app.platform.db, userId, app.platform.clock.now(), reason);
}

/**
 * After a password change: every other session ends; this one continues with fresh tokens
 * (its current refresh row is rotated, a new one joins the family): answers their cookies.
 */
export async function keepOnlyCurrentSession(
  app: App,
  context: RequestContext,
  user: AuthUser,
  reason: string,
): Promise<ResponseChanges | null> {
  const { db, clock } = app.platform;
  const now = clock.now();
  await revokeUserFamilies(db, user.id, now, reason, user.sessionId ?? undefined);
  if (!user.sessionId) return null;
  const current = await findActiveRow(db, user.sessionId, now);
  if (current && (await markRotated(db, current.id, now))) {
    return issueTokens(app, context, user.id, user.sessionId, current);
  }
  return null;
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

/**
 * Signs one of the user's sessions out (Account.SessionNotFound for another user's or an ended one);
 * answers the cleared cookies when it was this browser's own.
 */
export async function revokeSession(
  app: App,
  context: RequestContext,
  user: AuthUser,
  sessionId: string,
): Promise<ResponseChanges | null> {
  const { db, clock } = app.platform;
  const owner = await familyOwner(db, sessionId);
  if (owner !== user.id) throw new AppError('Account.SessionNotFound');
  const revoked = await revokeFamily(db, sessionId, clock.now(), 'revoked-by-user');
  if (revoked === 0) throw new AppError('Account.SessionNotFound');
  return sessionId === user.sessionId ? clearedSessionCookies(app, context) : null;
}
