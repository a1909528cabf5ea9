import { formatCountdownWith, secondsLeft, urgencyOf } from '../../components/auction/countdown.ts';

/**
 * Keeps a server-rendered page's countdowns ticking before the app has loaded: part of the page's starter script,
 * so no React, MUI, Emotion or i18next here (countdown.ts is pure arithmetic). It reads what CountdownText writes
 * into the page — `data-ends-at` (ISO end), `data-with-days` (the 'countdown.withDays' text with its `{d}` and `{t}`
 * slots), `data-ended` (the text at zero) — and writes, once a second, the text of the inner `data-countdown-text`
 * span, `data-seconds-left` and `data-urgency` (the colour follows that attribute through CSS).
 */

/** The countdowns the script keeps ticking (CountdownText with an `endsAt`). */
export const COUNTDOWN_SELECTOR = '[data-ends-at][data-with-days][data-ended]';

interface Ticking {
  element: HTMLElement;
  text: Element | null;
  endsAt: string;
  withDays: string;
  ended: string;
  /** Seconds left at the last look: the server's render's until the first tick. */
  last: number | null;
}

function readSeconds(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) ? seconds : null;
}

function setAttribute(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** Replaces the text in place (the node React hydrates stays the same), leaving the icon beside it alone. */
function setText(target: Element, text: string): void {
  const node = target.firstChild;
  if (node && node.nodeType === 3 /* Node.TEXT_NODE */ && target.childNodes.length === 1) {
    if (node.nodeValue !== text) node.nodeValue = text;
  } else if (target.textContent !== text) {
    target.textContent = text;
  }
}

/**
 * Starts every countdown under `root` ticking on the server's clock (`serverNowMs`: the server's "now", ms), one
 * timer for all. `onElapsed` is called once, the first time a countdown that was above zero (as the server
 * rendered it, or at an earlier tick) reaches zero — never from within this call: a page found already past its
 * end reports it in a microtask. Returns the function that stops it (call it before the app hydrates: from then
 * on React writes the countdowns).
 */
export function startCountdowns(root: ParentNode, serverNowMs: () => number, onElapsed: () => void): () => void {
  const ticking: Ticking[] = [];
  for (const element of root.querySelectorAll<HTMLElement>(COUNTDOWN_SELECTOR)) {
    const { endsAt, withDays, ended, secondsLeft: rendered } = element.dataset;
    if (endsAt === undefined || withDays === undefined || ended === undefined) continue;
    if (Number.isNaN(Date.parse(endsAt))) continue;
    ticking.push({
      element,
      text: element.querySelector('[data-countdown-text]'),
      endsAt,
      withDays,
      ended,
      last: readSeconds(rendered),
    });
  }

  let stopped = false;
  let reported = false;
  const report = (now: boolean) => {
    if (reported) return;
    reported = true;
    if (now) onElapsed();
    else
      queueMicrotask(() => {
        if (!stopped) onElapsed();
      });
  };

  const tick = (first: boolean) => {
    if (stopped) return;
    const nowMs = serverNowMs();
    let elapsed = false;
    for (const countdown of ticking) {
      const seconds = secondsLeft(countdown.endsAt, nowMs);
      if (seconds === null) continue;
      if (seconds <= 0 && countdown.last !== null && countdown.last > 0) elapsed = true;
      countdown.last = seconds;
      const text = seconds > 0 ? formatCountdownWith(seconds, countdown.withDays) : countdown.ended;
      if (countdown.text) setText(countdown.text, text);
      setAttribute(countdown.element, 'data-seconds-left', String(seconds));
      setAttribute(countdown.element, 'data-urgency', seconds > 0 ? urgencyOf(seconds) : 'ended');
    }
    if (elapsed) report(!first);
  };

  if (ticking.length === 0) return () => {};
  tick(true);
  const timer = setInterval(() => tick(false), 1000);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
