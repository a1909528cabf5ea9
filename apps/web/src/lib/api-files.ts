/**
 * Files in the request pipeline: the filename and saving of a download, and the upload transport that reports
 * progress (fetch cannot observe an upload).
 */

/** Bytes of a request body sent so far; `total` is 0 when the browser cannot tell. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** Sends a request like fetch and reports the upload of its body. */
export type UploadTransport = (
  url: string,
  init: RequestInit,
  onProgress: (progress: UploadProgress) => void,
) => Promise<Response>;

/** A download either saved a file or was answered with a JSON success envelope. */
export type DownloadResult = { saved: true; filename: string; blob: Blob } | { saved: false; data: unknown };

export function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

/**
 * The filename of a content-disposition header: filename* (RFC 5987/6266, e.g. UTF-8''%E5%8F%91.pdf)
 * wins over filename; path parts are dropped. Null when there is none.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*("[^"]*"|[^;]*)/i.exec(header);
  if (extended?.[1]) {
    let value = extended[1].trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    const parts = /^([^']*)'[^']*'(.*)$/.exec(value);
    const charset = (parts?.[1] ?? 'utf-8').toLowerCase();
    const encoded = parts?.[2] ?? value;
    const decoded = decodeExtValue(encoded, charset);
    const name = decoded === null ? null : sanitizeFilename(decoded);
    if (name) return name;
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(header);
  if (plain) {
    let value = plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : (plain[2] ?? '').trim();
    if (/%[0-9a-f]{2}/i.test(value)) {
      try {
        value = decodeURIComponent(value);
      } catch {
        // Not percent-encoded after all.
      }
    }
    const name = sanitizeFilename(value);
    if (name) return name;
  }
  return null;
}

function decodeExtValue(encoded: string, charset: string): string | null {
  if (charset === 'iso-8859-1' || charset === 'latin1') {
    return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

function sanitizeFilename(value: string): string | null {
  const base = value.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean && clean !== '.' && clean !== '..' ? clean : null;
}

export function fallbackFilename(path: string): string {
  const last = path.split('?')[0]?.split('/').filter(Boolean).pop();
  return last ? (sanitizeFilename(last) ?? 'download') : 'download';
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Response headers of an XMLHttpRequest as a Headers object. */
function parseResponseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const index = line.indexOf(':');
    if (index <= 0) continue;
    try {
      headers.append(line.slice(0, index).trim(), line.slice(index + 1).trim());
    } catch {
      // A header name the Headers class refuses: not one the pipeline reads.
    }
  }
  return headers;
}

/**
 * The default upload transport: XMLHttpRequest (the only browser API that reports upload progress), answering
 * with a fetch Response so the pipeline reads it like any other. Network failures reject with a TypeError and
 * an abort through `init.signal` with an AbortError, as fetch does.
 */
export function xhrUpload(
  url: string,
  init: RequestInit,
  onProgress: (progress: UploadProgress) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const signal = init.signal;
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(init.method ?? 'POST', url);
    xhr.withCredentials = init.credentials === 'include';
    xhr.responseType = 'arraybuffer';
    for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.onload = () => {
      done();
      if (xhr.status < 200 || xhr.status > 599) {
        reject(new TypeError('Network request failed'));
        return;
      }
      const empty = [204, 205, 304].includes(xhr.status);
      resolve(
        new Response(empty ? null : (xhr.response as ArrayBuffer | null), {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseResponseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
