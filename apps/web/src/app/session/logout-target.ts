import { loginPath } from '../../lib/login-redirect.ts';

/** True for /console and every page below it. */
export function isConsolePath(pathname: string): boolean {
  return pathname === '/console' || pathname.startsWith('/console/');
}

export type LogoutTarget = { kind: 'login'; to: string } | { kind: 'reload' };

/**
 * Spec §2: after logout from a /console page the user goes to the login page with a redirect back to the
 * current address; anywhere else the page reloads.
 */
export function logoutTarget(pathname: string, pathWithSearch: string): LogoutTarget {
  return isConsolePath(pathname) ? { kind: 'login', to: loginPath(pathWithSearch) } : { kind: 'reload' };
}
