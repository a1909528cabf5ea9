// @vitest-environment node
import { type AuctionDetail, ERROR_CATALOGUE, type SsrRequest, SUCCESS_CODE } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { auctionFixture } from '../lib/testing/fixtures.ts';
import { render, requestLanguage } from './entry-server.tsx';
import { SSR_PAYLOAD_ID, type SsrPayload } from './payload.ts';

/** The app's HTML as Vite builds it (head markers, an empty root, the entry script). */
const TEMPLATE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <!--head--><title>NameBourse 域名交易所</title><!--/head-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const LOT = auctionFixture({ auctionId: '42', domain: 'brave.com', currentPriceCents: 12_345, bidderCount: 4 });

function envelope(data: unknown): Response {
  return Response.json({ code: SUCCESS_CODE, message: 'success', data });
}

/** The API as the server answers it in-process, for the few calls public pages make. */
const api = (async (input: Parameters<typeof fetch>[0]) => {
  const url = new URL(String(input), 'http://localhost');
  const path = url.pathname;
  if (path === '/api/auctions/hot' || path === '/api/auctions/top-deals') return envelope([]);
  if (path === '/api/auctions') {
    return envelope({ items: [], total: 0, totalIsEstimate: false, page: 1, pageSize: 20 });
  }
  if (path === '/api/auctions/42') return envelope(LOT satisfies AuctionDetail);
  if (path.startsWith('/api/auctions/')) {
    return Response.json(
      { code: 'Auction.NotFound', message: ERROR_CATALOGUE['Auction.NotFound']['en-US'], data: null },
      { status: 404 },
    );
  }
  if (path === '/api/account/check-login') return envelope({ accountNo: '', nickname: '' });
  return Response.json({ code: 'Request.NotFound', message: 'not found', data: null }, { status: 404 });
}) as typeof fetch;

function request(url: string, headers: SsrRequest['headers'] = {}): SsrRequest {
  return { url, origin: 'https://namebourse.example', headers, api };
}

function payloadOf(html: string): SsrPayload {
  const match = new RegExp(`<script id="${SSR_PAYLOAD_ID}" type="application/json">([\\s\\S]*?)</script>`).exec(html);
  if (!match?.[1]) throw new Error('no payload');
  return JSON.parse(match[1]) as SsrPayload;
}

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*type="application\/(?:json|ld\+json)")(?![^>]*\bsrc=)[^>]*>/g)].length;

describe('the server renderer', () => {
  it('renders a lot with its domain and price in the title, its head and structured data', async () => {
    const result = await render(request('/sale/42?lng=en-US'), TEMPLATE);
    expect(result.status).toBe(200);
    expect(result.rendered).toBe(true);
    expect(result.html).toContain('<html lang="en-US"');
    expect(result.html).toContain('<title>brave.com — current bid $123.45 - NameBourse</title>');
    expect(result.html).toContain('<link rel="canonical" href="https://namebourse.example/sale/42?lng=en-US" />');
    expect(result.html).toContain('hreflang="zh-CN" href="https://namebourse.example/sale/42?lng=zh-CN"');
    expect(result.html).toContain('hreflang="x-default" href="https://namebourse.example/sale/42"');
    expect(result.html).toContain('<meta property="og:type" content="product" />');
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(result.html)?.[1] ?? '{}';
    expect(JSON.parse(jsonLd)).toMatchObject({
      '@type': 'Product',
      name: 'brave.com',
      offers: { price: '123.45', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    // The page itself, not a loading state; the template's own title replaced.
    expect(result.html).toContain('data-testid="lot-domain"');
    expect(result.html).not.toContain('NameBourse 域名交易所</title>');
  });

  it('answers 404 with the 404 page for an unknown lot, a malformed id and an unknown address', async () => {
    for (const url of ['/sale/999', '/sale/not-a-number', '/no/such/page']) {
      const result = await render(request(url, { 'accept-language': 'en-US,en;q=0.9' }), TEMPLATE);
      expect(result.status, url).toBe(404);
      expect(result.rendered, url).toBe(true);
      expect(result.html, url).toContain('Page not found');
      expect(result.html, url).toContain('<meta name="robots" content="noindex" />');
      // The full footer stays on the 404 page.
      expect(result.html, url).toMatch(/<footer[^>]*aria-label="Site footer"/);
    }
  });

  it('hands the browser what it needs to hydrate: language, texts used, query data, router data', async () => {
    const result = await render(request('/sale/42', { cookie: 'i18next=zh-CN; nb_tz=Asia%2FShanghai' }), TEMPLATE);
    const payload = payloadOf(result.html);
    expect(payload).toMatchObject({ ssr: true, lng: 'zh-CN', timeZone: 'Asia/Shanghai', phone: false });
    expect(Object.keys(payload.i18n['zh-CN'] ?? {})).toEqual(expect.arrayContaining(['common', 'shell', 'auctions']));
    expect(payload.i18n['en-US']).toBeUndefined();
    const queries = payload.query?.queries ?? [];
    expect(queries.map((query) => query.queryKey)).toContainEqual(['auctions', 'detail', '42']);
    expect(payload.router).toMatchObject({ errors: null });
  });

  it('writes no inline script (the CSP allows none): only the JSON payload and JSON-LD', async () => {
    for (const url of ['/', '/sale', '/sale/42', '/help-center/', '/nope']) {
      const result = await render(request(url), TEMPLATE);
      expect(inlineScripts(result.html), url).toBe(0);
    }
  });

  it('leaves console and account pages to the browser, with the core texts', async () => {
    const result = await render(request('/console/order/list', { 'accept-language': 'en-US' }), TEMPLATE);
    expect(result.status).toBe(200);
    expect(result.rendered).toBe(false);
    expect(result.html).toContain('<div id="root"></div>');
    const payload = payloadOf(result.html);
    expect(payload).toMatchObject({ ssr: false, lng: 'en-US' });
    expect(Object.keys(payload.i18n['en-US'] ?? {})).toEqual(expect.arrayContaining(['common', 'shell']));
  });

  it('renders the home page and /sale with their own titles in the requested language', async () => {
    const home = await render(request('/?lng=zh-CN'), TEMPLATE);
    expect(home.html).toMatch(/<title>[^<]*域名[^<]* - NameBourse<\/title>/);
    expect(home.html).toContain('<meta name="description"');
    const sale = await render(request('/sale?sort=price_asc&lng=en-US'), TEMPLATE);
    expect(sale.html).toContain('<title>Domain bidding - NameBourse</title>');
    expect(sale.html).toContain('href="https://namebourse.example/sale?sort=price_asc&amp;lng=en-US"');
  });
});

describe('requestLanguage (the server share of the spec order)', () => {
  const at = (path: string) => new URL(path, 'https://namebourse.example');
  it.each([
    ['/?lng=en', {}, 'en-US'],
    ['/?lng=zh-TW', { cookie: 'i18next=en-US' }, 'zh-CN'],
    ['/', { cookie: 'i18next=en-US', 'accept-language': 'zh-CN' }, 'en-US'],
    ['/', { 'accept-language': 'fr-FR,zh-CN;q=0.8' }, 'en-US'],
    ['/', { 'accept-language': 'en;q=0.5,zh-HK;q=0.9' }, 'zh-CN'],
    ['/', {}, 'zh-CN'],
  ] as const)('%s %o → %s', (path, headers, expected) => {
    expect(requestLanguage(at(path), headers)).toBe(expected);
  });
});
