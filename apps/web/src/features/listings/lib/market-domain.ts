import { DOMAIN_NAME_RE } from '@namebourse/contract';

/** The domain of a /market/:domain address as the API takes it (lower case), or null when it cannot be one. */
export function marketDomainOf(param: string | undefined): string | null {
  const domain = (param ?? '').trim().toLowerCase();
  if (domain.length === 0 || domain.length > 253 || !DOMAIN_NAME_RE.test(domain)) return null;
  return domain;
}

/** The public page of a listing. */
export const marketListingHref = (domain: string) => `/market/${encodeURIComponent(domain)}`;
