/**
 * When a server-rendered page starts the app (main.ts): at the visitor's first sign of engagement, or when the
 * page itself must change (a countdown ran out, a live lot's price moved). No React here.
 */

/** A pointer that moves or presses, a touch, a key, focus, a scroll or a wheel: the visitor is using the page. */
export const INTENT_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'scroll',
  'wheel',
] as const;

/** Calls `start` once, at the first of INTENT_EVENTS on `win` (any element's, as they pass); returns a cancel. */
export function onFirstIntent(win: Window, start: () => void): () => void {
  const options: AddEventListenerOptions = { capture: true, passive: true };
  const cancel = () => {
    for (const name of INTENT_EVENTS) win.removeEventListener(name, fire, options);
  };
  function fire() {
    cancel();
    start();
  }
  for (const name of INTENT_EVENTS) win.addEventListener(name, fire, options);
  return cancel;
}

/** The attributes a live lot's page carries: the address of its events (server-sent events), and its state's key. */
export const LIVE_EVENTS_ATTRIBUTE = 'data-live-events';
export const LIVE_STATE_ATTRIBUTE = 'data-live-state';

/** What a lot's live events can change that the page shows: its status, price, bids and end. */
export interface LiveLotState {
  status: string;
  currentPriceCents: number;
  bidCount: number;
  endsAt: string | null;
}

/** One text per state, the same for the page (LIVE_STATE_ATTRIBUTE) and an event (its data). */
export function liveStateKey(lot: LiveLotState): string {
  return [lot.status, lot.currentPriceCents, lot.bidCount, lot.endsAt ?? ''].join('|');
}

function keyOfEvent(data: string): string | null {
  try {
    return liveStateKey(JSON.parse(data) as LiveLotState);
  } catch {
    return null;
  }
}

/**
 * A live lot's page (it names its events in LIVE_EVENTS_ATTRIBUTE): listens to them and, at the first event that
 * changes what the page shows (a bid moved the price or the end, the lot closed; the stream's first event is the
 * state on connect, usually the page's own), calls `onChange` once, so the app starts and shows the lot as it now
 * is. Returns a stop. Nothing happens on pages without the attribute or without EventSource.
 */
export function watchLiveLot(doc: Document, onChange: () => void): () => void {
  const element = doc.querySelector(`[${LIVE_EVENTS_ATTRIBUTE}]`);
  const url = element?.getAttribute(LIVE_EVENTS_ATTRIBUTE);
  const EventSourceClass = doc.defaultView?.EventSource;
  if (!element || !url || !EventSourceClass) return () => {};
  const shown = element.getAttribute(LIVE_STATE_ATTRIBUTE);
  const source = new EventSourceClass(url, { withCredentials: true });
  const onEvent = (event: Event) => {
    const data = (event as MessageEvent<string>).data;
    if (event.type === 'price' && keyOfEvent(data) === shown) return;
    source.close();
    onChange();
  };
  source.addEventListener('price', onEvent);
  source.addEventListener('closed', onEvent);
  return () => source.close();
}
