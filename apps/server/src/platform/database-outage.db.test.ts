import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, csrfHeaders, type TestContext } from '../../test/helpers.ts';
import { createUser } from '../modules/account/account.service.ts';
import { buildFundsTestApp, type SignedIn, signIn } from '../modules/funds/payees.test-support.ts';
import { securityTestRoutes } from '../modules/security/security.test-support.ts';

/**
 * A TCP proxy in front of the shared PostgreSQL that the test can cut (every connection dropped, the
 * port refusing) and restore on the same port, so the app sees an outage without the server stopping.
 */
class CuttableProxy {
  #server: net.Server | null = null;
  readonly #sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    readonly host: string,
    readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.host);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.#server = server;
  }

  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of this.#sockets) socket.destroy();
    await closed;
  }
}

const unavailable = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  const body = res.json() as { code: string; message: string; data: unknown; traceId: string };
  expect(body.code).toBe('Request.Unavailable');
  expect(body.data).toEqual({ retryAfterSeconds: 5 });
  expect(body.traceId).toMatch(/^[0-9a-f]{32}$/);
  return body;
};

const target = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL) : undefined;

/** The database unreachable: 503 Request.Unavailable with Retry-After, the process up, and back by itself. */
describe.skipIf(!target)('database outage (postgres)', () => {
  const proxy = new CuttableProxy(target?.hostname ?? '127.0.0.1', Number(target?.port || 5432));
  let t: TestContext;
  let admin: SignedIn;
  const password = 'Passw0rd!x';
  const email = `outage-${Date.now().toString(36)}@example.com`;
  let anonymous: Record<string, string>;

  const search = () => t.app.inject({ url: '/api/auctions?keyword=abc', headers: { 'accept-language': 'zh-CN' } });
  const login = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: anonymous,
      payload: { email, password },
      remoteAddress: '198.51.100.77',
    });
  const adminCall = () => t.app.inject({ url: '/api/admin/users', headers: admin.headers });

  beforeAll(async () => {
    await proxy.open();
    t = await buildTestApp('postgres', {}, securityTestRoutes, {
      databaseUrl: (url) => {
        const viaProxy = new URL(url);
        viaProxy.hostname = '127.0.0.1';
        viaProxy.port = String(proxy.port);
        return viaProxy.toString();
      },
    });
    admin = await signIn(t, 'admin');
    await createUser(t.app.platform.db, t.app.platform.clock, { email, password, nickname: 'outage', role: 'user' });
    anonymous = await csrfHeaders(t.app);
  });
  afterAll(async () => {
    await proxy.open().catch(() => undefined);
    await t?.close();
    await proxy.cut();
  });

  it('answers 503 with Retry-After while the database is cut, and recovers once it is back', async () => {
    expect((await search()).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    expect((await adminCall()).statusCode).toBe(200);

    await proxy.cut();

    expect(unavailable(await search()).message).toBe('服务暂不可用，请稍后再试');
    unavailable(await login());
    unavailable(await adminCall());
    // The sweeper logs the failed run and carries on; it does not throw or stop the process.
    await expect(t.app.platform.sweeper.runOnce()).resolves.toBeDefined();
    unavailable(await search());

    await proxy.open();
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await search()).statusCode;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect((await login()).statusCode).toBe(200);
    expect((await adminCall()).statusCode).toBe(200);
  });
});

/** The embedded database gone (closed under the app): 503, not 500. */
describe('database outage (pglite)', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await buildFundsTestApp('pglite');
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('answers 503 Request.Unavailable once PGlite is closed', async () => {
    const headers = await csrfHeaders(t.app);
    await t.database.close();
    unavailable(await t.app.inject({ url: '/api/auctions' }));
    unavailable(
      await t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers,
        payload: { email: 'nobody@example.com', password: 'Passw0rd!x' },
      }),
    );
  });
});
