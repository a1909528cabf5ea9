/** Issue 17: replaced by the page's own work. */
export function WatchlistPage() {
  return null;
}
