import useMediaQuery from '@mui/material/useMediaQuery';
import type { LoginState } from '@namebourse/contract';
import { useSyncExternalStore } from 'react';

/**
 * What a server-rendered page was rendered with, so that the browser's first render (hydration) produces the same
 * markup: the moment of the render (countdowns), the time zone its dates were written in and the session it
 * showed. The server sets it for each render; the browser reads it from the page's SSR payload before hydrating.
 * After hydration the browser's own clock, time zone and session take over (see the hooks below).
 */
export interface RenderEnv {
  nowMs: number;
  /** IANA zone the server wrote dates in: the browser's zone from its `nb_tz` cookie, else UTC. */
  timeZone: string;
  /** The session the server saw (from the request's cookies); null when it did not ask. */
  session: LoginState | null;
  /** The server's guess of a phone (from the User-Agent) for layouts chosen by media query. */
  phone: boolean;
  /** The server clock's offset the render's countdowns used (components/auction/server-clock.ts). */
  clockOffsetMs: number;
}

let env: RenderEnv | null = null;

/** Server: before each render (renders run one at a time). Browser: before hydrating a server-rendered page. */
export function setRenderEnv(next: RenderEnv | null): void {
  env = next;
}

export function renderEnv(): RenderEnv | null {
  return env;
}

/** The cookie the browser writes its time zone to, so that the next server render writes dates in it. */
export const TIME_ZONE_COOKIE = 'nb_tz';

const noSubscription = () => () => {};

/**
 * The signed-in user's time-zone setting (issue 18), kept in this cookie so that it wins over the device's zone
 * from the first render of every page (the server renderer reads it too: `serverRenderTimeZone`). Written when
 * the settings are read or saved, cleared on sign-out.
 */
export const USER_TIME_ZONE_COOKIE = 'nb_utz';
const YEAR_S = 365 * 24 * 60 * 60;

function readUserZoneCookie(): string | null {
  if (typeof document === 'undefined') return null;
  const part = document.cookie.split(';').find((p) => p.trim().startsWith(`${USER_TIME_ZONE_COOKIE}=`));
  const value = part ? decodeURIComponent(part.trim().slice(USER_TIME_ZONE_COOKIE.length + 1)) : null;
  return isTimeZone(value) ? value : null;
}

/** Browser only (the server renders for many users: it takes the zone from each request's cookies). */
let userZone: string | null = readUserZoneCookie();
const zoneListeners = new Set<() => void>();

function subscribeZone(listener: () => void): () => void {
  zoneListeners.add(listener);
  return () => zoneListeners.delete(listener);
}

/** The signed-in user's zone, when known (browser). */
export function userTimeZone(): string | undefined {
  return userZone ?? undefined;
}

/**
 * Sets (a valid IANA zone) or forgets (null: signed out) the user's zone: every date the app writes follows it at
 * once, and the next server render too. A no-op on the server.
 */
export function setUserTimeZone(zone: string | null): void {
  if (typeof document === 'undefined') return;
  const next = isTimeZone(zone) ? zone : null;
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie read by the server renderer.
    document.cookie = next
      ? `${USER_TIME_ZONE_COOKIE}=${encodeURIComponent(next)}; path=/; max-age=${YEAR_S}; SameSite=Lax`
      : `${USER_TIME_ZONE_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
  } catch {
    // Cookies unavailable: this tab still follows the zone.
  }
  if (next === userZone) return;
  userZone = next;
  for (const listener of zoneListeners) listener();
}

/**
 * Server renderer: the zone a request's page is written in — the signed-in user's setting (its cookie), else the
 * device's (`nb_tz`), else UTC.
 */
export function serverRenderTimeZone(cookie: (name: string) => string | undefined | null): string {
  const user = cookie(USER_TIME_ZONE_COOKIE);
  if (isTimeZone(user)) return user;
  const device = cookie(TIME_ZONE_COOKIE);
  return isTimeZone(device) ? device : 'UTC';
}

/**
 * The time zone to write dates in: in the browser the signed-in user's setting, else undefined (the device's);
 * the render's zone on the server and during hydration (React re-renders with the browser's answer right after).
 */
export function useDisplayTimeZone(): string | undefined {
  return useSyncExternalStore(
    subscribeZone,
    () => userZone ?? undefined,
    () => env?.timeZone ?? 'UTC',
  );
}

/** The render's clock offset on the server and during hydration, null afterwards (callers then use their own). */
export function useRenderClockOffset(): number | null {
  return useSyncExternalStore(
    noSubscription,
    () => null,
    () => env?.clockOffsetMs ?? null,
  );
}

/** The render's moment on the server and during hydration, null afterwards (callers then use Date.now()). */
export function useRenderNow(): number | null {
  return useSyncExternalStore(
    noSubscription,
    () => null,
    () => env?.nowMs ?? null,
  );
}

/** Valid IANA zone names only (the cookie is user input). */
export function isTimeZone(value: string | undefined | null): value is string {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * A media query that holds on wide screens (`theme.breakpoints.up('md')`), for choosing a layout: on the server and
 * during hydration it answers by the render's phone guess (a phone is not wide), then by the real viewport.
 */
export function useWideLayout(query: string): boolean {
  return useMediaQuery(query, { defaultMatches: !(env?.phone ?? true) });
}

/** The server's guess from a User-Agent: phones and small tablets say "Mobi" (or Android without "Tablet"). */
export function isPhoneUserAgent(userAgent: string | undefined): boolean {
  if (!userAgent) return false;
  return /Mobi|iPhone|iPod|Android(?!.*Tablet)/i.test(userAgent);
}
