import type { AppLanguage } from '../lib/i18n.ts';
import type { HeadData } from '../lib/page-head.tsx';

const LANGUAGES: AppLanguage[] = ['zh-CN', 'en-US'];
const OG_LOCALE: Record<AppLanguage, string> = { 'zh-CN': 'zh_CN', 'en-US': 'en_US' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) =>
    ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '"' ? '&quot;' : '&#39;',
  );
}

/** The address of this page in a language: its path and query, `lng` set (x-default: without `lng`). */
export function languageUrl(origin: string, url: URL, lng: AppLanguage | null): string {
  const params = new URLSearchParams(url.search);
  params.delete('lng');
  if (lng) params.set('lng', lng);
  const search = params.toString();
  return `${origin}${url.pathname}${search ? `?${search}` : ''}`;
}

const URL_KEYS = new Set(['url', 'urlTemplate', 'logo', 'image']);

/** JSON-LD with this site's paths ('/sale?…') made absolute, as schema.org expects. */
export function absolutize(value: unknown, origin: string, key = ''): unknown {
  if (typeof value === 'string') return URL_KEYS.has(key) && value.startsWith('/') ? `${origin}${value}` : value;
  if (Array.isArray(value)) return value.map((item) => absolutize(item, origin));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, absolutize(v, origin, k)]));
  }
  return value;
}

/** JSON-LD safe inside <script>: no closing tags. */
function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The head of a server-rendered page: title, description, canonical URL (this language's address), hreflang
 * alternates for both languages and x-default, Open Graph and Twitter card tags, robots and JSON-LD.
 */
export function headTags(head: HeadData, { origin, url, lng }: { origin: string; url: URL; lng: AppLanguage }): string {
  const title = escapeHtml(head.title ?? 'NameBourse');
  const description = head.description ? escapeHtml(head.description) : '';
  const canonicalUrl = languageUrl(origin, url, lng);
  const canonical = escapeHtml(canonicalUrl);
  const lines = [`<title>${title}</title>`];
  if (description) lines.push(`<meta name="description" content="${description}" />`);
  if (head.noindex) lines.push('<meta name="robots" content="noindex" />');
  else {
    lines.push(`<link rel="canonical" href="${canonical}" />`);
    for (const alternate of LANGUAGES) {
      lines.push(
        `<link rel="alternate" hreflang="${alternate}" href="${escapeHtml(languageUrl(origin, url, alternate))}" />`,
      );
    }
    lines.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(languageUrl(origin, url, null))}" />`);
  }
  lines.push(
    `<meta property="og:type" content="${head.ogType ?? 'website'}" />`,
    `<meta property="og:site_name" content="NameBourse" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:url" content="${canonical}" />`,
    `<meta property="og:locale" content="${OG_LOCALE[lng]}" />`,
    `<meta property="og:locale:alternate" content="${OG_LOCALE[lng === 'zh-CN' ? 'en-US' : 'zh-CN']}" />`,
    '<meta name="twitter:card" content="summary" />',
  );
  if (description) lines.push(`<meta property="og:description" content="${description}" />`);
  for (const item of head.jsonLd ?? []) {
    lines.push(
      `<script type="application/ld+json">${jsonLd(absolutize({ '@context': 'https://schema.org', url: canonicalUrl, ...item }, origin))}</script>`,
    );
  }
  return lines.join('\n    ');
}
