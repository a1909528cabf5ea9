/** The server's clock as a server-rendered page saw it, for the page's starter and the app's hydration. No React here. */

/** The attribute of `#root` that holds the server's clock (ms) when it rendered the page (ssr/entry-server.tsx). */
export const RENDERED_AT_ATTRIBUTE = 'data-rendered-at';

/** When this page's HTML arrived, on the device clock. */
export function pageReceivedAtMs(): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation ? performance.timeOrigin + navigation.responseStart : Date.now();
}

/**
 * The server's "now" (ms) as this page knows it before the app runs: the render's moment plus the time since the
 * page arrived; the device's clock when the page does not say.
 */
export function pageServerClock(root: Element): () => number {
  const renderedAt = Number(root.getAttribute(RENDERED_AT_ATTRIBUTE));
  if (!Number.isFinite(renderedAt) || renderedAt <= 0) return () => Date.now();
  const offsetMs = renderedAt - pageReceivedAtMs();
  return () => Date.now() + offsetMs;
}
