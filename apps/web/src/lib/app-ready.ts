/**
 * When the app has taken over the page (hydrated a server-rendered page, or rendered one): `<html data-app>` says
 * `ready` — what browser journeys wait for — and `whenAppReady()` resolves, which is when the page's starter
 * replays the taps and typing it held before hydration (lib/prehydration/hold-interactions.ts).
 */
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** The app's first commit (app.tsx, in an effect, so the hydrated tree and its event handlers are in place). */
export function markAppReady(): void {
  document.documentElement.dataset.app = 'ready';
  markReady();
}

export function whenAppReady(): Promise<void> {
  return ready;
}

/**
 * A server-rendered page the app has not taken over yet: it is readable, its links and forms work, its countdowns
 * tick, and the first sign of the visitor's engagement starts the app (main.ts).
 */
export function markAppWaiting(): void {
  document.documentElement.dataset.app = 'waiting';
}
