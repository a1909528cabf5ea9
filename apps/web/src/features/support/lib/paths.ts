/** Help-centre, about and contact routes (spec §2). Paths with a space are encoded for links. */
export const SUPPORT_PATHS = {
  helpCenter: '/help-center',
  intro: '/help-center/docs/intro/',
  faq: '/help-center/docs/intro/zfaq/FAQ',
  blog: '/help-center/blog',
  serviceAgreement: encodeURI('/help-center/docs/agreement/service agreement'),
  privacy: '/help-center/docs/agreement/privacy',
  terms: '/help-center/docs/agreement/terms',
  aboutUs: '/about-us',
  contactUs: '/contact-us',
} as const;

export function blogPostPath(slug: string): string {
  return `${SUPPORT_PATHS.blog}/${encodeURIComponent(slug)}`;
}

/** `path#anchor` for a section of a help-centre document. */
export function withAnchor(path: string, anchor: string): string {
  return `${path}#${encodeURIComponent(anchor)}`;
}
