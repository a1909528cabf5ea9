import { pipeline, Readable, type Transform } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Response compression (@fastify/compress): JSON, HTML and other text of 1 KB or more goes out as
 * brotli (preferred) or gzip when the client accepts it. Left alone: small responses, server-sent
 * events (their route hijacks the reply, and text/event-stream is not a compressible type here),
 * and anything that already has a Content-Encoding (the web build's precompressed .br/.gz files
 * from @fastify/static, /region-data.json). Registered before any route: the library adds its
 * hook to each route as it is declared. Pages answered by the not-found handler (the web app's
 * pages, server-rendered or its index.html) are not routes, so a hook here compresses them the
 * same way, streamed pages included (flushed chunk by chunk so a streamed page still streams).
 */

/** Responses smaller than this (bytes) are sent as they are: compressing them gains nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Brotli quality for responses made on the fly (11 is far slower for a few percent). */
const BROTLI_QUALITY = 4;

/** Content types worth compressing: text (HTML, CSS, CSV…) but never server-sent events, JSON, XML, JavaScript. */
const COMPRESSIBLE = /^text\/(?!event-stream)|[/+]json(?:;|$)|[/+]xml(?:;|$)|\/javascript(?:;|$)/i;

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

type Encoding = 'br' | 'gzip';

/** The encoding to answer with for an Accept-Encoding header: the higher q of br and gzip, br on a tie. */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q: Record<string, number> = {};
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q[name === 'x-gzip' ? 'gzip' : name] = Number.isFinite(value) ? value : 0;
  }
  const weight = (name: Encoding) => q[name] ?? q['*'] ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : undefined;
}

const brotliParams = { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY };

function compressStream(encoding: Encoding): Transform {
  // Every chunk is flushed: a page rendered as a stream reaches the browser piece by piece.
  return encoding === 'br'
    ? createBrotliCompress({ params: brotliParams, flush: constants.BROTLI_OPERATION_FLUSH })
    : createGzip({ flush: constants.Z_SYNC_FLUSH });
}

/** Adds a header name to Vary, keeping the names already there (the page's Cookie, Accept-Language). */
function addVary(reply: FastifyReply, name: string): void {
  const current = String(reply.getHeader('vary') ?? '');
  const names = current
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.includes('*') || names.some((n) => n.toLowerCase() === name.toLowerCase())) return;
  reply.header('vary', [...names, name].join(', '));
}

/** Compresses what the not-found handler sends (the web app's pages), like @fastify/compress does for routes. */
function compressNotFound(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (payload === null || payload === undefined) return payload;
  const encoded = reply.getHeader('content-encoding');
  if (encoded && encoded !== 'identity') return payload;
  if (!isCompressible(String(reply.getHeader('content-type') ?? ''))) return payload;
  if (reply.statusCode === 206 || reply.getHeader('content-range') !== undefined) return payload;
  addVary(reply, 'Accept-Encoding');
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (!encoding || request.headers['x-no-compression'] !== undefined) return payload;

  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    if (Buffer.byteLength(payload) < COMPRESS_THRESHOLD_BYTES) return payload;
    const body = encoding === 'br' ? brotliCompressSync(payload, { params: brotliParams }) : gzipSync(payload);
    reply.header('content-encoding', encoding).header('content-length', body.length);
    return body;
  }
  if (payload instanceof Readable) {
    const zipped = compressStream(encoding);
    reply.header('content-encoding', encoding).removeHeader('content-length');
    pipeline(payload, zipped, (err) => {
      if (err) request.log.warn({ err }, 'compressed page stream failed');
    });
    return zipped;
  }
  return payload;
}

export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      globalCompression: true,
      // Request bodies are read as sent: a compressed body is refused like any malformed one.
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD_BYTES,
      customTypes: isCompressible,
      brotliOptions: { params: brotliParams },
    });
    // The not-found handler's replies (routes already have the library's hook).
    app.addHook('onSend', async (request, reply, payload) =>
      request.is404 ? compressNotFound(request, reply, payload) : payload,
    );
  },
  { name: 'compression' },
);
