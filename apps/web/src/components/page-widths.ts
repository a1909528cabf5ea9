/**
 * How wide each kind of page's content grows (px, padding included). The top bar and the footer
 * take the width of the page they frame, so the logo lines up with the page's left edge.
 */
export const PAGE_WIDTHS = {
  /** Most pages (MUI's `lg`). */
  site: 1200,
  /** The /sale list, a wide table (the theme's `xl`). */
  sale: 1442,
  /** The user console (/console/…). */
  console: 1320,
  /** The operator console (/admin/…). */
  operator: 1400,
} as const;

/**
 * For a large block below the first screen (the home page's later sections): the browser skips its
 * layout and paint until it nears the viewport (`content-visibility: auto`), which a phone feels at load. It stays
 * in the accessibility tree and in find-in-page; `auto` in the intrinsic size remembers the real height.
 */
export const BELOW_THE_FOLD = skippedOffscreen(640);

/**
 * `content-visibility: auto` for a block of about `heightPx` that is often off the first screen (one card of
 * a long list on a phone, the footer): its estimated height holds its place in the scroll until it is laid out.
 */
export function skippedOffscreen(heightPx: number) {
  return { contentVisibility: 'auto', containIntrinsicSize: `auto ${heightPx}px` } as const;
}
