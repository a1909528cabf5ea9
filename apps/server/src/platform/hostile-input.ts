import { fieldMessage, type Locale } from '@namebourse/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

/**
 * Text PostgreSQL cannot store or compare: a NUL (U+0000, refused by `text` and `jsonb`) or a lone
 * UTF-16 surrogate (no UTF-8 form; `jsonb` refuses its `\uD800` escape). Matched on code units, so a
 * proper surrogate pair (an emoji) passes.
 */
const UNSAFE_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

/** At most this many offending fields are named in one answer. */
const MAX_FIELDS = 20;
/** A field path longer than this (a deeply nested body) is cut. */
const MAX_PATH = 200;

/**
 * The paths (`a.b.0`, the envelope's field-key style) of the strings and object keys in `value`
 * that are unsafe text. Skips bytes (a Buffer or stream: a webhook's raw body, an upload may hold
 * NULs) and walks without recursion, so a deeply nested JSON body cannot overflow the stack.
 */
export function unsafeTextPaths(value: unknown, prefix = ''): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, prefix]];
  while (stack.length > 0 && found.length < MAX_FIELDS) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (isUnsafeText(current)) found.push(path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path || '_');
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], join(path, String(i))]);
      continue;
    }
    if (isBytes(current)) continue;
    const entries = Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string, unknown];
      // A key is named by its object's path (the key itself cannot be shown as a field name).
      stack.push(isUnsafeText(key) ? ['\0', path] : [child, join(path, key)]);
    }
  }
  return found;
}

function isBytes(value: object): boolean {
  return (
    ArrayBuffer.isView(value) ||
    value instanceof ArrayBuffer ||
    typeof (value as { pipe?: unknown }).pipe === 'function'
  );
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

function refusal(paths: string[], locale: Locale): AppError {
  const message = fieldMessage('unsafeText', locale);
  const fields: Record<string, string> = {};
  for (const path of paths) fields[path] = message;
  return new AppError('Request.Invalid', { data: { fields } });
}

/**
 * Refuses unsafe text (see UNSAFE_TEXT) at the edge, once for every route, with 400
 * `Request.Invalid` and a field message per offending field: path parameters, query, headers and
 * cookies before anything reads them (sign-in looks cookies and keys up in onRequest), the parsed
 * body before validation. Register after the cookie parser and before authentication.
 */
export const hostileInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const paths = [
        ...unsafeTextPaths(request.params),
        ...unsafeTextPaths(request.query),
        ...unsafeTextPaths(request.headers),
        ...unsafeTextPaths(request.cookies),
      ];
      if (paths.length > 0) throw refusal(paths, request.locale);
    });

    app.addHook('preValidation', async (request) => {
      const paths = unsafeTextPaths(request.body);
      if (paths.length > 0) throw refusal(paths, request.locale);
    });
  },
  { name: 'hostile-input', dependencies: ['envelope'] },
);
