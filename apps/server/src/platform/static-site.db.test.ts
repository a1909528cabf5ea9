import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../test/helpers.ts';
import { getRegionData } from './region-data.ts';
import { HTML_CACHE_CONTROL } from './static-site.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>NB test build</title></head><body><div id="root"></div></body></html>';

function makeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nb-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'assets', 'app-3f9a1c.js'), 'console.log("app");');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe.each(enginesFor('app'))('static site (%s)', (engine) => {
  let dist: string;
  let t: TestContext;

  beforeAll(async () => {
    dist = makeDist();
    t = await buildTestApp(engine, { webDist: dist, publicUrl: 'https://namebourse.example/' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('the web build', () => {
    it('serves index.html at / without caching', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('NB test build');
      expect(res.headers['cache-control']).toBe(HTML_CACHE_CONTROL);
    });

    it('serves hashed assets as immutable and other files with a short cache', async () => {
      const js = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a1c.js' });
      expect(js.statusCode).toBe(200);
      expect(js.headers['content-type']).toContain('javascript');
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
      expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    });

    it.each(['/some/unknown/page', '/console/auction/list', '/help-center/docs/agreement/service%20agreement'])(
      'falls back to index.html with 200 for %s',
      async (url) => {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['cache-control']).toBe(HTML_CACHE_CONTROL);
        expect(res.body).toBe(INDEX_HTML);
      },
    );

    it('answers HEAD for a client route', async () => {
      const res = await t.app.inject({ method: 'HEAD', url: '/sale' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    });

    it('keeps missing assets, non-GET page requests and unknown /api paths as 404s', async () => {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
      expect(asset.statusCode).toBe(404);
      const post = await t.app.inject({ method: 'POST', url: '/some/page' });
      expect(post.statusCode).toBe(404);
      const api = await t.app.inject({ method: 'GET', url: '/api/definitely/missing' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('Request.NotFound');
    });

    it('does not serve files outside the build', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/..%2f..%2fpackage.json' });
      expect(res.body).not.toContain('"dependencies"');
    });
  });

  describe('robots.txt', () => {
    it('allows all but private areas and points at the sitemap on PUBLIC_URL', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const lines = res.body.split('\n');
      expect(lines).toEqual(
        expect.arrayContaining([
          'User-agent: *',
          'Allow: /',
          'Disallow: /console/',
          'Disallow: /account/',
          'Disallow: /api/',
          'Disallow: /admin',
          'Sitemap: https://namebourse.example/sitemap.xml',
        ]),
      );
    });
  });

  describe('region-data.json', () => {
    it('serves the raw list (not the envelope) with an ETag and Cache-Control', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/region-data.json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['cache-control']).toContain('max-age=');
      expect(res.headers.etag).toBe(getRegionData().etag);
      const data = res.json();
      expect(Array.isArray(data)).toBe(true);
      expect(data[0]).toMatchObject({ c: 'CN', v: '中国', n: 'China', p: '86' });
      for (const entry of data) expect(Object.keys(entry).sort()).toEqual(['c', 'n', 'p', 's', 'v']);
    });

    it('answers 304 to a matching If-None-Match', async () => {
      const first = await t.app.inject({ method: 'GET', url: '/region-data.json' });
      const again = await t.app.inject({
        method: 'GET',
        url: '/region-data.json',
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('sends brotli or gzip when the client accepts it', async () => {
      const json = getRegionData().json.toString('utf8');
      const br = await t.app.inject({
        method: 'GET',
        url: '/region-data.json',
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(json);
      const gz = await t.app.inject({
        method: 'GET',
        url: '/region-data.json',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(json);
      expect(gz.headers.vary).toContain('Accept-Encoding');
    });

    it('is fast once built', async () => {
      await t.app.inject({ method: 'GET', url: '/region-data.json' });
      const started = performance.now();
      for (let i = 0; i < 20; i++) await t.app.inject({ method: 'GET', url: '/region-data.json' });
      expect((performance.now() - started) / 20).toBeLessThan(25);
    });
  });
});

describe('static site without a build', () => {
  let t: TestContext;
  let empty: string;
  beforeAll(async () => {
    empty = mkdtempSync(join(tmpdir(), 'nb-no-dist-'));
    t = await buildTestApp('pglite', { webDist: empty, publicUrl: undefined });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(empty, { recursive: true, force: true });
  });

  it('shows a page that says to run npm run build', async () => {
    for (const url of ['/', '/some/unknown/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('npm run build');
    }
  });

  it('builds the sitemap URL from the request host when PUBLIC_URL is not set', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'market.example:8080' },
    });
    expect(res.body).toContain('Sitemap: http://market.example:8080/sitemap.xml');
  });

  it('picks up a build made after start-up', async () => {
    writeFileSync(join(empty, 'index.html'), INDEX_HTML);
    const res = await t.app.inject({ method: 'GET', url: '/later/page' });
    expect(res.body).toBe(INDEX_HTML);
  });
});

/**
 * The server renderer as the server uses it: a stand-in `entry-server.js` beside the build (`<dist>-ssr`) that
 * answers by address, so the test sees what the server does with each kind of answer.
 */
const FAKE_RENDERER = `
export async function render(request, template) {
  const path = request.url.split('?')[0];
  if (path === '/boom') throw new Error('render failed');
  if (path === '/moved') return { status: 302, location: '/sale', html: '', rendered: false };
  if (path === '/api-echo') {
    const answer = await request.api('/api/auctions/hot', { headers: { accept: 'application/json' } });
    const body = await answer.json();
    return { status: 200, html: template.replace('<div id="root"></div>', '<div id="root">hot:' + answer.status + ':' + body.code + '</div>'), rendered: true };
  }
  const status = path === '/nowhere' ? 404 : 200;
  const html = template.replace('<div id="root"></div>', '<div id="root">rendered ' + path + ' for ' + (request.headers['accept-language'] ?? '-') + ' at ' + request.origin + '</div>');
  return { status, html, rendered: true };
}
`;

describe.each(enginesFor('app'))('server rendering (%s)', (engine) => {
  let dist: string;
  let t: TestContext;

  beforeAll(async () => {
    dist = makeDist();
    mkdirSync(`${dist}-ssr`);
    writeFileSync(join(`${dist}-ssr`, 'entry-server.js'), FAKE_RENDERER);
    t = await buildTestApp(engine, { webDist: dist, publicUrl: 'https://namebourse.example/' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(`${dist}-ssr`, { recursive: true, force: true });
  });

  it('sends the rendered page of / and other pages, with the request language and the site origin', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'en-US' } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('rendered / for en-US at https://namebourse.example');
    expect(home.headers['cache-control']).toBe(HTML_CACHE_CONTROL);
    expect(String(home.headers.vary)).toContain('Accept-Language');
    const sale = await t.app.inject({ method: 'GET', url: '/sale?sort=price_asc' });
    expect(sale.body).toContain('rendered /sale for -');
  });

  it("answers the renderer's 404 with its page", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('rendered /nowhere');
  });

  it("follows the renderer's redirect", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/moved' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/sale');
  });

  it('lets the renderer call the API in-process', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api-echo' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('hot:200:200');
  });

  it('falls back to the app for the browser to render when rendering fails', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });

  it('keeps missing assets and other methods as API-style 404s', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.json().code).toBe('Request.NotFound');
    const post = await t.app.inject({ method: 'POST', url: '/sale', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});
