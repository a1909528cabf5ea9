import {
  LOGO_FONTS,
  LOGO_ICONS,
  LOGO_STYLES,
  type LogoFont,
  type LogoIcon,
  type LogoStyle,
} from '@namebourse/contract';
import { LOGO_ICON_PATHS } from './listings.logo.icons.ts';
import {
  cleanText,
  displayDomain,
  escapeXml,
  type FittedText,
  fitText,
  generator,
  hash32,
  hsl,
  hueOf,
  initialsOf,
  luminance,
  round,
} from './listings.logo.parts.ts';

/**
 * Generated logos (issue 16, spec §3): pure SVG rendering from the domain name and the seller's
 * choices, no outside service. The output is self-contained and safe to serve as `image/svg+xml`:
 * - every text is XML-escaped and stripped of characters XML cannot carry;
 * - colours are only `#rrggbb` (anything else falls back to the style's default);
 * - fonts are one of LOGO_FONTS mapped to fixed font-family stacks (with CJK fallbacks);
 * - icons come from the bundled path table; nothing a caller passes becomes an element, an
 *   attribute name, a URL or a style: no <script>, no foreignObject, no href, no event attribute.
 * Text is fitted to the width by an estimate of glyph widths (CJK counts as a full em), cut with
 * an ellipsis when even the smallest size does not fit.
 */

export const LOGO_WIDTH = 480;
export const LOGO_HEIGHT = 240;

export interface LogoRenderInput {
  /** The listing's domain (ASCII or punycode labels are shown in Unicode). */
  domain: string;
  style: LogoStyle;
  /** Shown text; defaults to the domain. */
  text?: string | undefined;
  foreground?: string | undefined;
  background?: string | undefined;
  font?: LogoFont | undefined;
  icon?: LogoIcon | undefined;
  /** 'AI' only: the composition's seed (default 0). */
  seed?: number | undefined;
}

const FONT_STACKS: Readonly<Record<LogoFont, string>> = {
  sans: "'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  serif: "Georgia, 'Times New Roman', 'Songti SC', SimSun, 'Noto Serif CJK SC', serif",
  mono: "Menlo, Consolas, 'DejaVu Sans Mono', 'Noto Sans Mono CJK SC', monospace",
  rounded: "'Arial Rounded MT Bold', 'Hiragino Maru Gothic ProN', 'Yuanti SC', 'Varela Round', sans-serif",
};

const DEFAULTS: Readonly<Record<LogoStyle, { foreground: string; background: string; font: LogoFont }>> = {
  text: { foreground: '#1a237e', background: '#ffffff', font: 'sans' },
  icon_text: { foreground: '#0d47a1', background: '#ffffff', font: 'sans' },
  badge: { foreground: '#00695c', background: '#ffffff', font: 'rounded' },
  ai: { foreground: '#ffffff', background: '#311b92', font: 'sans' },
};

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A `#rrggbb` colour (lowercased), or the fallback. */
export function safeColour(value: string | undefined, fallback: string): string {
  return value !== undefined && HEX_COLOUR.test(value) ? value.toLowerCase() : fallback;
}

// ---- pieces ----

interface Resolved {
  domain: string;
  chars: string[];
  initials: string;
  fg: string;
  bg: string;
  font: LogoFont;
  family: string;
  icon: LogoIcon;
  seed: number;
  /** A short suffix for ids (gradients, clips) so two logos inlined in one page do not collide. */
  uid: string;
}

function resolve(input: LogoRenderInput): Resolved {
  const style: LogoStyle = (LOGO_STYLES as readonly string[]).includes(input.style) ? input.style : 'text';
  const defaults = DEFAULTS[style];
  const domain = displayDomain(input.domain);
  const requested = input.text === undefined ? [] : cleanText(input.text);
  const chars = requested.length > 0 ? requested : cleanText(domain);
  const font: LogoFont =
    input.font !== undefined && (LOGO_FONTS as readonly string[]).includes(input.font) ? input.font : defaults.font;
  const icon: LogoIcon =
    input.icon !== undefined && (LOGO_ICONS as readonly string[]).includes(input.icon) ? input.icon : 'spark';
  const seed = Number.isSafeInteger(input.seed) ? (input.seed as number) : 0;
  const fg = safeColour(input.foreground, defaults.foreground);
  const bg = safeColour(input.background, defaults.background);
  const uid = hash32(`${style}|${domain}|${chars.join('')}|${fg}|${bg}|${font}|${icon}|${seed}`)
    .toString(36)
    .slice(0, 6);
  return {
    domain,
    chars,
    initials: initialsOf(requested.length > 0 ? requested.join('') : domain),
    fg,
    bg,
    font,
    family: FONT_STACKS[font],
    icon,
    seed,
    uid,
  };
}

function textElement(
  fitted: FittedText,
  x: number,
  y: number,
  fill: string,
  family: string,
  anchor: 'start' | 'middle',
  extra = '',
): string {
  return (
    `<text x="${round(x)}" y="${round(y)}" font-family="${escapeXml(family)}" font-size="${fitted.size}" ` +
    `font-weight="700" fill="${fill}" text-anchor="${anchor}" dominant-baseline="central"${extra}>` +
    `${escapeXml(fitted.text)}</text>`
  );
}

function iconElement(icon: LogoIcon, x: number, y: number, size: number, fill: string): string {
  const s = round(size / 24);
  return `<path transform="translate(${round(x)} ${round(y)}) scale(${s})" fill="${fill}" fill-rule="evenodd" d="${LOGO_ICON_PATHS[icon]}"/>`;
}

function frame(r: Resolved, body: string, defs = ''): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${LOGO_WIDTH} ${LOGO_HEIGHT}" ` +
    `width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" role="img" aria-labelledby="logo-title-${r.uid}">` +
    `<title id="logo-title-${r.uid}">${escapeXml(r.domain)}</title>` +
    (defs ? `<defs>${defs}</defs>` : '') +
    body +
    '</svg>'
  );
}

const PAD = 32;

// ---- styles ----

/** A wordmark: the name centred on the background, with a short accent rule under it. */
function renderText(r: Resolved): string {
  const fitted = fitText(r.chars, r.font, LOGO_WIDTH - 2 * PAD, 96);
  const ruleWidth = Math.min(fitted.width, 120);
  const ruleY = LOGO_HEIGHT / 2 + fitted.size * 0.62;
  return frame(
    r,
    `<rect width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" rx="24" fill="${r.bg}"/>` +
      textElement(fitted, LOGO_WIDTH / 2, LOGO_HEIGHT / 2 - 6, r.fg, r.family, 'middle') +
      `<rect x="${round((LOGO_WIDTH - ruleWidth) / 2)}" y="${round(ruleY)}" width="${round(ruleWidth)}" height="4" rx="2" fill="${r.fg}" opacity="0.35"/>`,
  );
}

/** An icon from the bundled set beside the wordmark, the pair centred. */
function renderIconText(r: Resolved): string {
  const iconSize = 88;
  const gap = 20;
  const fitted = fitText(r.chars, r.font, LOGO_WIDTH - 2 * PAD - iconSize - gap, 80);
  const total = iconSize + gap + fitted.width;
  const left = Math.max(PAD, (LOGO_WIDTH - total) / 2);
  return frame(
    r,
    `<rect width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" rx="24" fill="${r.bg}"/>` +
      iconElement(r.icon, left, (LOGO_HEIGHT - iconSize) / 2, iconSize, r.fg) +
      textElement(fitted, left + iconSize + gap, LOGO_HEIGHT / 2, r.fg, r.family, 'start'),
  );
}

/** A pill-shaped badge in the foreground colour: a seal with the initials, then the name. */
function renderBadge(r: Resolved): string {
  const top = 52;
  const height = LOGO_HEIGHT - 2 * top;
  const sealR = height / 2 - 14;
  const sealX = PAD + 14 + sealR;
  const cy = LOGO_HEIGHT / 2;
  const initials = fitText(Array.from(r.initials), r.font, sealR * 1.5, 64, 12);
  const nameLeft = sealX + sealR + 20;
  const fitted = fitText(r.chars, r.font, LOGO_WIDTH - PAD - 28 - nameLeft, 56);
  return frame(
    r,
    `<rect width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" rx="24" fill="${r.bg}"/>` +
      `<rect x="${PAD}" y="${top}" width="${LOGO_WIDTH - 2 * PAD}" height="${height}" rx="${height / 2}" fill="${r.fg}"/>` +
      `<rect x="${PAD + 6}" y="${top + 6}" width="${LOGO_WIDTH - 2 * PAD - 12}" height="${height - 12}" rx="${height / 2 - 6}" fill="none" stroke="${r.bg}" stroke-width="2" opacity="0.5"/>` +
      `<circle cx="${round(sealX)}" cy="${cy}" r="${round(sealR)}" fill="${r.bg}"/>` +
      textElement(initials, sealX, cy, r.fg, r.family, 'middle') +
      textElement(fitted, nameLeft, cy, r.bg, r.family, 'start'),
  );
}

/**
 * The 'AI' composition: a palette drawn from the seed (and the domain), a gradient ground with a
 * glow, layered translucent shapes (circles, rings, rotated squares, triangles, arcs, a dot grid),
 * a monogram emblem and the wordmark. Deterministic: the same inputs give the same SVG.
 */
function renderAi(r: Resolved, requestedBackground: boolean, requestedForeground: boolean): string {
  const rand = generator(hash32(`${r.seed}|${r.domain}|${r.chars.join('')}`));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const between = (a: number, b: number) => a + rand() * (b - a);

  const baseHue = requestedBackground ? hueOf(r.bg) : between(0, 360);
  const scheme = pick([
    [0, 30, 60],
    [0, 150, 180],
    [0, 120, 240],
    [0, -30, 200],
    [0, 40, 200],
  ] as const);
  const palette = scheme.map((offset, i) =>
    hsl(baseHue + offset, between(0.55, 0.85), i === 0 ? 0.32 : between(0.45, 0.65)),
  );
  const [c0, c1, c2] = palette as [string, string, string];
  const ground0 = requestedBackground ? r.bg : hsl(baseHue, between(0.55, 0.8), between(0.16, 0.26));
  const ground1 = hsl(baseHue + scheme[1], between(0.5, 0.8), between(0.3, 0.42));
  const ink = requestedForeground ? r.fg : luminance(ground0) > 0.35 ? '#111111' : '#ffffff';

  const angle = Math.floor(between(0, 360));
  const g = `ai-ground-${r.uid}`;
  const glow = `ai-glow-${r.uid}`;
  const clip = `ai-clip-${r.uid}`;
  const emblemFill = `ai-emblem-${r.uid}`;
  const glowX = round(between(0.15, 0.85));
  const glowY = round(between(0.1, 0.9));
  const defs =
    `<linearGradient id="${g}" gradientTransform="rotate(${angle} 0.5 0.5)">` +
    `<stop offset="0" stop-color="${ground0}"/><stop offset="1" stop-color="${ground1}"/></linearGradient>` +
    `<radialGradient id="${glow}" cx="${glowX}" cy="${glowY}" r="0.6">` +
    `<stop offset="0" stop-color="${c2}" stop-opacity="0.55"/><stop offset="1" stop-color="${c2}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${emblemFill}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c0}"/></linearGradient>` +
    `<clipPath id="${clip}"><rect width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" rx="24"/></clipPath>`;

  const shapes: string[] = [];
  const count = 6 + Math.floor(rand() * 5);
  for (let i = 0; i < count; i++) {
    const colour = pick(palette);
    const x = round(between(-40, LOGO_WIDTH + 40));
    const y = round(between(-40, LOGO_HEIGHT + 40));
    const size = round(between(24, 150));
    const opacity = round(between(0.12, 0.45));
    const kind = pick(['circle', 'ring', 'square', 'triangle', 'arc'] as const);
    if (kind === 'circle')
      shapes.push(`<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${colour}" opacity="${opacity}"/>`);
    else if (kind === 'ring')
      shapes.push(
        `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="none" stroke="${colour}" stroke-width="${round(between(3, 12))}" opacity="${opacity}"/>`,
      );
    else if (kind === 'square')
      shapes.push(
        `<rect x="${round(x - size / 2)}" y="${round(y - size / 2)}" width="${size}" height="${size}" rx="${round(size * 0.18)}" ` +
          `transform="rotate(${Math.floor(between(0, 90))} ${x} ${y})" fill="${colour}" opacity="${opacity}"/>`,
      );
    else if (kind === 'triangle') {
      const rot = between(0, Math.PI * 2);
      const pts = [0, 1, 2]
        .map((k) => {
          const a = rot + (k * Math.PI * 2) / 3;
          return `${round(x + Math.cos(a) * size * 0.6)},${round(y + Math.sin(a) * size * 0.6)}`;
        })
        .join(' ');
      shapes.push(`<polygon points="${pts}" fill="${colour}" opacity="${opacity}"/>`);
    } else {
      const rr = size / 2;
      shapes.push(
        `<path d="M${round(x - rr)} ${y} A${rr} ${rr} 0 0 1 ${round(x + rr)} ${y}" fill="none" stroke="${colour}" ` +
          `stroke-width="${round(between(4, 14))}" stroke-linecap="round" opacity="${opacity}"/>`,
      );
    }
  }
  // A faint dot grid in one corner.
  const dots: string[] = [];
  const gx = rand() < 0.5 ? LOGO_WIDTH - 120 : 24;
  const gy = rand() < 0.5 ? 20 : LOGO_HEIGHT - 76;
  for (let row = 0; row < 4; row++)
    for (let col = 0; col < 6; col++) dots.push(`<circle cx="${gx + col * 16}" cy="${gy + row * 16}" r="2"/>`);

  // The monogram emblem: a circle, a hexagon or a rounded square holding the initials.
  const ex = 104;
  const ey = LOGO_HEIGHT / 2;
  const er = 60;
  const emblemShape = pick(['circle', 'hexagon', 'squircle'] as const);
  const emblem =
    emblemShape === 'circle'
      ? `<circle cx="${ex}" cy="${ey}" r="${er}" fill="url(#${emblemFill})"/>`
      : emblemShape === 'hexagon'
        ? `<polygon points="${[0, 1, 2, 3, 4, 5]
            .map((k) => {
              const a = Math.PI / 6 + (k * Math.PI) / 3;
              return `${round(ex + Math.cos(a) * er)},${round(ey + Math.sin(a) * er)}`;
            })
            .join(' ')}" fill="url(#${emblemFill})"/>`
        : `<rect x="${ex - er}" y="${ey - er}" width="${er * 2}" height="${er * 2}" rx="${er * 0.42}" fill="url(#${emblemFill})"/>`;
  const monogram = fitText(Array.from(r.initials), r.font, er * 1.3, 60, 12);
  const nameLeft = ex + er + 24;
  const fitted = fitText(r.chars, r.font, LOGO_WIDTH - PAD - nameLeft, 58);

  return frame(
    r,
    `<g clip-path="url(#${clip})">` +
      `<rect width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" fill="url(#${g})"/>` +
      `<rect width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" fill="url(#${glow})"/>` +
      shapes.join('') +
      `<g fill="${ink}" opacity="0.18">${dots.join('')}</g>` +
      '</g>' +
      emblem +
      `<circle cx="${ex}" cy="${ey}" r="${er - 8}" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.35"/>` +
      textElement(monogram, ex, ey, '#ffffff', r.family, 'middle') +
      textElement(fitted, nameLeft, ey, ink, r.family, 'start'),
    defs,
  );
}

/** The logo as a self-contained SVG document (see the file's header for what it guarantees). */
export function renderLogoSvg(input: LogoRenderInput): string {
  const r = resolve(input);
  switch (input.style) {
    case 'icon_text':
      return renderIconText(r);
    case 'badge':
      return renderBadge(r);
    case 'ai':
      return renderAi(
        r,
        input.background !== undefined && HEX_COLOUR.test(input.background),
        input.foreground !== undefined && HEX_COLOUR.test(input.foreground),
      );
    default:
      return renderText(r);
  }
}
