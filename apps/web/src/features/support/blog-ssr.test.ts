// @vitest-environment node
import { type Announcement, ERROR_CATALOGUE, type SsrRequest, SUCCESS_CODE } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { render } from '../../ssr/entry-server.tsx';

const TEMPLATE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <!--head--><title>NameBourse</title><!--/head-->
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const ANNOUNCEMENT: Announcement = {
  slug: 'maintenance-on-friday',
  titleZh: '周五系统维护',
  titleEn: 'Maintenance on Friday',
  summaryZh: '周五 22:00 起维护两小时。',
  summaryEn: 'Two hours of maintenance from 22:00 on Friday.',
  publishedAt: '2026-11-25T02:00:00.000Z',
  updatedAt: '2026-11-25T02:00:00.000Z',
  bodyZh: '## 影响\n\n拍卖照常结束。',
  bodyEn: '## What it affects\n\nAuctions end as usual.',
};

function envelope(data: unknown): Response {
  return Response.json({ code: SUCCESS_CODE, message: 'success', data });
}

/** The server's own routes as the renderer calls them: one published announcement. */
const api = (async (input: Parameters<typeof fetch>[0]) => {
  const path = new URL(String(input), 'http://localhost').pathname;
  if (path === '/api/announcements') return envelope({ items: [ANNOUNCEMENT], total: 1, page: 1, pageSize: 100 });
  if (path === `/api/announcements/${ANNOUNCEMENT.slug}`) return envelope(ANNOUNCEMENT);
  if (path.startsWith('/api/announcements/')) {
    return Response.json(
      { code: 'Announcement.NotFound', message: ERROR_CATALOGUE['Announcement.NotFound']['en-US'], data: null },
      { status: 404 },
    );
  }
  if (path === '/api/account/check-login') return envelope({ accountNo: '', nickname: '' });
  if (path === '/api/auctions/hot' || path === '/api/auctions/top-deals') return envelope([]);
  return Response.json({ code: 'Request.NotFound', message: 'not found', data: null }, { status: 404 });
}) as typeof fetch;

const request = (url: string): SsrRequest => ({ url, origin: 'https://namebourse.example', headers: {}, api });

describe('announcements rendered on the server', { timeout: 30_000 }, () => {
  it('renders a published announcement with its title, description and Markdown', async () => {
    const result = await render(request('/help-center/blog/maintenance-on-friday?lng=en-US'), TEMPLATE);
    expect(result.status).toBe(200);
    expect(result.rendered).toBe(true);
    expect(result.html).toContain('<title>Maintenance on Friday - NameBourse</title>');
    expect(result.html).toContain(
      '<meta name="description" content="Two hours of maintenance from 22:00 on Friday." />',
    );
    expect(result.html).toContain('<meta property="og:type" content="article" />');
    expect(result.html).toMatch(/<h2[^>]*>What it affects<\/h2>/);
  });

  it('answers 404 for an announcement that is not published, and for a malformed address', async () => {
    for (const url of ['/help-center/blog/never-published?lng=en-US', '/help-center/blog/Bad%20Slug?lng=en-US']) {
      const result = await render(request(url), TEMPLATE);
      expect(result.status, url).toBe(404);
      expect(result.html, url).toContain('Page not found');
    }
  });

  it('lists it in the blog and on the home page, in Chinese on the Chinese site', async () => {
    const blog = await render(request('/help-center/blog?lng=zh-CN'), TEMPLATE);
    expect(blog.status).toBe(200);
    expect(blog.html).toContain('周五系统维护');
    expect(blog.html).toContain('href="/help-center/blog/maintenance-on-friday"');
    const home = await render(request('/?lng=zh-CN'), TEMPLATE);
    expect(home.html).toContain('data-testid="home-announcements"');
    expect(home.html).toContain('周五系统维护');
  });

  it('renders contact us on the server with an empty form for a visitor', async () => {
    const result = await render(request('/contact-us?lng=en-US'), TEMPLATE);
    expect(result.status).toBe(200);
    expect(result.rendered).toBe(true);
    expect(result.html).toContain('Send us a message');
  });
});
