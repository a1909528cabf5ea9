import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  INTENT_EVENTS,
  LIVE_EVENTS_ATTRIBUTE,
  LIVE_STATE_ATTRIBUTE,
  liveStateKey,
  onFirstIntent,
  watchLiveLot,
} from './start-on-intent.ts';

/** A stand-in EventSource the test drives: the server's events arrive when the test sends them. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.last = this;
  }
  close() {
    this.closed = true;
  }
  send(type: 'price' | 'closed', data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const LOT = { status: 'bidding', currentPriceCents: 12_000, bidCount: 3, endsAt: '2026-11-27T18:00:00.000Z' };

function lotPage(): void {
  document.body.innerHTML = `<div ${LIVE_EVENTS_ATTRIBUTE}="/api/auctions/7/events" ${LIVE_STATE_ATTRIBUTE}="${liveStateKey(LOT)}"></div>`;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  FakeEventSource.last = null;
});

describe('onFirstIntent', () => {
  it.each(INTENT_EVENTS)('starts the app once, at the first %s', (name) => {
    const start = vi.fn();
    onFirstIntent(window, start);
    document.body.dispatchEvent(new Event(name, { bubbles: true }));
    for (const other of INTENT_EVENTS) window.dispatchEvent(new Event(other));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', () => {
    const start = vi.fn();
    onFirstIntent(window, start)();
    window.dispatchEvent(new Event('pointerdown'));
    expect(start).not.toHaveBeenCalled();
  });
});

describe('watchLiveLot', () => {
  it("ignores the stream's first event when it is the state the page shows, then starts at the first change", () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    lotPage();
    const changed = vi.fn();
    watchLiveLot(document, changed);
    const source = FakeEventSource.last as FakeEventSource;
    expect(source.url).toBe('/api/auctions/7/events');
    expect(source.init?.withCredentials).toBe(true);
    source.send('price', { ...LOT, minNextBidCents: 13_000, bidderCount: 2 });
    expect(changed).not.toHaveBeenCalled();
    source.send('price', { ...LOT, currentPriceCents: 13_000, bidCount: 4 });
    expect(changed).toHaveBeenCalledTimes(1);
    expect(source.closed).toBe(true);
  });

  it('starts when a soft close moved the end, and when the lot closes', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    lotPage();
    const extended = vi.fn();
    watchLiveLot(document, extended);
    FakeEventSource.last?.send('price', { ...LOT, endsAt: '2026-11-27T18:05:00.000Z' });
    expect(extended).toHaveBeenCalledTimes(1);

    const closed = vi.fn();
    watchLiveLot(document, closed);
    FakeEventSource.last?.send('closed', { ...LOT, status: 'ended' });
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('opens nothing on a page that is not a live lot, and closes the stream when stopped', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    watchLiveLot(document, vi.fn())();
    expect(FakeEventSource.last).toBeNull();
    lotPage();
    watchLiveLot(document, vi.fn())();
    expect(FakeEventSource.last?.closed).toBe(true);
  });
});
