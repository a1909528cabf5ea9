/** Path of the sign-in page (spec §2). */
export const LOGIN_PATH = '/account/login';

/** The current address as pathname + search (the value carried by `redirect`). */
export function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * The sign-in address that returns to `currentPathWithSearch` afterwards. The redirect is left
 * empty when the path already starts with /account (spec §2).
 */
export function loginPath(currentPathWithSearch: string): string {
  const path = currentPathWithSearch.trim();
  if (path === '' || path.startsWith('/account')) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(path)}`;
}
