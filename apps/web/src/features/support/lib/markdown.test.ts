import { describe, expect, it } from 'vitest';
import { extractHeadings, parseFaq, parseFrontMatter, slugify, splitHeadingId } from './markdown.ts';

describe('parseFrontMatter', () => {
  it('reads key/value pairs and strips quotes', () => {
    const { meta, body } = parseFrontMatter('---\ntitle: "Hello: world"\ndate: 2026-01-02\n---\n\n# Body\n');
    expect(meta).toEqual({ title: 'Hello: world', date: '2026-01-02' });
    expect(body).toBe('# Body\n');
  });

  it('handles CRLF line endings and a BOM', () => {
    const { meta, body } = parseFrontMatter('\uFEFF---\r\ntitle: A\r\n---\r\nText');
    expect(meta.title).toBe('A');
    expect(body).toBe('Text');
  });

  it('returns the whole text when there is no front matter', () => {
    expect(parseFrontMatter('Just text')).toEqual({ meta: {}, body: 'Just text' });
    expect(parseFrontMatter('---\nunterminated')).toEqual({ meta: {}, body: '---\nunterminated' });
  });
});

describe('headings', () => {
  it('uses explicit ids and slugifies otherwise, keeping CJK letters', () => {
    expect(splitHeadingId('Deposits {#deposits}')).toEqual({ text: 'Deposits', id: 'deposits' });
    expect(splitHeadingId('保证金与代理出价')).toEqual({ text: '保证金与代理出价', id: '保证金与代理出价' });
    expect(slugify('  Pay within 72 h!  ')).toBe('pay-within-72-h');
  });

  it('extracts level-2 headings outside code fences', () => {
    const body = '# Title\n## One {#one}\ntext\n```\n## not a heading\n```\n### Sub\n## **Two**\n';
    expect(extractHeadings(body)).toEqual([
      { depth: 2, text: 'One', id: 'one' },
      { depth: 2, text: 'Two', id: 'two' },
    ]);
    expect(extractHeadings(body, [2, 3]).map((h) => h.text)).toEqual(['One', 'Sub', 'Two']);
  });
});

describe('parseFaq', () => {
  it('groups questions under their section with Markdown answers', () => {
    const faq = parseFaq(
      'Intro line.\n\n## Bidding {#bidding}\n\n### Can I withdraw a bid? {#withdraw}\n\nNo.\n\n- but you can exit\n\n### Second\nYes.\n## Payment {#payment}\n### How long? {#window}\n72 hours.\n',
    );
    expect(faq.intro).toBe('Intro line.');
    expect(faq.groups).toHaveLength(2);
    expect(faq.groups[0]).toEqual({
      id: 'bidding',
      title: 'Bidding',
      items: [
        { id: 'withdraw', question: 'Can I withdraw a bid?', answer: 'No.\n\n- but you can exit' },
        { id: 'second', question: 'Second', answer: 'Yes.' },
      ],
    });
    expect(faq.groups[1]?.items[0]).toEqual({ id: 'window', question: 'How long?', answer: '72 hours.' });
  });
});
