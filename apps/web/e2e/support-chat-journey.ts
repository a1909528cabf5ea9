import { deflateSync } from 'node:zlib';
import { isWithinSupportHours, SUPPORT_HOURS } from '@namebourse/contract';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { expect } from 'vitest';
import enAdminSupport from '../src/locales/en-US/admin-support.json' with { type: 'json' };
import enSupportChat from '../src/locales/en-US/support-chat.json' with { type: 'json' };
import zhAdminSupport from '../src/locales/zh-CN/admin-support.json' with { type: 'json' };
import zhSupportChat from '../src/locales/zh-CN/support-chat.json' with { type: 'json' };
import { serverNow, submitSignIn, type T } from './accounts.ts';
import { goto, type Lang, openContext } from './browser.ts';
import { devPost } from './domains-journey.ts';
import type { Case } from './journey.ts';

/**
 * Helpers of the customer-service chat journey (support-chat.clock.e2e.ts): the texts of the support-chat and
 * admin-support namespaces, the business clock moved into the support hours, the demo support agent signed in,
 * a small PNG made here, and the user's network cut and restored under the chat window.
 */

/** The demo support agent (operators.seeder.ts: role support). */
export const AGENT = { email: 'support@namebourse.com', password: 'Support@2026' };

const BUNDLES = {
  'zh-CN': { 'support-chat': zhSupportChat, 'admin-support': zhAdminSupport },
  'en-US': { 'support-chat': enSupportChat, 'admin-support': enAdminSupport },
} as const;

type ChatNamespace = keyof (typeof BUNDLES)['zh-CN'];

export type CT = (ref: `${ChatNamespace}:${string}`, params?: Record<string, string | number>) => string;

/** The UI text `ns:key` in `lang`, `{{name}}` filled. */
export function chatTexts(lang: Lang): CT {
  return (ref, params = {}) => {
    const [ns, key] = ref.split(':') as [ChatNamespace, string];
    let node: unknown = BUNDLES[lang][ns];
    for (const part of key.split('.')) {
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    }
    if (typeof node !== 'string') throw new Error(`No text ${ref} in ${lang}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
  };
}

// ---- the business clock ----

const MINUTE = 60_000;

/**
 * The next weekday 10:00 at the support offset (UTC+8) after `now`: a time well inside the support hours
 * (Monday–Friday 9:30–18:30).
 */
export function nextOpenMorning(now: Date): Date {
  const offset = SUPPORT_HOURS.utcOffsetMinutes * MINUTE;
  const local = new Date(now.getTime() + offset);
  const candidate = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 10, 0));
  for (let day = 0; day < 8; day++) {
    const at = new Date(candidate.getTime() + day * 1440 * MINUTE - offset);
    if (at.getTime() > now.getTime() && isWithinSupportHours(at)) return at;
  }
  throw new Error(`no support hours within a week of ${now.toISOString()}`);
}

/**
 * Moves the server's clock (forward only) into the support hours, unless it is already at least half an hour
 * before they end (one case takes a few minutes). Returns the business time now.
 */
export async function intoSupportHours(): Promise<Date> {
  const now = await serverNow();
  const soon = new Date(now.getTime() + 30 * MINUTE);
  if (isWithinSupportHours(now) && isWithinSupportHours(soon)) return now;
  const target = nextOpenMorning(now);
  await devPost('clock/advance', { seconds: Math.ceil((target.getTime() - now.getTime()) / 1000) });
  const moved = await serverNow();
  expect(isWithinSupportHours(moved), moved.toISOString()).toBe(true);
  return moved;
}

// ---- the agent ----

/** The support agent signed in on /admin/support, in a window of the case's language and width. */
export async function agentOnDesk(browser: Browser, c: Case, t: T): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, c);
  const page = await context.newPage();
  const path = '/admin/support';
  await goto(page, `/account/login?redirect=${encodeURIComponent(path)}`);
  expect((await submitSignIn(page, t, AGENT.email, AGENT.password)).status()).toBe(200);
  await page.waitForURL((url) => url.pathname === path);
  return { context, page };
}

// ---- a PNG ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of `size`×`size` pixels: a blue square with a white diagonal (RGB, 8 bits). */
export function pngImage(size = 48): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const white = Math.abs(x - y) < 3;
      row.set(white ? [255, 255, 255] : [22, 93, 255], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- the user's network ----

export interface Network {
  /** The connection drops: the browser goes offline and the chat's WebSocket is cut on both ends. */
  drop(): Promise<void>;
  /** The browser is online again (new WebSockets reach the server). */
  restore(): Promise<void>;
}

/**
 * Routes the chat's WebSockets of `context` through the test (to the real server), so that the connection can be
 * cut as a network drop cuts it: `context.setOffline` alone stops HTTP but leaves an open WebSocket alone.
 * While offline, new WebSockets are refused (closed at once, as a failed connection is).
 */
export async function chatNetwork(context: BrowserContext): Promise<Network> {
  let offline = false;
  const live = new Set<{ page: WebSocketRoute; server: WebSocketRoute }>();
  await context.routeWebSocket(
    (url) => url.pathname === '/api/support/chat',
    (ws) => {
      if (offline) {
        void ws.close({ code: 1001, reason: 'offline' });
        return;
      }
      const server = ws.connectToServer();
      const link = { page: ws, server };
      live.add(link);
      // Handling the page's close stops Playwright forwarding it: pass it on to the server.
      ws.onClose((code, reason) => {
        live.delete(link);
        void server.close({ code, reason }).catch(() => undefined);
      });
    },
  );
  return {
    async drop() {
      offline = true;
      await context.setOffline(true);
      for (const link of [...live]) {
        live.delete(link);
        await link.server.close({ code: 1001, reason: 'network' }).catch(() => undefined);
        await link.page.close({ code: 1001, reason: 'network' }).catch(() => undefined);
      }
    },
    async restore() {
      offline = false;
      await context.setOffline(false);
    },
  };
}
