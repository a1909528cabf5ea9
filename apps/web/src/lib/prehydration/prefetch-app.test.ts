import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_FILES_URL, prefetchAppWhenIdle } from './prefetch-app.ts';

const FILES = ['/assets/start-app-abc.js', '/assets/react-def.js'];

/** The window the starter runs in: loaded, idle at once, `/app-files.json` answering the build's list. */
function loadedWindow({ saveData = false } = {}) {
  const fetch = vi.fn(async (url: string) => new Response(JSON.stringify(url === APP_FILES_URL ? FILES : [])));
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
    callback();
    return 1;
  });
  Object.defineProperty(navigator, 'connection', { value: { saveData }, configurable: true });
  return { fetch };
}

const hinted = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')].map((link) => link.getAttribute('href'));

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('prefetchAppWhenIdle', () => {
  it("fetches the app's scripts into the cache once, without running them", async () => {
    const { fetch } = loadedWindow();
    prefetchAppWhenIdle(window, () => false);
    prefetchAppWhenIdle(window, () => false);
    await vi.waitFor(() => expect(hinted()).toEqual(FILES));
    expect(fetch).toHaveBeenCalledWith(APP_FILES_URL);
    expect(document.querySelectorAll('script').length).toBe(0);
  });

  it('does nothing once the app has started, or when the visitor saves data', async () => {
    const started = loadedWindow();
    prefetchAppWhenIdle(window, () => true);
    expect(started.fetch).not.toHaveBeenCalled();
    const saving = loadedWindow({ saveData: true });
    prefetchAppWhenIdle(window, () => false);
    expect(saving.fetch).not.toHaveBeenCalled();
    expect(hinted()).toEqual([]);
  });
});
