import { afterEach, describe, expect, it } from 'vitest';
import { secondsLeft } from './countdown.ts';
import {
  learnServerTime,
  learnServerTimeFromOrders,
  resetServerClock,
  serverClockOffsetMs,
  serverNowMs,
  serverTimeOfOrders,
} from './server-clock.ts';

afterEach(() => resetServerClock());

describe('the server clock', () => {
  it('trusts the device until an answer tells the server time', () => {
    expect(serverClockOffsetMs()).toBe(0);
    expect(serverNowMs(1_000)).toBe(1_000);
  });

  it("corrects the device clock with a lot's serverTime", () => {
    const device = Date.parse('2025-03-07T09:59:00.000Z');
    learnServerTime('2025-03-07T10:00:00.000Z', device);
    expect(serverClockOffsetMs()).toBe(60_000);
    // The device says 09:59:00, the server 10:00:00: a lot ending 10:05:00 has 5 minutes left.
    expect(secondsLeft('2025-03-07T10:05:00.000Z', serverNowMs(device))).toBe(300);
    learnServerTime('not a time', device);
    learnServerTime(null, device);
    expect(serverClockOffsetMs()).toBe(60_000);
  });

  it('reads the server time off open orders: payBy less the seconds left, the tightest bound', () => {
    const payBy = Date.UTC(2026, 0, 13, 12, 0, 0);
    const open = { status: 'awaiting_payment' as const, payBy: new Date(payBy).toISOString(), payTimeLeftSeconds: 90 };
    expect(serverTimeOfOrders([open])).toBe(payBy - 90_000);
    expect(
      serverTimeOfOrders([
        open,
        { ...open, payBy: new Date(payBy + 500).toISOString() },
        { ...open, payTimeLeftSeconds: 0 },
        { ...open, status: 'completed' as const },
        { ...open, payBy: null },
      ]),
    ).toBe(payBy - 90_000);
    expect(serverTimeOfOrders([{ ...open, payTimeLeftSeconds: null }])).toBeNull();

    // The server's clock is a day ahead of the browser's (a manual clock in a test, or a wrong PC clock): the
    // order said 90 seconds were left when its answer arrived, and that is what counts.
    const received = payBy - 86_400_000;
    learnServerTimeFromOrders([open], received);
    expect(secondsLeft(open.payBy, serverNowMs(received))).toBe(90);
    expect(secondsLeft(open.payBy, serverNowMs(received + 30_500))).toBe(60);
    expect(secondsLeft(open.payBy, serverNowMs(received + 90_000))).toBe(0);
  });
});
