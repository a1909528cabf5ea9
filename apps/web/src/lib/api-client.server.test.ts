import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import i18next from 'i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en-US/api.json';
import { ApiError, api, configureApiClient, resetApiClient } from './api-client.ts';
import { getFeedbackState, resetFeedbackStore } from './feedback-store.ts';

/**
 * The pipeline against a real HTTP server (node:http): envelope, CSRF cookie pre-call with a real
 * double-submit check, content-disposition downloads, timeouts and non-envelope errors.
 */

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  let body = '';
  for await (const chunk of req) body += chunk;
  seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
  const url = new URL(req.url ?? '/', 'http://x');
  const traceId = randomUUID();

  // Double-submit CSRF, as the server does: the header must equal the cookie on state-changing calls.
  if (req.method !== 'GET') {
    const header = req.headers['x-xsrf-token'];
    const cookie = cookieOf(req, 'XSRF-TOKEN');
    if (!cookie || header !== cookie) {
      send(res, 403, { code: 'Csrf.Invalid', message: 'Security check failed', data: null, traceId });
      return;
    }
  }

  switch (url.pathname) {
    case '/api/account/csrf':
      send(res, 200, { code: '200', message: '', data: null }, { 'set-cookie': `XSRF-TOKEN=${randomUUID()}; Path=/` });
      return;
    case '/api/echo':
      send(res, 200, {
        code: '200',
        message: '',
        data: { method: req.method, query: Object.fromEntries(url.searchParams), body: body ? JSON.parse(body) : null },
      });
      return;
    case '/api/fail':
      send(res, 409, { code: 'Order.NotPayable', message: 'This order cannot be paid now', data: { x: 1 }, traceId });
      return;
    case '/api/invoice':
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="invoice.pdf"; filename*=UTF-8''%E5%8F%91%E7%A5%A8%20NB-7.pdf`,
      });
      res.end('%PDF-1.7 fake');
      return;
    case '/api/slow':
      setTimeout(() => send(res, 200, { code: '200', message: '', data: 'late' }), 1000);
      return;
    case '/api/proxy-error':
      res.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' });
      res.end('<html>502</html>');
      return;
    default:
      send(res, 404, { code: 'Request.NotFound', message: 'Invalid or non-existent URL', data: null, traceId });
  }
}

/** A browser-like fetch: stores Set-Cookie in document.cookie and sends the cookies back. */
const browserFetch: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  if (document.cookie) headers.set('cookie', document.cookie);
  const response = await fetch(input, { ...init, headers });
  for (const cookie of response.headers.getSetCookie()) {
    // biome-ignore lint/suspicious/noDocumentCookie: playing the browser's cookie jar
    document.cookie = cookie.split(';')[0] ?? '';
  }
  return response;
};

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', resources: { 'en-US': { api: en } }, ns: ['api'], defaultNS: 'api' });
  server = createServer((req, res) => {
    handle(req, res).catch(() => res.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  resetApiClient();
  resetFeedbackStore();
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the cookie jar
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  configureApiClient({ baseUrl, fetch: browserFetch, navigate: vi.fn() });
});

describe('api-client against a real HTTP server', () => {
  it('fetches the CSRF cookie before the first POST, then passes the double-submit check', async () => {
    const data = await api.post<{ method: string; body: unknown }>('/echo', { domain: 'a.com', priceCents: 300 });
    expect(data).toEqual({ method: 'POST', query: {}, body: { domain: 'a.com', priceCents: 300 } });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/account/csrf', 'POST /api/echo']);
    const post = seen[1]!;
    expect(post.headers['x-xsrf-token']).toBe(cookieOfDocument('XSRF-TOKEN'));
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.headers['accept-language']).toBe('en-US');
    expect(post.headers['accept-timezone-offset']).toBe(String(-new Date().getTimezoneOffset()));
    expect(post.headers['x-device-fingerprint']).toMatch(/^v1-[0-9a-f-]{36}$/);

    // The cookie is now there: no second pre-call.
    await api.post('/echo', {});
    expect(seen.filter((s) => s.url === '/api/account/csrf')).toHaveLength(1);
  });

  it('sends GET parameters in the query string and resolves the envelope data', async () => {
    const data = await api.get('/echo', { keyword: '中文', page: 2, empty: '', none: null });
    expect(data).toEqual({ method: 'GET', query: { keyword: '中文', page: '2' }, body: null });
    expect(seen.map((s) => s.url)).toEqual(['/api/echo?keyword=%E4%B8%AD%E6%96%87&page=2']);
  });

  it('rejects an error envelope with its code, message, data, traceId and status', async () => {
    const error = (await api.get('/fail').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'Order.NotPayable', message: 'This order cannot be paid now', status: 409 });
    expect(error.data).toEqual({ x: 1 });
    expect(error.traceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(getFeedbackState().toast?.message).toBe('This order cannot be paid now');
  });

  it('reports a non-envelope HTTP error with status and status text', async () => {
    await expect(api.get('/proxy-error')).rejects.toMatchObject({ code: '502', message: 'Bad Gateway', status: 502 });
  });

  it('saves a download under the RFC 5987 filename', async () => {
    const saveFile = vi.fn();
    configureApiClient({ saveFile });
    const result = await api.download('/invoice');
    expect(result).toMatchObject({ saved: true, filename: '发票 NB-7.pdf' });
    const [blob, filename] = saveFile.mock.calls[0] as [Blob, string];
    expect(filename).toBe('发票 NB-7.pdf');
    expect(await blob.text()).toBe('%PDF-1.7 fake');
  });

  it('times out with code 500, an empty message and a toast', async () => {
    configureApiClient({ timeoutMs: 150 });
    const started = Date.now();
    const error = (await api.get('/slow').catch((e: unknown) => e)) as ApiError;
    expect(Date.now() - started).toBeLessThan(900);
    expect(error).toMatchObject({ code: '500', message: '', kind: 'timeout' });
    expect(getFeedbackState().toast?.message).toBe('Request failed. Try again later');
  });
});

function cookieOfDocument(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
