/** The two UI languages (spec §1) and how a request's language maps onto them; no catalogue, no schema. */
export type Locale = 'zh-CN' | 'en-US';

/** Maps an Accept-Language value (or a UI language) to one of the two locales: zh* → zh-CN, else en-US. */
export function resolveLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return 'en-US';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh-CN' : 'en-US';
}
