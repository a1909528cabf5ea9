import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en-US/api.json';
import {
  ApiError,
  api,
  configureApiClient,
  resetApiClient,
  type UploadProgress,
  type UploadTransport,
  xhrUpload,
} from './api-client.ts';
import { resetFeedbackStore } from './feedback-store.ts';
import { setFingerprintProvider } from './fingerprint.ts';

/** Uploads with progress: FormData bodies sent through the upload transport, answered through the same pipeline. */

function envelope(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the browser's cookie jar
  document.cookie = value;
}

const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
  envelope({ code: '200', message: '', data: { via: 'fetch' } }),
);

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', resources: { 'en-US': { api: en } }, ns: ['api'], defaultNS: 'api' });
});

beforeEach(() => {
  resetApiClient();
  resetFeedbackStore();
  setFingerprintProvider(null);
  fetchMock.mockClear();
  configureApiClient({ fetch: fetchMock as unknown as typeof fetch, navigate: vi.fn() });
  setCookie('XSRF-TOKEN=tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api.post with onUploadProgress', () => {
  it('sends FormData through the upload transport with the pipeline headers and returns the envelope data', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const upload = vi.fn<UploadTransport>(async (url, init, onProgress) => {
      seen.push({ url, init });
      onProgress({ loaded: 50, total: 100 });
      onProgress({ loaded: 100, total: 100 });
      return envelope({ code: '200', message: '', data: { fileId: 'F1' } });
    });
    configureApiClient({ upload });
    const progress: UploadProgress[] = [];
    const form = new FormData();
    form.set('file', new Blob(['x'], { type: 'image/png' }), 'a.png');

    await expect(api.post('/funds/payees/files', form, { onUploadProgress: (p) => progress.push(p) })).resolves.toEqual(
      { fileId: 'F1' },
    );

    expect(fetchMock).not.toHaveBeenCalled();
    expect(progress).toEqual([
      { loaded: 50, total: 100 },
      { loaded: 100, total: 100 },
    ]);
    const [call] = seen;
    expect(call?.url).toBe('/api/funds/payees/files');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.credentials).toBe('include');
    expect(call?.init.body).toBe(form);
    const headers = new Headers(call?.init.headers);
    expect(headers.get('X-XSRF-TOKEN')).toBe('tok');
    expect(headers.get('Accept-Language')).toBe('en-US');
    // The browser sets the multipart boundary: no JSON content type.
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('rejects with the envelope error of a refused upload', async () => {
    configureApiClient({
      upload: async () =>
        envelope({ code: 'File.UnsupportedFormat', message: 'Unsupported file format', data: null }, 415),
    });
    const error = await api
      .post('/funds/payees/files', new FormData(), { onUploadProgress: () => {}, errorMode: 'silent' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'File.UnsupportedFormat', status: 415, message: 'Unsupported file format' });
  });

  it('reports a transport failure as a network error', async () => {
    configureApiClient({
      upload: async () => {
        throw new TypeError('Network request failed');
      },
    });
    const error = await api
      .post('/funds/payees/files', new FormData(), { onUploadProgress: () => {}, errorMode: 'silent' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'Network.Error', kind: 'network' });
  });

  it('keeps fetch for FormData without a progress callback and for JSON bodies with one', async () => {
    const upload = vi.fn<UploadTransport>();
    configureApiClient({ upload });
    await expect(api.post('/x', new FormData())).resolves.toEqual({ via: 'fetch' });
    await expect(api.post('/y', { a: 1 }, { onUploadProgress: () => {} })).resolves.toEqual({ via: 'fetch' });
    expect(upload).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

// ---- The default transport against a scripted XMLHttpRequest ----

class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  withCredentials = false;
  responseType = '';
  status = 0;
  statusText = '';
  response: unknown = null;
  requestHeaders: Record<string, string> = {};
  responseHeaders = '';
  sent: unknown = undefined;
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name] = value;
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

describe('xhrUpload', () => {
  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('sends method, headers, credentials and body, reports progress and answers with a Response', async () => {
    const progress: UploadProgress[] = [];
    const body = new FormData();
    const pending = xhrUpload(
      '/api/funds/payees/files',
      { method: 'POST', headers: { 'X-XSRF-TOKEN': 'tok' }, body, credentials: 'include' },
      (p) => progress.push(p),
    );
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/funds/payees/files');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.requestHeaders['x-xsrf-token']).toBe('tok');
    expect(xhr.sent).toBe(body);
    xhr.upload.onprogress?.({ loaded: 10, total: 40, lengthComputable: true } as ProgressEvent);
    xhr.upload.onprogress?.({ loaded: 10, total: 0, lengthComputable: false } as ProgressEvent);
    xhr.status = 200;
    xhr.statusText = 'OK';
    xhr.responseHeaders = 'content-type: application/json\r\nx-trace-id: t-1\r\n';
    xhr.response = new TextEncoder().encode(JSON.stringify({ code: '200', data: { fileId: 'F2' } })).buffer;
    xhr.onload?.();

    const response = await pending;
    expect(progress).toEqual([
      { loaded: 10, total: 40 },
      { loaded: 10, total: 0 },
    ]);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-trace-id')).toBe('t-1');
    await expect(response.json()).resolves.toEqual({ code: '200', data: { fileId: 'F2' } });
  });

  it('rejects with a TypeError on a network failure', async () => {
    const pending = xhrUpload('/u', { method: 'POST' }, () => {});
    FakeXhr.last?.onerror?.();
    await expect(pending).rejects.toBeInstanceOf(TypeError);
  });

  it('aborts the request when the signal fires', async () => {
    const controller = new AbortController();
    const pending = xhrUpload('/u', { method: 'POST', signal: controller.signal }, () => {});
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last?.aborted).toBe(true);
  });

  it('does not send when the signal has already fired', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(xhrUpload('/u', { method: 'POST', signal: controller.signal }, () => {})).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(FakeXhr.last).toBeNull();
  });
});
