import type { Order } from '@namebourse/contract';
import { useSyncExternalStore } from 'react';
import { useRenderClockOffset } from '../../lib/render-env.ts';
import { useNow } from './use-now.ts';

/**
 * The server's clock as this browser sees it, the one place every countdown reads time from: an offset (server
 * minus device, ms) learned from the answers that tell the server's time — a lot's `serverTime`, an order's
 * `payBy` with its `payTimeLeftSeconds` — so a device clock that is off, or a server on a manual clock, does not
 * change how much time a countdown shows. 0 (the device clock) until an answer has told it.
 */
let offsetMs = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getOffset(): number {
  return offsetMs;
}

/** Server minus device clock (ms), as last learned. */
export function serverClockOffsetMs(): number {
  return offsetMs;
}

/** The server's "now" (ms) for a moment of the device clock (default: this one). */
export function serverNowMs(deviceNowMs: number = Date.now()): number {
  return deviceNowMs + offsetMs;
}

/**
 * Records the server's time read in an answer (ISO text or ms) that arrived at `receivedAtMs` on the device
 * clock. Unreadable times are ignored.
 */
export function learnServerTime(serverTime: string | number | null | undefined, receivedAtMs: number = Date.now()) {
  const server = typeof serverTime === 'string' ? Date.parse(serverTime) : (serverTime ?? Number.NaN);
  if (!Number.isFinite(server) || !Number.isFinite(receivedAtMs)) return;
  const next = server - receivedAtMs;
  if (next === offsetMs) return;
  offsetMs = next;
  for (const listener of listeners) listener();
}

/**
 * The server's time when it wrote these orders (ms), from each open order's `payBy` less the whole seconds it
 * said were left (the server rounds those down, so each order bounds its "now" from above: the smallest bound
 * is kept). Null when no order says.
 */
export function serverTimeOfOrders(orders: readonly Pick<Order, 'status' | 'payBy' | 'payTimeLeftSeconds'>[]) {
  let best: number | null = null;
  for (const order of orders) {
    if (order.status !== 'awaiting_payment' || !order.payBy) continue;
    const left = order.payTimeLeftSeconds;
    const payBy = Date.parse(order.payBy);
    if (left === null || !Number.isFinite(left) || left <= 0 || Number.isNaN(payBy)) continue;
    const at = payBy - left * 1000;
    if (best === null || at < best) best = at;
  }
  return best;
}

/** Learns the server's time from a list of orders that arrived at `receivedAtMs` (see serverTimeOfOrders). */
export function learnServerTimeFromOrders(
  orders: readonly Pick<Order, 'status' | 'payBy' | 'payTimeLeftSeconds'>[],
  receivedAtMs: number = Date.now(),
): void {
  learnServerTime(serverTimeOfOrders(orders), receivedAtMs);
}

/**
 * Server minus device clock (ms); re-renders when an answer corrects it. A server-rendered page uses the offset
 * its render used until it has hydrated, so both renders show the same time left.
 */
export function useServerOffsetMs(): number {
  const offset = useSyncExternalStore(subscribe, getOffset, getOffset);
  return useRenderClockOffset() ?? offset;
}

/** The server's "now" (ms), re-read every `intervalMs` while `active`: one timer for a whole list of countdowns. */
export function useServerNow(active = true, intervalMs = 1000): number {
  return useNow(active, intervalMs) + useServerOffsetMs();
}

/** Tests: forget what was learned. */
export function resetServerClock(): void {
  learnServerTime(0, 0);
}
