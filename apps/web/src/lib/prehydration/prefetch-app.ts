/**
 * On a server-rendered page the app starts at the visitor's first engagement (main.ts). So that the first tap waits
 * for hydration rather than for the network, the app's scripts (the list the build writes, `/app-files.json`) are
 * fetched into the browser's cache once the page has loaded and the browser is idle — fetched, not run, at the
 * lowest priority. Not when the visitor asked to save data, and not once the app has started (it loads them itself).
 */

export const APP_FILES_URL = '/app-files.json';

interface IdleWindow {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
}

function savesData(win: Window): boolean {
  const connection = (win.navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** Adds a prefetch hint for each address not hinted yet. */
export function prefetch(doc: Document, urls: readonly string[]): void {
  const hinted = new Set([...doc.querySelectorAll('link[href]')].map((link) => link.getAttribute('href')));
  for (const url of urls) {
    if (typeof url !== 'string' || !url.startsWith('/') || hinted.has(url)) continue;
    hinted.add(url);
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.href = url;
    doc.head.append(link);
  }
}

/**
 * After the load event and an idle moment, reads the list and prefetches it, unless `started()` says the app is
 * already on its way. Returns nothing: a failure only means the first tap loads them itself.
 */
export function prefetchAppWhenIdle(win: Window, started: () => boolean): void {
  if (savesData(win)) return;
  const run = () => {
    if (started()) return;
    void win
      .fetch(APP_FILES_URL)
      .then((response) => (response.ok ? response.json() : []))
      .then((urls: unknown) => {
        if (!started() && Array.isArray(urls)) prefetch(win.document, urls);
      })
      .catch(() => {});
  };
  const whenIdle = () => {
    const idle = (win as unknown as IdleWindow).requestIdleCallback;
    if (idle) idle(run, { timeout: 5_000 });
    else win.setTimeout(run, 1_000);
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
