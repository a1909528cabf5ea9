/**
 * How errors appear in the log: enough to find the fault (type, code, SQLSTATE, the statement's
 * text, the stack), never the data it was working on. A failed query's parameters (a payee's bank
 * account, an address), its `detail` (`Key (email)=(…)`), the values PostgreSQL quotes in its
 * messages and request bodies stay out; the trace id comes from the request logger's bindings.
 * Installed as the `err` serializer of the app's logger, so every `log.x({ err })` uses it.
 */

/** Longest statement text kept in a log line. */
const STATEMENT_MAX = 300;
/** Longest message kept in a log line. */
const MESSAGE_MAX = 500;
/** How deep `cause` chains (and AggregateError members) are followed. */
const DEPTH_MAX = 3;

/** Fields of a PostgreSQL error (pg's DatabaseError, PGlite's) that name things rather than carry values. */
const PG_NAMING_FIELDS = ['severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;

/** The SQL text without its literals, on one line and cut to STATEMENT_MAX. Parameters are never included. */
export function redactStatement(statement: string): string {
  const text = statement
    .replace(/'(?:[^']|'')*'/g, "'…'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > STATEMENT_MAX ? `${text.slice(0, STATEMENT_MAX)}…` : text;
}

function isPgError(err: Record<string, unknown>): boolean {
  return typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) && 'severity' in err;
}

/** A DrizzleQueryError: "Failed query: <sql>\nparams: <values>", the driver's error as its cause. */
function isQueryWrapper(err: Record<string, unknown>): boolean {
  return typeof err.query === 'string' && 'params' in err && typeof err.message === 'string'
    ? err.message.startsWith('Failed query:')
    : false;
}

function safeMessage(err: Record<string, unknown>): string {
  let message = typeof err.message === 'string' ? err.message : '';
  if (isQueryWrapper(err)) message = 'Failed query';
  // drizzle's wrapper text, wherever it ends up (a rethrown message, a template).
  message = message.replace(/Failed query:[\s\S]*$/, 'Failed query');
  // PostgreSQL quotes the offending value: invalid input syntax for type bigint: "<value>".
  if (isPgError(err)) message = message.replace(/"(?:[^"]|"")*"/g, '"…"');
  return message.length > MESSAGE_MAX ? `${message.slice(0, MESSAGE_MAX)}…` : message;
}

/** The stack's frames under a header rebuilt from the safe message (the original header repeats the message). */
function safeStack(err: Record<string, unknown>, type: string, message: string): string {
  const frames = typeof err.stack === 'string' ? err.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return [`${type}: ${message}`, ...frames].join('\n');
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

export function serializeError(value: unknown, depth = 0): SerializedError {
  if (value === null || typeof value !== 'object') {
    const text = String(value);
    const message = text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX)}…` : text;
    return { type: typeof value, message, stack: '' };
  }
  const err = value as Record<string, unknown>;
  const type = (typeof err.name === 'string' && err.name) || (value as object).constructor?.name || 'Object';
  const message = safeMessage(err);
  const out: SerializedError = { type, message, stack: safeStack(err, type, message) };
  if (typeof err.code === 'string' || typeof err.code === 'number') out.code = err.code;
  if (typeof err.status === 'number') out.status = err.status;
  if (typeof err.statusCode === 'number') out.statusCode = err.statusCode;
  if (typeof err.query === 'string') out.statement = redactStatement(err.query);
  if (isPgError(err)) {
    for (const field of PG_NAMING_FIELDS) if (typeof err[field] === 'string') out[field] = err[field];
  }
  if (depth < DEPTH_MAX) {
    if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
    if (Array.isArray(err.errors)) out.errors = err.errors.slice(0, 5).map((e) => serializeError(e, depth + 1));
  }
  // The statement of a wrapped query is the wrapper's; a pg cause adds its SQLSTATE at the top.
  const cause = out.cause as Record<string, unknown> | undefined;
  if (out.code === undefined && cause?.code !== undefined) out.code = cause.code;
  return out;
}

/** pino options for the app logger: the safe `err` serializer (and the same for `error`). */
export const safeErrorSerializers = { err: serializeError, error: serializeError };
