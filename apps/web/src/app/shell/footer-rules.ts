import { CLIENT } from '@namebourse/contract';
import { PAGE_WIDTHS } from '../../components/page-widths.ts';

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

/** The width (px) of the page at a path, which the top bar and footer take (PAGE_WIDTHS). */
export function pageWidth(pathname: string): number {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/sale') return PAGE_WIDTHS.sale;
  if (path === '/console' || path.startsWith('/console/')) return PAGE_WIDTHS.console;
  if (path === '/admin' || path.startsWith('/admin/')) return PAGE_WIDTHS.operator;
  return PAGE_WIDTHS.site;
}
