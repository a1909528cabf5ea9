import type { LoginState } from '@namebourse/contract';
import type { DehydratedState } from '@tanstack/react-query';
import type { Resource } from 'i18next';
import type { AppLanguage } from '../lib/i18n.ts';

/**
 * What a page brings from the server in `<script id="nb-ssr" type="application/json">`: the language and the texts
 * it was rendered with, the render's moment, zone, session and phone guess, the first view's query data and the
 * router's hydration data. A page rendered in the browser only (console, admin) carries the language and the core
 * texts and `ssr: false`.
 */
export interface SsrPayload {
  ssr: boolean;
  lng: AppLanguage;
  /** `{ [lng]: { [namespace]: texts } }`, the namespaces the render used. */
  i18n: Resource;
  nowMs: number;
  timeZone: string;
  phone: boolean;
  /** The server clock's offset (app clock minus the server's own) the render's countdowns used. */
  clockOffsetMs: number;
  session: LoginState | null;
  query?: DehydratedState;
  /** React Router's hydration data, errors serialised as its own StaticRouterProvider does. */
  router?: unknown;
}

export const SSR_PAYLOAD_ID = 'nb-ssr';

/** JSON safe inside a <script> element: no `</script>`, no HTML comment openers, no line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readSsrPayload(doc: Document = document): SsrPayload | null {
  const element = doc.getElementById(SSR_PAYLOAD_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrPayload;
  } catch {
    return null;
  }
}
