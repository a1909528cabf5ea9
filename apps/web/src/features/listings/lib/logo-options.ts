import type { LogoBody, LogoFont, LogoIcon, LogoStyle } from '@namebourse/contract';

/** The choices of a generated logo, as the designer holds them. */
export interface LogoOptions {
  style: LogoStyle;
  foreground: string;
  background: string;
  font: LogoFont;
  icon: LogoIcon;
  /** Shown text; empty means the domain's name. */
  text: string;
}

export const DEFAULT_LOGO_OPTIONS: LogoOptions = {
  style: 'text',
  foreground: '#1d4ed8',
  background: '#ffffff',
  font: 'sans',
  icon: 'spark',
  text: '',
};

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The request body for these options (icon only where the style draws one; text only when given). */
export function logoBodyOf(options: LogoOptions, preview: boolean): LogoBody {
  const text = options.text.trim();
  return {
    style: options.style,
    ...(HEX.test(options.foreground) ? { foreground: options.foreground } : {}),
    ...(HEX.test(options.background) ? { background: options.background } : {}),
    font: options.font,
    ...(options.style === 'icon_text' || options.style === 'badge' ? { icon: options.icon } : {}),
    ...(text ? { text } : {}),
    preview,
  };
}

/** An SVG answer as an <img> source: shown as an image, so nothing in it runs in the page. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A new 'AI' composition's seed. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
