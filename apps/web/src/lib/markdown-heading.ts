/** Heading ids of rendered Markdown (`## Deposits {#deposits}`), shared by every page that renders Markdown. */

/** URL-fragment id for a heading without an explicit `{#id}`; keeps letters of any script. */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

const HEADING_ID = /\s*\{#([A-Za-z0-9_-]+)\}\s*$/;

/** Splits `Title {#id}` into its text and id (the id is slugified from the text when absent). */
export function splitHeadingId(raw: string): { text: string; id: string } {
  const match = HEADING_ID.exec(raw);
  if (match) return { text: raw.slice(0, match.index).trim(), id: match[1] ?? slugify(raw) };
  return { text: raw.trim(), id: slugify(raw) };
}
