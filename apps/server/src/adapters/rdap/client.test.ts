import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RdapClient } from './client.ts';
import { RdapError } from './port.ts';
import { registryView } from './registry-view.ts';

/**
 * The RDAP client against a small local RDAP server answering fixture responses (modelled on
 * Verisign's RFC 9083 answers), errors, a timeout and wrong content.
 */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const RDAP_JSON = 'application/rdap+json';

type Route = (res: ServerResponse) => void;
const json =
  (body: string, status = 200, type = RDAP_JSON): Route =>
  (res) => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  };

const ROUTES: Record<string, Route> = {
  'example.com': json(fixture('normal.json')),
  'lapsedname.com': json(fixture('redemption.json')),
  'goneby.com': json(fixture('pending-delete.json')),
  'lockedup.com': json(fixture('transfer-prohibited.json')),
  'cameback.com': json(fixture('redeemed.json')),
  'nosuch.com': json(fixture('not-found.json'), 404),
  'broken.com': json('{"errorCode":500,"title":"Internal Server Error"}', 500),
  'garbled.com': json('{"objectClassName":"domain","ldhName":"garbled.com","status":['),
  'html.com': json('<html><body>Rate limited</body></html>', 200, 'text/html'),
  'wrongobject.com': json(fixture('nameserver.json')),
  'otherdomain.com': json(fixture('normal.json')),
  'plainjson.com': json(fixture('normal.json').replace('EXAMPLE.COM"', 'PLAINJSON.COM"'), 200, 'application/json'),
  // Never answers: the client's timeout must end the call.
  'slow.com': () => undefined,
};

let server: Server;
let base: string;
const seen: { url: string; accept: string | undefined }[] = [];
const hanging: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push({ url: req.url ?? '', accept: req.headers.accept });
    const match = /^\/rdap\/domain\/([^/?]+)$/.exec(req.url ?? '');
    const route = match ? ROUTES[decodeURIComponent(match[1] as string)] : undefined;
    if (!route) {
      res.writeHead(404, { 'content-type': RDAP_JSON });
      res.end('{"errorCode":404}');
      return;
    }
    if (req.url?.includes('slow.com')) hanging.push(res);
    route(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rdap`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const NOW = new Date('2026-01-05T00:00:00Z');
const client = () => new RdapClient({ baseUrl: base, timeoutMs: 2_000 });

async function failure(domain: string, c = client()): Promise<RdapError> {
  const err = await c.lookup(domain, NOW).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RdapError);
  return err as RdapError;
}

describe('RDAP client (RFC 9082/9083) against a local RDAP server', () => {
  it('queries GET {base}/domain/{name} asking for application/rdap+json, and reads a normal domain', async () => {
    const record = await client().lookup('Example.COM.', NOW);
    expect(seen.at(-1)).toEqual({ url: '/rdap/domain/example.com', accept: expect.stringContaining(RDAP_JSON) });
    expect(record).toMatchObject({
      name: 'example.com',
      statuses: expect.arrayContaining(['client transfer prohibited', 'server delete prohibited']),
      registrar: 'RESERVED-Internet Assigned Numbers Authority',
    });
    expect(record?.events).toContainEqual({ action: 'expiration', date: new Date('2026-08-13T04:00:00Z') });
    expect(record?.events).toContainEqual({ action: 'registration', date: new Date('1995-08-14T04:00:00Z') });
    expect(record?.events).toContainEqual({ action: 'last changed', date: new Date('2025-08-14T07:01:39Z') });
    const view = registryView(record as NonNullable<typeof record>, { now: NOW });
    expect(view).toMatchObject({
      redeemed: false,
      reclaimableUntil: null,
      expiresAt: new Date('2026-08-13T04:00:00Z'),
    });
  });

  it('a domain in its redemption period: reclaimable until the deletion + 30 days', async () => {
    const record = await client().lookup('lapsedname.com', NOW);
    expect(record?.statuses).toEqual(['redemption period', 'pending delete']);
    expect(record?.registrar).toBe('Example Registrar, Inc.');
    const view = registryView(record as NonNullable<typeof record>, { now: NOW });
    expect(view.redeemed).toBe(false);
    expect(view.reclaimableUntil).toEqual(new Date('2026-01-31T08:00:00Z'));
  });

  it('a domain pending delete: nobody can reclaim it any more', async () => {
    const record = await client().lookup('goneby.com', NOW);
    expect(record?.statuses).toEqual(['pending delete']);
    expect(registryView(record as NonNullable<typeof record>, { now: NOW })).toMatchObject({
      redeemed: false,
      reclaimableUntil: null,
    });
  });

  it('client transfer prohibited, and a domain restored by its holder (reinstantiation) reads as redeemed', async () => {
    const locked = await client().lookup('lockedup.com', NOW);
    expect(locked?.statuses).toEqual(['client transfer prohibited']);
    const back = await client().lookup('cameback.com', NOW);
    expect(registryView(back as NonNullable<typeof back>, { now: NOW }).redeemed).toBe(true);
  });

  it('plain application/json is accepted as well', async () => {
    expect((await client().lookup('plainjson.com', NOW))?.name).toBe('plainjson.com');
  });

  it('404 → null (the registry has no such domain)', async () => {
    expect(await client().lookup('nosuch.com', NOW)).toBeNull();
  });

  it('500 → RdapError naming the status', async () => {
    expect((await failure('broken.com')).message).toMatch(/HTTP 500/);
  });

  it('malformed JSON → RdapError', async () => {
    expect((await failure('garbled.com')).message).toMatch(/malformed JSON/);
  });

  it('wrong content: an HTML page, another object class, another domain → RdapError', async () => {
    expect((await failure('html.com')).message).toMatch(/content type 'text\/html'/);
    expect((await failure('wrongobject.com')).message).toMatch(/'nameserver' object/);
    expect((await failure('otherdomain.com')).message).toMatch(/about example\.com, not otherdomain\.com/);
  });

  it('an answer that never comes → RdapError after the timeout setting', async () => {
    const started = Date.now();
    const err = await failure('slow.com', new RdapClient({ baseUrl: base, timeoutMs: 200 }));
    expect(err.message).toMatch(/within 200 ms/);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('an unreachable server → RdapError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await failure(
      'example.com',
      new RdapClient({ baseUrl: `http://127.0.0.1:${port}/`, timeoutMs: 1_000 }),
    );
    expect(err.message).toMatch(/unreachable/);
  });
});

describe('RDAP client concurrency', () => {
  it('keeps at most maxConcurrent queries in flight and answers them all', async () => {
    let inFlight = 0;
    let most = 0;
    const busy = createServer((_req, res) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        res.writeHead(404, { 'content-type': RDAP_JSON });
        res.end('{"errorCode":404}');
      }, 20);
    });
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(busy.address() as AddressInfo).port}/`;
    const c = new RdapClient({ baseUrl: url, timeoutMs: 2_000, maxConcurrent: 3 });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => c.lookup(`n${i}.com`, NOW)));
    await new Promise<void>((resolve) => busy.close(() => resolve()));
    expect(answers).toEqual(Array(12).fill(null));
    expect(most).toBe(3);
  });
});
