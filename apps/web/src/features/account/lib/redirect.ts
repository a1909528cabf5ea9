/** Where to go after signing in or registering: the `redirect` query value when it is a same-site path, else '/'. */
export function safeRedirect(value: string | null | undefined): string {
  if (typeof value !== 'string') return '/';
  const target = value.trim();
  // Same-site paths only: '/x' yes; '//host', '/\host' (browsers treat '\' as '/'), 'http:', 'javascript:' no.
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  // Control characters (tabs, newlines) are stripped by URL parsers and could turn '/\t/host' into '//host'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (/[\u0000-\u001f\u007f]/.test(target)) return '/';
  // Back to the account pages themselves would only loop.
  if (/^\/account\/(login|register|find-password|verify)(?:[/?#]|$)/.test(target)) return '/';
  return target;
}

/** Builds an account-page link that carries the redirect on (login ↔ register ↔ find password). */
export function withRedirect(path: string, redirect: string | null | undefined): string {
  const target = safeRedirect(redirect);
  return target === '/' ? path : `${path}?redirect=${encodeURIComponent(target)}`;
}
