import { CLIENT } from '@namebourse/contract';

/** Spec §2: these account pages get the one-line copyright footer instead of the full one. */
export const SHORT_FOOTER_PATHS = ['/account/login', '/account/register', '/account/verify', '/account/find-password'];

export type FooterVariant = 'full' | 'short';

export function footerVariant(pathname: string): FooterVariant {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SHORT_FOOTER_PATHS.includes(path) ? 'short' : 'full';
}

/**
 * Pages that stand for an outside party hosted by this server (the sandbox payment provider's checkout,
 * /pay/sandbox/:sessionId): they render without the site's top bar and footer.
 */
export const CHROMELESS_PREFIXES = ['/pay/'];

export function isChromeless(pathname: string): boolean {
  return CHROMELESS_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** Spec §9: the full footer's year is fixed (2025); the short footer's comes from the current date. */
export function footerYear(variant: FooterVariant, now: Date = new Date()): number {
  return variant === 'full' ? CLIENT.footerCopyrightYear : now.getFullYear();
}
