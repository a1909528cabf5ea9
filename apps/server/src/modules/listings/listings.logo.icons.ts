import type { LogoIcon } from '@namebourse/contract';

/** A full circle as path data (two half arcs), so an icon stays one path. */
function circle(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy} A${r} ${r} 0 1 0 ${cx + r} ${cy} A${r} ${r} 0 1 0 ${cx - r} ${cy} Z`;
}

/**
 * The bundled icon set of generated logos (LOGO_ICONS): simple geometric paths drawn for this
 * project on a 24 × 24 grid (no third-party artwork). Each is filled with the logo's foreground
 * colour; `evenodd` lets a shape carry holes. Only path data lives here: the renderer wraps it, so
 * nothing from this table can add attributes or elements.
 */
export const LOGO_ICON_PATHS: Readonly<Record<LogoIcon, string>> = {
  // A four-pointed sparkle with a small one beside it.
  spark:
    'M10 2 L12 8 L18 10 L12 12 L10 18 L8 12 L2 10 L8 8 Z ' +
    'M19 14 L20 17 L23 18 L20 19 L19 22 L18 19 L15 18 L18 17 Z',
  // A globe: a disc cut by the equator and two meridians into six pieces (none overlaps another).
  globe:
    'M12 2 A10 10 0 0 0 2.03 11.2 L7.42 11.2 A4.6 10 0 0 1 12 2 Z ' +
    'M12 2 A3.2 10 0 0 0 8.81 11.2 L15.19 11.2 A3.2 10 0 0 0 12 2 Z ' +
    'M12 2 A10 10 0 0 1 21.97 11.2 L16.58 11.2 A4.6 10 0 0 0 12 2 Z ' +
    'M12 22 A10 10 0 0 1 2.03 12.8 L7.42 12.8 A4.6 10 0 0 0 12 22 Z ' +
    'M12 22 A3.2 10 0 0 1 8.81 12.8 L15.19 12.8 A3.2 10 0 0 1 12 22 Z ' +
    'M12 22 A10 10 0 0 0 21.97 12.8 L16.58 12.8 A4.6 10 0 0 1 12 22 Z',
  // A leaf: two arcs meeting at the tips, a stem and a vein cut out.
  leaf: 'M4 20 Q4 6 20 4 Q20 18 6 20 L4 22 L3 21 Z M6.5 18 L16 8.5 L15.3 7.8 L5.8 17.3 Z',
  // A lightning bolt.
  bolt: 'M14 1 L4 14 L11 14 L9 23 L20 9 L13 9 Z',
  // A five-pointed star (outer radius 10, inner 4, centred at 12,12.5).
  star: 'M12 2.5 L14.35 9.26 L21.51 9.41 L15.8 13.74 L17.88 20.59 L12 16.5 L6.12 20.59 L8.2 13.74 L2.49 9.41 L9.65 9.26 Z',
  // A shield with a check mark cut out.
  shield:
    'M12 1.5 L21 5 L21 11 Q21 19 12 22.5 Q3 19 3 11 L3 5 Z ' +
    'M7.5 11.5 L10.5 14.5 L16.5 8.5 L15 7 L10.5 11.5 L9 10 Z',
  // An isometric cube: three faces, the seams cut out.
  cube:
    'M12 2 L21 7 L21 17 L12 22 L3 17 L3 7 Z ' +
    'M12 11 L5 7.2 L4.5 8.1 L11.5 12 L11.5 21 L12.5 21 L12.5 12 L19.5 8.1 L19 7.2 Z',
  // Two waves: bands between two parallel curves.
  wave:
    'M2 9 C6 5 8 5 12 9 S18 13 22 9 L22 12 C18 16 16 16 12 12 S6 8 2 12 Z ' +
    'M2 15 C6 11 8 11 12 15 S18 19 22 15 L22 18 C18 22 16 22 12 18 S6 14 2 18 Z',
  // A heart from two arcs and a point.
  heart: 'M12 21 L3.5 12.5 A5 5 0 0 1 12 5.5 A5 5 0 0 1 20.5 12.5 Z',
  // A rocket: body with a window, fins and a flame.
  rocket:
    'M12 1 Q17 5 16 14 L8 14 Q7 5 12 1 Z ' +
    `${circle(12, 7.5, 2)} ` +
    'M8 10 L4 15 L4 18 L8 15 Z M16 10 L20 15 L20 18 L16 15 Z ' +
    'M10 15 L14 15 L12 22 Z',
  // A bar chart on a base line, with a rising line above it.
  chart:
    'M3 20 L21 20 L21 22 L3 22 Z M4 14 L7 14 L7 19 L4 19 Z M9 11 L12 11 L12 19 L9 19 Z ' +
    'M14 8 L17 8 L17 19 L14 19 Z M19 4 L21 4 L21 19 L19 19 Z ' +
    'M3 10 L9 5 L13 7 L19 2 L20 3 L13 8.7 L9 6.7 L4 11 Z',
  // A speech bubble with three dots cut out.
  chat:
    'M4 3 L20 3 Q22 3 22 5 L22 15 Q22 17 20 17 L10 17 L5 21 L6 17 L4 17 Q2 17 2 15 L2 5 Q2 3 4 3 Z ' +
    `${circle(7, 10, 1.5)} ${circle(12, 10, 1.5)} ${circle(17, 10, 1.5)}`,
};
