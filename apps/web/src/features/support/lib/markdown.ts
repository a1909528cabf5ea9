/**
 * Small, dependency-free helpers for the help-centre Markdown files: front matter, heading ids
 * (`## Deposits {#deposits}`), the table of contents and the FAQ structure.
 */

import { splitHeadingId } from '../../../lib/markdown-heading.ts';

export { slugify, splitHeadingId } from '../../../lib/markdown-heading.ts';

export interface ParsedMarkdown {
  meta: Record<string, string>;
  body: string;
}

/** Splits a `---`-delimited front-matter block (`key: value` lines) from the Markdown body. */
export function parseFrontMatter(source: string): ParsedMarkdown {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!text.startsWith('---\n')) return { meta: {}, body: text };
  const end = text.indexOf('\n---', 4);
  if (end === -1) return { meta: {}, body: text };
  const meta: Record<string, string> = {};
  for (const line of text.slice(4, end).split('\n')) {
    const match = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, key = '', raw = ''] = match;
    meta[key] = raw.trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  const afterFence = text.indexOf('\n', end + 1);
  const body = afterFence === -1 ? '' : text.slice(afterFence + 1);
  return { meta, body: body.replace(/^\n+/, '') };
}

export interface Heading {
  depth: number;
  text: string;
  id: string;
}

/** Every ATX heading outside fenced code, in document order. Inline emphasis markers are dropped. */
export function extractHeadings(body: string, depths: readonly number[] = [2]): Heading[] {
  const headings: Heading[] = [];
  let inFence = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const match = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const depth = match[1]?.length ?? 0;
    if (!depths.includes(depth)) continue;
    const { text, id } = splitHeadingId((match[2] ?? '').replace(/[*_`]/g, ''));
    headings.push({ depth, text, id });
  }
  return headings;
}

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

export interface ParsedFaq {
  intro: string;
  groups: FaqGroup[];
}

/**
 * Reads a FAQ body: `## Group {#id}` headings hold `### Question {#id}` headings, each followed by
 * its Markdown answer. Text before the first group is the introduction.
 */
export function parseFaq(body: string): ParsedFaq {
  const intro: string[] = [];
  const groups: FaqGroup[] = [];
  let group: FaqGroup | undefined;
  let item: { id: string; question: string; lines: string[] } | undefined;

  const closeItem = () => {
    if (item && group) group.items.push({ id: item.id, question: item.question, answer: item.lines.join('\n').trim() });
    item = undefined;
  };

  for (const line of body.split('\n')) {
    const h2 = /^##\s+(.+?)\s*$/.exec(line);
    const h3 = /^###\s+(.+?)\s*$/.exec(line);
    if (h2 && !line.startsWith('###')) {
      closeItem();
      const { text, id } = splitHeadingId(h2[1] ?? '');
      group = { id, title: text, items: [] };
      groups.push(group);
    } else if (h3 && group) {
      closeItem();
      const { text, id } = splitHeadingId(h3[1] ?? '');
      item = { id, question: text, lines: [] };
    } else if (item) {
      item.lines.push(line);
    } else if (!group) {
      intro.push(line);
    }
  }
  closeItem();
  return { intro: intro.join('\n').trim(), groups };
}
