/**
 * The page's only script: it lets the browser paint the server's HTML first, then downloads and starts the app
 * (start-app.tsx: hydration of a server-rendered page, or the app for a page rendered here). The app's code is
 * fetched right after the first paint instead of competing with the HTML and its CSS for a phone's bandwidth.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

void afterFirstPaint()
  .then(() => import('./start-app.tsx'))
  .then((app) => app.start());
