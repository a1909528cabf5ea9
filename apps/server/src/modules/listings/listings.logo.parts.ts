import { domainToUnicode } from 'node:url';
import type { LogoFont } from '@namebourse/contract';

/**
 * The generated logos' small parts (listings.logo.ts draws with them): XML-safe text, glyph widths
 * and fitting a wordmark to a width, a domain's shown name and initials, colour and number helpers,
 * and the seeded generator of the 'AI' style. Pure functions.
 */

// ---- text ----

/** Code points XML 1.0 can carry (no C0 controls but tab/newline, no lone surrogates, no U+FFFE/F). */
export function isXmlChar(cp: number): boolean {
  if (cp === 0x9 || cp === 0xa || cp === 0xd) return true;
  if (cp < 0x20) return false;
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  if (cp === 0xfffe || cp === 0xffff) return false;
  // C1 controls and bidi overrides/isolates would only garble a wordmark.
  if (cp >= 0x7f && cp <= 0x9f) return false;
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return false;
  return true;
}

/** The text as code points, with characters XML cannot carry removed and whitespace collapsed. */
export function cleanText(text: string): string[] {
  const out: string[] = [];
  for (const ch of Array.from(text.normalize('NFC'))) {
    const cp = ch.codePointAt(0) as number;
    if (!isXmlChar(cp)) continue;
    const c = /\s/u.test(ch) ? ' ' : ch;
    if (c === ' ' && (out.length === 0 || out[out.length - 1] === ' ')) continue;
    out.push(c);
  }
  while (out.length > 0 && out[out.length - 1] === ' ') out.pop();
  return out;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  );
}

/** Wide (East Asian full-width) characters: about one em each. */
export function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

export const NARROW = new Set(Array.from("iljtf.,;:!|'`I()[]{} "));
export const WIDE_LATIN = new Set(Array.from('mwMW@%'));

/** Estimated advance of one character in ems (bold weight; monospace: a fixed 0.6 em). */
export function glyphEms(ch: string, font: LogoFont): number {
  const cp = ch.codePointAt(0) as number;
  if (isWide(cp)) return 1;
  if (font === 'mono') return 0.62;
  if (NARROW.has(ch)) return 0.32;
  if (WIDE_LATIN.has(ch)) return 0.9;
  if (ch >= 'A' && ch <= 'Z') return 0.72;
  if (ch >= '0' && ch <= '9') return 0.58;
  return 0.6;
}

export function textEms(chars: readonly string[], font: LogoFont): number {
  let ems = 0;
  for (const ch of chars) ems += glyphEms(ch, font);
  return ems;
}

export interface FittedText {
  text: string;
  size: number;
  /** Estimated rendered width at that size. */
  width: number;
}

/**
 * The largest font size (≤ maxSize) at which the text's estimated width fits `width`; below
 * `minSize` the text is cut (by code points, so surrogate pairs stay whole) and ends with '…'.
 */
export function fitText(
  chars: readonly string[],
  font: LogoFont,
  width: number,
  maxSize: number,
  minSize = 16,
): FittedText {
  const ems = textEms(chars, font);
  if (ems === 0) return { text: '', size: maxSize, width: 0 };
  const size = Math.min(maxSize, width / ems);
  if (size >= minSize) return { text: chars.join(''), size: round(size), width: round(ems * size) };
  const ellipsis = glyphEms('…', font);
  const kept = [...chars];
  while (kept.length > 1 && (textEms(kept, font) + ellipsis) * minSize > width) kept.pop();
  while (kept.length > 0 && kept[kept.length - 1] === ' ') kept.pop();
  return { text: `${kept.join('')}…`, size: minSize, width: round((textEms(kept, font) + ellipsis) * minSize) };
}

// ---- names ----

/** The domain shown in Unicode (punycode labels decoded), lowercased; '' for nothing usable. */
export function displayDomain(domain: string): string {
  const trimmed = domain.trim().toLowerCase();
  const unicode = trimmed.includes('xn--') ? domainToUnicode(trimmed) : trimmed;
  return unicode || trimmed;
}

/** One or two initials from the name before the TLD: the first letters of its first two words. */
export function initialsOf(name: string): string {
  const label = name.split('.')[0] ?? name;
  const words = label.split(/[-_\s\d]+/u).filter((w) => w.length > 0);
  const source = words.length > 0 ? words : [label];
  const firsts = source.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  const wide = firsts.some((c) => c && isWide(c.codePointAt(0) as number));
  const initials = (wide ? firsts.slice(0, 1) : firsts).join('').toUpperCase();
  return cleanText(initials).join('') || '?';
}

// ---- numbers and colours ----

export function round(n: number): number {
  return Math.round(n * 100) / 100;
}

export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function rgbToHex(r: number, g: number, b: number): string {
  const h = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${h(r)}${h(g)}${h(b)}`;
}

/** HSL (h in degrees, s and l in 0–1) to `#rrggbb`. */
export function hsl(h: number, s: number, l: number): string {
  const hh = (((h % 360) + 360) % 360) / 360;
  const f = (n: number) => {
    const k = (n + hh * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    return (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255;
  };
  return rgbToHex(f(0), f(8), f(4));
}

export function hueOf(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/** Relative luminance (WCAG) of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** FNV-1a over the string: the seed of a composition. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic generator in [0, 1). */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
