import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, listenLocally, type TestContext } from '../../test/helpers.ts';
import { insertLot } from '../modules/auctions/auctions.test-support.ts';
import { COMPRESS_THRESHOLD_BYTES, compressionPlugin, negotiateEncoding } from './compression.ts';
import { getRegionData } from './region-data.ts';

const BR = { 'accept-encoding': 'gzip, deflate, br' };
const GZIP = { 'accept-encoding': 'gzip' };

/** A web build with one hashed asset precompressed (.br, .gz) and one, over 1 KB, without. */
function makeDist(): { dir: string; js: string; css: string } {
  const dir = mkdtempSync(join(tmpdir(), 'nb-compress-dist-'));
  mkdirSync(join(dir, 'assets'));
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  const css = `body { margin: 0 }\n${'.c { color: red }\n'.repeat(200)}`;
  const head = `<meta name="description" content="${'NameBourse '.repeat(150)}">`;
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head>${head}</head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.js'), js);
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(js));
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.css'), css);
  return { dir, js, css };
}

describe.each(enginesFor('app'))('response compression (%s)', (engine) => {
  let t: TestContext;
  let dist: ReturnType<typeof makeDist>;
  let base: string;
  beforeAll(async () => {
    dist = makeDist();
    t = await buildTestApp(engine, { webDist: dist.dir });
    for (let i = 0; i < 12; i++) await insertLot(t);
    base = await listenLocally(t.app);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist.dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('sends a JSON list over 1 KB as brotli when accepted, the same JSON once decoded', async () => {
    const plain = await get('/api/auctions?pageSize=12');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.json().data.items).toHaveLength(12);

    const br = await get('/api/auctions?pageSize=12', BR);
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gz = await get('/api/auctions?pageSize=12', GZIP);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')).data).toEqual(plain.json().data);
  });

  it('leaves a small JSON response as it is', async () => {
    const res = await get('/api/health', BR);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().data).toMatchObject({ status: 'ok' });
  });

  it('does not compress a client that refuses it, or asks for no encoding', async () => {
    for (const header of ['identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const res = await get('/api/auctions?pageSize=12', { 'accept-encoding': header });
      expect(res.headers['content-encoding'], header).toBeUndefined();
      expect(res.json().data.items).toHaveLength(12);
    }
  });

  it('streams server-sent events uncompressed, even to a client that accepts brotli', async () => {
    const lot = await insertLot(t);
    const received = await new Promise<{ headers: Record<string, unknown>; text: string }>((resolve, reject) => {
      const req = httpRequest(
        `${base}/api/auctions/${lot.id}/events`,
        { headers: { accept: 'text/event-stream', ...BR } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            // The first event arrives while the stream stays open.
            if (text.includes('event: price')) {
              resolve({ headers: res.headers, text });
              req.destroy();
            }
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(received.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(received.headers['content-encoding']).toBeUndefined();
    expect(received.text).toContain(`"auctionId":"${lot.id}"`);
  });

  it('serves /region-data.json encoded once, as before', async () => {
    const json = getRegionData().json.toString('utf8');
    const br = await get('/region-data.json', BR);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(json);
    const gz = await get('/region-data.json', GZIP);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(json);
    const plain = await get('/region-data.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(json);
  });

  it('serves a precompressed asset as its .br file, not compressed again', async () => {
    const res = await get('/assets/app-1a2b3c.js', BR);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(dist.js);
    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(dist.js);
  });

  it('compresses a text asset that has no precompressed copy', async () => {
    const res = await get('/assets/app-1a2b3c.css', GZIP);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(dist.css);
  });

  it('compresses the web app’s pages (HTML)', async () => {
    for (const url of ['/', '/about-us']) {
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-type']).toMatch(/^text\/html/);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const res = await get(url, BR);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain.body);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('compresses the sitemap (XML)', async () => {
    const plain = await get('/sitemap-lots-1.xml');
    const res = await get('/sitemap-lots-1.xml', BR);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain.body);
  });
});

describe('the plugin on its own: pages from the not-found handler, request bodies', () => {
  const page = `<!doctype html><html><body>${'<p>Lot</p>'.repeat(300)}</body></html>`;
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(compressionPlugin);
    app.post('/echo', async (request) => request.body);
    app.setNotFoundHandler((request, reply) => {
      reply.type('text/html; charset=utf-8').header('vary', 'Cookie, Accept-Language');
      if (request.url === '/small') return reply.send('<!doctype html><p>Hi</p>');
      // A streamed page (server rendering), sent in pieces.
      if (request.url === '/streamed') return reply.send(Readable.from([page.slice(0, 1000), page.slice(1000)]));
      return reply.send(page);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('compresses an HTML page, keeping the page’s Vary', async () => {
    const res = await app.inject({ url: '/sale', headers: BR });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(page);
    expect(res.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
    const gz = await app.inject({ url: '/sale', headers: GZIP });
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(page);
  });

  it('compresses a streamed page', async () => {
    const res = await app.inject({ url: '/streamed', headers: BR });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(page);
  });

  it('leaves small pages and clients without Accept-Encoding alone', async () => {
    const small = await app.inject({ url: '/small', headers: BR });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('<!doctype html><p>Hi</p>');
    const plain = await app.inject({ url: '/sale' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });

  it('reads request bodies as sent: a gzipped body is not inflated', async () => {
    const json = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
    expect(json.json()).toEqual({ a: 1 });
    const zipped = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ a: 1 })),
    });
    expect(zipped.statusCode).toBe(400);
  });
});

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['deflate', undefined],
    ['identity', undefined],
    ['x-gzip', 'gzip'],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
