// @vitest-environment jsdom
// (a strict XML parser: the browser's DOMParser as jsdom implements it)
import { LOGO_FONTS, LOGO_ICONS, LOGO_STYLES, type LogoStyle } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { LOGO_ICON_PATHS } from './listings.logo.icons.ts';
import { fitText, initialsOf } from './listings.logo.parts.ts';
import { type LogoRenderInput, renderLogoSvg } from './listings.logo.ts';

/** Parses the SVG as strict XML (a parse error fails the test) and returns its root. */
function parse(svg: string): Element {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc.documentElement;
}

const ALLOWED_ELEMENTS = new Set([
  'svg',
  'title',
  'defs',
  'g',
  'rect',
  'circle',
  'path',
  'polygon',
  'text',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
]);

/** Every element and attribute of the logo, checked against what a safe static image needs. */
function assertSafe(svg: string): Element {
  const root = parse(svg);
  expect(root.localName).toBe('svg');
  expect(root.namespaceURI).toBe('http://www.w3.org/2000/svg');
  for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
    expect(ALLOWED_ELEMENTS.has(el.localName), `element <${el.localName}>`).toBe(true);
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.toLowerCase().startsWith('on'), `event attribute ${attr.name}`).toBe(false);
      expect(attr.name.includes('href'), `link attribute ${attr.name}`).toBe(false);
      expect(attr.name).not.toBe('style');
      // References stay inside the document: url(#id) only.
      for (const m of attr.value.matchAll(/url\(([^)]*)\)/g)) expect(m[1]).toMatch(/^#[\w-]+$/);
      if (['fill', 'stroke', 'stop-color'].includes(attr.name) && !attr.value.startsWith('url(')) {
        expect(attr.value, `${attr.name} on <${el.localName}>`).toMatch(/^(#[0-9a-f]{6}|none)$/);
      }
    }
  }
  expect(svg).not.toMatch(/<script|foreignObject|javascript:|<!ENTITY|<!DOCTYPE/i);
  return root;
}

function texts(root: Element): string[] {
  return Array.from(root.getElementsByTagName('text')).map((t) => t.textContent ?? '');
}

const base: Omit<LogoRenderInput, 'style'> = { domain: 'example.com' };

describe('renderLogoSvg', () => {
  it.each(LOGO_STYLES)('%s: a safe, accessible, well-formed SVG showing the domain', (style) => {
    const root = assertSafe(renderLogoSvg({ ...base, style }));
    expect(root.getAttribute('role')).toBe('img');
    expect(root.getAttribute('viewBox')).toBe('0 0 480 240');
    const title = root.getElementsByTagName('title')[0];
    expect(title?.textContent).toBe('example.com');
    expect(root.getAttribute('aria-labelledby')).toBe(title?.getAttribute('id'));
    expect(texts(root)).toContain('example.com');
  });

  it.each(LOGO_STYLES)('%s: hostile text stays text (escaped, no element, no attribute)', (style) => {
    const hostile = `</text><script>alert(1)</script><a href="javascript:x" onload='y'>&amp;"\u0000\u202e`;
    const svg = renderLogoSvg({ ...base, style, text: hostile });
    const root = assertSafe(svg);
    expect(root.getElementsByTagName('script')).toHaveLength(0);
    expect(root.getElementsByTagName('a')).toHaveLength(0);
    // The words survive as characters (cut to fit, the control and bidi characters dropped).
    const shown = texts(root).find((t) => t.startsWith('</text>'));
    expect(shown).toBeDefined();
    expect(shown?.includes('\u0000') || shown?.includes('\u202e')).toBe(false);
  });

  it('refuses colours and choices that are not in the contract, falling back to the defaults', () => {
    const svg = renderLogoSvg({
      ...base,
      style: 'icon_text',
      foreground: 'red;"><script>',
      background: 'url(http://evil.example/x)',
      font: 'Comic Sans" onload="x' as never,
      icon: '../../etc/passwd' as never,
    });
    const root = assertSafe(svg);
    expect(svg).not.toContain('evil.example');
    expect(svg).not.toContain('Comic');
    expect(root.getElementsByTagName('path')[0]?.getAttribute('d')).toBe(LOGO_ICON_PATHS.spark);
  });

  it('uses the chosen colours, font and icon', () => {
    for (const font of LOGO_FONTS) {
      const root = assertSafe(
        renderLogoSvg({
          ...base,
          style: 'icon_text',
          foreground: '#AA0011',
          background: '#00FF00',
          font,
          icon: 'rocket',
        }),
      );
      expect(root.getElementsByTagName('rect')[0]?.getAttribute('fill')).toBe('#00ff00');
      const text = root.getElementsByTagName('text')[0];
      expect(text?.getAttribute('fill')).toBe('#aa0011');
      expect(text?.getAttribute('font-family')).toMatch(font === 'mono' ? /monospace$/ : /(sans-serif|serif)$/);
      expect(root.getElementsByTagName('path')[0]?.getAttribute('d')).toBe(LOGO_ICON_PATHS.rocket);
    }
  });

  it('every bundled icon renders', () => {
    expect(Object.keys(LOGO_ICON_PATHS).sort()).toEqual([...LOGO_ICONS].sort());
    for (const icon of LOGO_ICONS) {
      const root = assertSafe(renderLogoSvg({ ...base, style: 'icon_text', icon }));
      expect(root.getElementsByTagName('path')[0]?.getAttribute('d')).toMatch(/^M[\d .,A-Za-z-]+$/);
    }
  });

  it.each(LOGO_STYLES)('%s: a long name is fitted to the width, or cut with an ellipsis', (style: LogoStyle) => {
    const long = `${'a-very-long-name-'.repeat(14)}x.com`;
    const root = assertSafe(renderLogoSvg({ domain: long, style }));
    const wordmark = Array.from(root.getElementsByTagName('text')).find((t) => (t.textContent ?? '').length > 3);
    expect(wordmark?.textContent?.endsWith('…')).toBe(true);
    expect(Number(wordmark?.getAttribute('font-size'))).toBeGreaterThanOrEqual(16);
    // The title still names the whole domain.
    expect(root.getElementsByTagName('title')[0]?.textContent).toBe(long);
  });

  it('CJK: an IDN shows in Unicode, its characters count as full-width, surrogate pairs stay whole', () => {
    const root = assertSafe(renderLogoSvg({ domain: 'xn--fiqs8s.com', style: 'text' }));
    expect(root.getElementsByTagName('title')[0]?.textContent).toBe('中国.com');
    expect(texts(root)).toContain('中国.com');
    // Wide characters get a smaller size than the same count of Latin letters.
    const cjk = fitText(Array.from('中文域名中文域名中文域名'), 'sans', 400, 200);
    const latin = fitText(Array.from('abcdefghijkl'), 'sans', 400, 200);
    expect(cjk.size).toBeLessThan(latin.size);
    // 40 characters from outside the BMP (𠀀): cut by code points, never half a pair.
    const cut = fitText(Array.from('𠀀'.repeat(40)), 'sans', 300, 96);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(cut.text.replace('…', '')).toMatch(/^(\u{20000})+$/u);
    const badge = assertSafe(renderLogoSvg({ domain: 'xn--fiqs8s.com', style: 'badge' }));
    expect(texts(badge)[0]).toBe('中');
  });

  it('initials: the first letters of the first two words of the name', () => {
    expect(initialsOf('example.com')).toBe('E');
    expect(initialsOf('my-shop.com')).toBe('MS');
    expect(initialsOf('Acme corp')).toBe('AC');
    expect(initialsOf('中国.com')).toBe('中');
  });

  it('ai: the same inputs give the same SVG; another seed or domain gives another composition', () => {
    const a = renderLogoSvg({ ...base, style: 'ai', seed: 42 });
    expect(renderLogoSvg({ ...base, style: 'ai', seed: 42 })).toBe(a);
    const seeds = new Set([0, 1, 2, 3, 4, 5, 6, 7].map((seed) => renderLogoSvg({ ...base, style: 'ai', seed })));
    expect(seeds.size).toBe(8);
    expect(renderLogoSvg({ domain: 'example.net', style: 'ai', seed: 42 })).not.toBe(a);
    // Background colours vary across seeds (a palette per seed, not one palette re-used).
    const grounds = new Set(
      [10, 11, 12, 13, 14, 15].map((seed) => {
        const root = assertSafe(renderLogoSvg({ ...base, style: 'ai', seed }));
        return root.getElementsByTagName('stop')[0]?.getAttribute('stop-color');
      }),
    );
    expect(grounds.size).toBeGreaterThan(3);
  });

  it('ai: a rich composition — gradients, layered shapes, a monogram and the wordmark', () => {
    const root = assertSafe(renderLogoSvg({ domain: 'my-shop.com', style: 'ai', seed: 9 }));
    expect(root.getElementsByTagName('linearGradient').length).toBeGreaterThanOrEqual(1);
    expect(root.getElementsByTagName('radialGradient')).toHaveLength(1);
    const shapes = root.querySelectorAll('g circle, g rect, g polygon, g path');
    expect(shapes.length).toBeGreaterThanOrEqual(6);
    expect(texts(root)).toEqual(['MS', 'my-shop.com']);
    // Gradient ids are unique to the logo (two logos inlined in one page do not collide).
    const ids = Array.from(root.querySelectorAll('[id]')).map((e) => e.getAttribute('id'));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
