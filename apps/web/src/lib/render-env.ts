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
 * The time zone to write dates in: undefined (the device's) in the browser, the render's zone on the server and
 * during hydration; React re-renders with the device's zone right after hydrating.
 */
export function useDisplayTimeZone(): string | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => undefined,
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
