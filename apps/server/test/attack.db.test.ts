/**
 * The permanent attack suite (issue 12). Generated at test time from GET /api/openapi.json, so a
 * route is attacked the day it lands, with no list to keep up to date:
 *   1. fuzz: every operation, anonymous and signed in, with malformed input derived from its schema
 *      (wrong types, missing and extra fields, 100 KB strings, extreme numbers, NaN, deep nesting,
 *      invalid JSON, wrong content types, NUL, lone surrogates, RTL and emoji, hostile path ids) →
 *      never a 5xx, never a stack, SQL or file path in a body;
 *   2. CSRF: every state-changing operation with a session and a missing, forged or other session's
 *      token → 403 Csrf.Invalid (operations declaring `csrf: false` are listed);
 *   3. authorization: every operation declares who may call it (`x-access`, from the route's
 *      `config.access`); closed ones answer a visitor 401, operator ones a user 403; owner-scoped ones
 *      are tried by a second user on the first user's resource (404 or 403); API keys are refused on
 *      /account-manage/*;
 *   4. the figures (operations, requests, answers by status) are printed at the end.
 * Test-only routes (/api/test/*) are not part of the product and are skipped. Deterministic: the
 * generator is seeded (fast-check), the clock is manual.
 */
import { MESSAGE_KINDS } from '@namebourse/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { domains } from '../src/db/schema/index.ts';
import { testSignInRoute } from '../src/modules/account/account.test-support.ts';
import { deliverDomain } from '../src/modules/domains/domains.service.ts';
import { saveCardFromPayment } from '../src/modules/funds/cards.service.ts';
import { paypalPayee, savePayee, uploadPng } from '../src/modules/funds/payees.test-support.ts';
import { insertListing } from '../src/modules/listings/market.test-support.ts';
import { notify } from '../src/modules/messages/messages.service.ts';
import { newOrder, sessionHeaders, signIn } from '../src/modules/orders/orders.test-support.ts';
import { writeCompleteContactInfo } from '../src/modules/profile/profile.test-support.ts';
import { ok } from '../src/platform/envelope.ts';
import { buildTestApp, csrfHeaders, type TestContext } from './helpers.ts';

// API access is unlocked by spending; here every account may create a key (the suite needs one).
vi.mock('../src/modules/security/api-access.ts', () => ({
  getApiAccessInputs: vi.fn(async () => ({ spentCents: 150_000, availableCents: 20_000 })),
}));

const SEED = 20_260_105;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: Json[];
  const?: Json;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
type Access = 'public' | 'user' | { owner: string; id?: string } | { operator: string | string[] };
interface Operation {
  method: string;
  /** The OpenAPI path, e.g. /api/orders/{orderId}. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: Schema | undefined;
  bodyTypes: string[];
  access: Access | undefined;
  csrf: boolean | undefined;
  label: string;
  /** The error codes the document lists for the operation, by HTTP status. */
  errors: Map<string, Set<string>>;
}

/** Roughly what must never reach a client: stack frames, SQL, database errors, file paths. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat (?:async )?[\w.<>[\]]+ \(|at .*\.[cm]?[jt]s:\d+/],
  ['file path', /\/work\/|node_modules|file:\/\/|\/home\/|\/usr\/|[A-Z]:\\/],
  ['SQL', /\bselect\s[\s\S]{0,200}\bfrom\b|\binsert into\b|\bupdate \w+ set\b|\bdelete from\b/i],
  ['database error', /\bERROR:|violates|duplicate key|syntax error at|relation "|column "|PGlite|postgres/i],
  ['internal error', /TypeError|ReferenceError|RangeError|SyntaxError|Cannot read propert|is not a function/],
];

const LONG = 'a'.repeat(100_000);
const NUL = 'a\u0000b';
const SURROGATE = 'a\ud800b';
const RTL_EMOJI = '\u202eevil\u202c مرحبا שלום 👩‍👩‍👧 🚀 ﷽';
/** One above PostgreSQL's bigint maximum: 19 digits, so a loose digits check lets it through to SQL. */
const OVER_BIGINT = '9223372036854775808';
/** Path ids an attacker tries (already URL-encoded where the path needs it). */
const PATH_IDS = [
  '-1',
  '0',
  '1.5',
  'NaN',
  '99999999999999999999',
  OVER_BIGINT,
  '..%2F..%2Fetc%2Fpasswd',
  '..',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0',
  encodeURIComponent(RTL_EMOJI),
  'x'.repeat(300),
  "'%20OR%201%3D1--",
];
/** Query values (URL-encoded). */
const QUERY_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F',
  '-1',
  '99999999999999999999',
  OVER_BIGINT,
  '1e308',
  '1.5',
  'NaN',
  'Infinity',
  '',
  '2026-13-45',
  '2026-02-30',
  encodeURIComponent(RTL_EMOJI),
  'a'.repeat(20_000),
  '..%2F..%2F',
];
/** JSON values tried in a body field beside the field's own wrong type. */
const FIELD_POOL: Json[] = [
  null,
  true,
  0,
  -1,
  0.5,
  1e308,
  -1e308,
  2 ** 63,
  -(2 ** 63),
  '',
  ' ',
  '-1',
  '99999999999999999999',
  OVER_BIGINT,
  'NaN',
  '../../etc/passwd',
  '2026-13-45',
  '2026-02-30',
  '2026-02-30T25:61:61Z',
  RTL_EMOJI,
  [],
  {},
  [LONG],
  { a: { b: { c: [] } } },
  [null, 1, 'x'],
];

/** Raw bodies: invalid JSON, NaN, deep nesting, prototype keys. */
const DEEP = 10_000;
const RAW_BODIES: { name: string; type: string; payload: string | Buffer }[] = [
  { name: 'invalid JSON', type: 'application/json', payload: '{"a":' },
  { name: 'NaN', type: 'application/json', payload: '{"amountCents":NaN,"value":NaN}' },
  { name: 'Infinity by exponent', type: 'application/json', payload: '{"amountCents":1e999,"seconds":1e999}' },
  { name: 'deep array', type: 'application/json', payload: `${'['.repeat(DEEP)}${']'.repeat(DEEP)}` },
  { name: 'deep object', type: 'application/json', payload: `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}` },
  {
    name: 'prototype keys',
    type: 'application/json',
    payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  },
  { name: 'JSON array', type: 'application/json', payload: '[]' },
  { name: 'JSON string', type: 'application/json', payload: '"x"' },
  { name: 'JSON null', type: 'application/json', payload: 'null' },
  { name: 'empty JSON', type: 'application/json', payload: '' },
  { name: 'NUL byte', type: 'application/json', payload: '{"a":"\u0000"}' },
  { name: 'raw NUL', type: 'application/json', payload: Buffer.from([0x7b, 0x00, 0x7d]) },
  {
    name: 'bad UTF-8',
    type: 'application/json',
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  },
  { name: 'UTF-16 charset', type: 'application/json; charset=utf-16', payload: '{}' },
  { name: 'text/plain', type: 'text/plain', payload: '{}' },
  { name: 'form', type: 'application/x-www-form-urlencoded', payload: 'a=1&a=2&b[c]=3' },
  { name: 'multipart without boundary', type: 'multipart/form-data', payload: 'x' },
  {
    name: 'multipart garbage',
    type: 'multipart/form-data; boundary=zz',
    payload: '--zz\r\nContent-Disposition: form-data; name="file"; filename="../../x.png"\r\n\r\n\u0000\r\n--zz--',
  },
  {
    name: 'xml',
    type: 'application/xml',
    payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
];

// --- the OpenAPI document → operations ------------------------------------------------------------

interface OpenApi {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, Schema> };
}

function documentedErrors(responses: unknown): Map<string, Set<string>> {
  const errors = new Map<string, Set<string>>();
  type Response = { content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] } } } }> };
  for (const [status, response] of Object.entries((responses ?? {}) as Record<string, Response>)) {
    const codes = response.content?.['application/json']?.schema?.properties?.code?.enum;
    if (/^[45]/.test(status) && codes) errors.set(status, new Set(codes));
  }
  return errors;
}

function operationsOf(doc: OpenApi): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    // The API is what lives under /api (static files such as /region-data.json are not); test-only
    // routes are scaffolding.
    if (!path.startsWith('/api/') || path.startsWith('/api/test/')) continue;
    for (const [method, spec] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = (spec.parameters ?? []) as Parameter[];
      const content =
        (spec.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {};
      const bodyTypes = Object.keys(content);
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: content['application/json']?.schema ?? (bodyTypes[0] ? content[bodyTypes[0]]?.schema : undefined),
        bodyTypes,
        access: spec['x-access'] as Access | undefined,
        csrf: spec['x-csrf'] as boolean | undefined,
        label: `${method.toUpperCase()} ${path}`,
        errors: documentedErrors(spec.responses),
      });
    }
  }
  return ops;
}

function resolver(doc: OpenApi) {
  return function resolve(schema: Schema | undefined): Schema {
    let s = schema ?? {};
    for (let i = 0; s.$ref && i < 20; i++) s = doc.components?.schemas?.[s.$ref.split('/').pop() ?? ''] ?? {};
    return s;
  };
}

function typeOf(s: Schema): string | undefined {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t) return t;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return undefined;
}

/** A plausible valid value for a schema (first enum member, smallest allowed number, …). */
function sampler(resolve: (s: Schema | undefined) => Schema) {
  const sample = (raw: Schema | undefined, depth = 0): Json => {
    const s = resolve(raw);
    if (depth > 8) return null;
    if (s.const !== undefined) return s.const;
    if (s.enum?.length) return s.enum[0] as Json;
    const alt = s.anyOf ?? s.oneOf;
    if (alt?.length) return sample(alt.find((a) => resolve(a).type !== 'null') ?? alt[0], depth + 1);
    if (s.allOf?.length) {
      return Object.assign({}, ...s.allOf.map((a) => sample(a, depth + 1) as object)) as Json;
    }
    switch (typeOf(s)) {
      case 'object': {
        const out: Record<string, Json> = {};
        for (const key of s.required ?? []) out[key] = sample(s.properties?.[key], depth + 1);
        return out;
      }
      case 'array':
        return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items, depth + 1));
      case 'integer':
      case 'number':
        return Math.max(s.minimum ?? 1, 1);
      case 'boolean':
        return true;
      case 'string': {
        if (s.format === 'email') return 'attacker@example.com';
        if (s.format === 'date-time') return '2026-01-05T00:00:00.000Z';
        if (s.format === 'date') return '2026-01-05';
        if (s.pattern) {
          const re = new RegExp(s.pattern);
          const hit = ['1', '10', '2026-01-05', '86', 'AB', 'ab', 'a1', 'x'].find((c) => re.test(c));
          if (hit) return hit;
        }
        return 'x'.repeat(Math.max(1, s.minLength ?? 1));
      }
      default:
        return null;
    }
  };
  return sample;
}

/** A value of the wrong JSON type for a schema. */
function wrongType(s: Schema): Json {
  switch (typeOf(s)) {
    case 'string':
      return 12_345;
    case 'integer':
    case 'number':
      return '12';
    case 'boolean':
      return 'true';
    case 'array':
      return { 0: 'x' };
    case 'object':
      return ['x'];
    default:
      return [{}];
  }
}

/**
 * An id one above the bigint maximum wherever a field can hold one (a string, an array of strings, a
 * string in the objects of an array), every time rather than at the pool's chance: such an id passes a
 * loose digits check and reaches SQL.
 */
function overlargeIds(raw: Schema, resolve: (s: Schema | undefined) => Schema, sample: (s: Schema) => Json): Json[] {
  const s = resolve(raw);
  const type = typeOf(s);
  if (type === 'string') return [OVER_BIGINT];
  if (type !== 'array' || !s.items) return [];
  const items = resolve(s.items);
  if (typeOf(items) === 'string') return [[OVER_BIGINT]];
  if (typeOf(items) !== 'object') return [];
  const valid = sample(items) as Record<string, Json>;
  return Object.entries(items.properties ?? {})
    .filter(([, prop]) => typeOf(resolve(prop)) === 'string')
    .map(([key]) => [{ ...valid, [key]: OVER_BIGINT }]);
}

// --- requests and their checks -------------------------------------------------------------------

interface Finding {
  op: string;
  who: string;
  input: string;
  status: number;
  problem: string;
  body: string;
}

const stats = { requests: 0, byStatus: new Map<number, number>(), byCaller: new Map<string, number>() };
const findings: Finding[] = [];
let ipSeq = 0;
/** A new client address per request, so per-IP limits never stand between the fuzz and validation. */
function nextIp(): string {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

/** The envelope's code, or undefined for a body that is not one (a PDF, an image). */
function codeOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? '1');
}

interface Identity {
  name: string;
  headers: () => Promise<Record<string, string>>;
}

describe('attack suite (generated from /api/openapi.json)', () => {
  let t: TestContext;
  let ops: Operation[];
  let resolve: (s: Schema | undefined) => Schema;
  let sample: (s: Schema | undefined) => Json;

  beforeAll(async () => {
    // The suite's own sign-in (as the money tests', hidden from the document it attacks). No overall per-IP
    // limit: its many thousand requests come from one address (the per-route limits still answer 429).
    t = await buildTestApp('pglite', { rateLimitApiMax: 0 }, testSignInRoute);
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as OpenApi;
    ops = operationsOf(doc);
    resolve = resolver(doc);
    sample = sampler(resolve);
  });

  afterAll(async () => {
    await t?.close();
    const byStatus = [...stats.byStatus.entries()].sort(([a], [b]) => a - b);
    console.log(
      `attack suite: ${ops?.length ?? 0} operations, ${stats.requests} requests; by status: ${byStatus
        .map(([s, n]) => `${s}×${n}`)
        .join(', ')}; by caller: ${[...stats.byCaller].map(([w, n]) => `${w} ${n}`).join(', ')}; findings: ${
        findings.length
      } (5xx: ${findings.filter((f) => f.status >= 500).length})`,
    );
  });

  async function send(
    op: Operation,
    who: string,
    input: string,
    request: { url: string; headers?: Record<string, string>; payload?: string | Buffer; contentType?: string },
  ) {
    const headers: Record<string, string> = { 'accept-language': 'en-US', ...request.headers };
    if (request.contentType !== undefined) headers['content-type'] = request.contentType;
    const res = await t.app.inject({
      method: op.method as 'GET',
      url: request.url,
      headers,
      remoteAddress: nextIp(),
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    stats.requests += 1;
    stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
    stats.byCaller.set(who, (stats.byCaller.get(who) ?? 0) + 1);
    const type = String(res.headers['content-type'] ?? '');
    // Files (PDF invoices, images, Excel workbooks and their zip bytes) are not text a leak could hide in.
    const binary = ['pdf', 'octet-stream', 'image/', 'officedocument', 'zip'].some((kind) => type.includes(kind));
    const body = binary ? '' : res.body;
    const note = (problem: string) =>
      findings.push({ op: op.label, who, input, status: res.statusCode, problem, body: body.slice(0, 300) });
    if (res.statusCode >= 500) note(`answered ${res.statusCode}`);
    // Every error it answers is one its OpenAPI operation lists under that status.
    const code = res.statusCode >= 400 ? codeOf(body) : undefined;
    if (code && !op.errors.get(String(res.statusCode))?.has(code)) {
      note(`answers ${res.statusCode} ${code}, which its OpenAPI operation does not list`);
    }
    for (const [name, re] of LEAKS) if (re.test(body)) note(`leaks ${name}`);
    return res;
  }

  function report(list: Finding[]): string {
    return list
      .slice(0, 60)
      .map(
        (f) => `${f.op} [${f.who}] ${f.input} → ${f.status}: ${f.problem} ${f.body.replace(/\s+/g, ' ').slice(0, 160)}`,
      )
      .join('\n');
  }

  const hasBody = (op: Operation) => op.method !== 'GET' && op.method !== 'DELETE' && op.body !== undefined;
  const isStateChanging = (op: Operation) => op.method !== 'GET' || op.csrf === true;

  /** Every malformed request for one operation, as one caller. */
  async function fuzzOperation(op: Operation, who: Identity, rng: () => number) {
    const base = await who.headers();
    const validPath = Object.fromEntries(op.pathParams.map((p) => [p.name, String(sample(p.schema))]));
    const jsonHeaders = { ...base };
    const bodyOf = (value: Json) => JSON.stringify(value);
    const validBody = hasBody(op) ? (sample(op.body) ?? {}) : undefined;
    const sendBody = (
      input: string,
      payload: string | Buffer | undefined,
      contentType = 'application/json',
      url?: string,
    ) =>
      send(op, who.name, input, {
        url: url ?? fill(op.path, validPath),
        headers: jsonHeaders,
        ...(payload !== undefined ? { payload, contentType } : {}),
      });

    // The plain request, and junk in the query string.
    await sendBody('plain', validBody === undefined ? undefined : bodyOf(validBody));
    await send(op, who.name, 'unknown query', {
      url: `${fill(op.path, validPath)}?__proto__[x]=1&zz=%00&a=1&a=2`,
      headers: base,
    });

    // Path ids.
    for (const p of op.pathParams) {
      for (const id of PATH_IDS) {
        await sendBody(
          `path ${p.name}=${id.slice(0, 40)}`,
          validBody === undefined ? undefined : bodyOf(validBody),
          'application/json',
          fill(op.path, { ...validPath, [p.name]: id }),
        );
      }
    }

    // Query parameters: every hostile value, arrays and the wrong type.
    for (const q of op.queryParams) {
      for (const v of QUERY_VALUES) {
        await send(op, who.name, `query ${q.name}=${v.slice(0, 40)}`, {
          url: `${fill(op.path, validPath)}?${q.name}=${v}`,
          headers: base,
        });
      }
      await send(op, who.name, `query ${q.name} twice`, {
        url: `${fill(op.path, validPath)}?${q.name}=1&${q.name}=x`,
        headers: base,
      });
    }

    if (!hasBody(op) && op.method === 'GET') return;

    // Whole bodies: raw malformations and content types.
    for (const raw of RAW_BODIES) await sendBody(`body ${raw.name}`, raw.payload, raw.type);
    await sendBody('body {}', '{}');
    if (validBody !== undefined && typeof validBody === 'object' && validBody !== null && !Array.isArray(validBody)) {
      await sendBody(
        'body extra fields',
        bodyOf({ ...validBody, isAdmin: true, role: 'admin', userId: '1', amountCents: -1 }),
      );
      // Field by field: the wrong type, a 100 KB string, NUL, a lone surrogate, an id one above bigint where the
      // field can hold one (overlargeIds), then a seeded pick of the pool.
      const props = resolve(op.body).properties ?? {};
      for (const [key, schema] of Object.entries(props)) {
        const picks = [wrongType(resolve(schema)), LONG, NUL, SURROGATE, ...overlargeIds(schema, resolve, sample)];
        for (let i = 0; i < 5; i++) picks.push(FIELD_POOL[Math.floor(rng() * FIELD_POOL.length)] as Json);
        for (const value of picks) {
          const shown =
            typeof value === 'string' ? JSON.stringify(value.slice(0, 20)) : JSON.stringify(value)?.slice(0, 30);
          await sendBody(`field ${key}=${shown}`, bodyOf({ ...validBody, [key]: value }));
        }
        // Missing just this one.
        const { [key]: _dropped, ...rest } = validBody as Record<string, Json>;
        await sendBody(`field ${key} missing`, bodyOf(rest));
      }
    }
  }

  it('fuzzes every operation, anonymous and signed in: never a 5xx, never a leak', { timeout: 600_000 }, async () => {
    const anonymous: Identity = { name: 'visitor', headers: () => csrfHeaders(t.app) };
    const user = await signIn(t);
    const signedIn: Identity = {
      name: 'user',
      // A new session per operation: fuzzing sign-out or the clock must not leave the rest signed out.
      headers: () => sessionHeaders(t, user.user.id),
    };
    const rng = fc.sample(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
      seed: SEED,
      numRuns: 100_000,
    });
    let i = 0;
    const next = () => rng[i++ % rng.length] as number;
    for (const op of ops) {
      await fuzzOperation(op, anonymous, next);
      await fuzzOperation(op, signedIn, next);
    }
    const fuzzFindings = findings.filter((f) => f.who === 'visitor' || f.who === 'user');
    expect(fuzzFindings, report(fuzzFindings)).toEqual([]);
  });

  it('refuses every state-changing operation with a session but no, a forged or another session\u2019s CSRF token', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const exempt = ops.filter((op) => isStateChanging(op) && op.csrf === false).map((op) => op.label);
    console.log(`attack suite: CSRF-exempt operations (csrf: false): ${exempt.join(', ') || 'none'}`);
    const checked = ops.filter((op) => isStateChanging(op) && op.csrf !== false);
    expect(checked.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const op of checked) {
      const url = fill(op.path, Object.fromEntries(op.pathParams.map((p) => [p.name, String(sample(p.schema))])));
      // A's session with B's session's token: a token planted from another session.
      const mine = await sessionHeaders(t, a.user.id);
      const session = mine.cookie!.split('; ').find((c) => c.startsWith('nb_at='))!;
      const theirs = await sessionHeaders(t, b.user.id);
      const theirToken = theirs['x-xsrf-token']!;
      const cases: [string, Record<string, string>][] = [
        ['no token', { cookie: session }],
        ['forged token', { cookie: `${session}; XSRF-TOKEN=forged-token`, 'x-xsrf-token': 'forged-token' }],
        ['cookie without header', { cookie: mine.cookie! }],
        [
          'another session\u2019s token',
          { cookie: `${session}; XSRF-TOKEN=${theirToken}`, 'x-xsrf-token': theirToken },
        ],
      ];
      for (const [name, headers] of cases) {
        const res = await send(op, 'csrf', name, {
          url,
          headers,
          ...(op.method === 'GET' ? {} : { payload: '{}', contentType: 'application/json' }),
        });
        if (res.statusCode !== 403 || codeOf(res.body) !== 'Csrf.Invalid') {
          wrong.push(`${op.label} with ${name} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  describe('authorization', () => {
    const ACCESS_KINDS = ['public', 'user'];
    const isOwner = (a: Access | undefined): a is { owner: string; id?: string } =>
      typeof a === 'object' && a !== null && 'owner' in a;
    const isOperator = (a: Access | undefined): a is { operator: string | string[] } =>
      typeof a === 'object' && a !== null && 'operator' in a;

    /** The body schema (or the alternative of a union) that has the field. */
    const bodyWith = (body: Schema | undefined, field: string): Schema | undefined => {
      const s = resolve(body);
      if (s.properties?.[field]) return s;
      return [...(s.anyOf ?? []), ...(s.oneOf ?? [])].map(resolve).find((alt) => alt.properties?.[field]);
    };

    it('every operation declares who may call it; /admin operations are for operators', () => {
      const undeclared = ops.filter(
        (op) => !(ACCESS_KINDS.includes(op.access as string) || isOwner(op.access) || isOperator(op.access)),
      );
      expect(
        undeclared.map((op) => `${op.label}: ${JSON.stringify(op.access)}`),
        'operations without an access declaration (config.access)',
      ).toEqual([]);
      const openAdmin = ops.filter((op) => op.path.startsWith('/api/admin/') && !isOperator(op.access));
      expect(
        openAdmin.map((op) => op.label),
        '/admin operations not limited to operators',
      ).toEqual([]);
      // An owner declaration names where the resource id is: a path parameter or a body field.
      const unnamed = ops.filter((op) => {
        if (!isOwner(op.access)) return false;
        const id = op.access.id;
        if (id === undefined) return op.pathParams.length !== 1;
        return !op.pathParams.some((p) => p.name === id) && !bodyWith(op.body, id);
      });
      expect(
        unnamed.map((op) => op.label),
        'owner operations whose resource id is not found',
      ).toEqual([]);
    });

    it('an app with an undeclared /api route does not start', async () => {
      const app = await buildApp({ config: t.config, database: t.database, clock: t.clock, logger: false });
      app.get('/api/zz-undeclared', async () => ok(null));
      await expect(app.ready()).rejects.toThrow(/GET \/api\/zz-undeclared/);
      await app.close().catch(() => undefined);
    });

    it('answers a visitor 401 on every operation that is not public', async () => {
      const wrong: string[] = [];
      for (const op of ops.filter((o) => o.access !== 'public')) {
        const url = fill(op.path, Object.fromEntries(op.pathParams.map((p) => [p.name, String(sample(p.schema))])));
        const res = await send(op, 'visitor', 'closed', {
          url,
          headers: await csrfHeaders(t.app),
          ...(op.method === 'GET' ? {} : { payload: '{}', contentType: 'application/json' }),
        });
        if (res.statusCode !== 401 || codeOf(res.body) !== 'Account.Unauthorized') {
          wrong.push(`${op.label} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      expect(wrong, wrong.join('\n')).toEqual([]);
    });

    it('answers a plain user 403 on every operator operation', async () => {
      const user = await signIn(t);
      const wrong: string[] = [];
      const operatorOps = ops.filter((o) => isOperator(o.access));
      expect(operatorOps.length).toBeGreaterThan(0);
      for (const op of operatorOps) {
        const url = fill(op.path, Object.fromEntries(op.pathParams.map((p) => [p.name, String(sample(p.schema))])));
        const res = await send(op, 'user', 'operator only', {
          url,
          headers: user.headers,
          ...(op.method === 'GET' ? {} : { payload: '{}', contentType: 'application/json' }),
        });
        if (res.statusCode !== 403 || codeOf(res.body) !== 'Account.Forbidden') {
          wrong.push(`${op.label} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      expect(wrong, wrong.join('\n')).toEqual([]);
    });

    type Owner = Awaited<ReturnType<typeof signIn>>;
    /**
     * One resource of each owner kind, created for user A. A new kind of owner-scoped resource must
     * add its fixture here (the suite fails on a kind without one).
     */
    const FIXTURES: Record<string, (a: Owner) => Promise<string>> = {
      order: async (a) => (await newOrder(t, a.user.id)).id,
      recharge: async (a) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/funds/recharge',
          headers: a.headers,
          payload: { amountCents: 10_000, method: 'alipay' },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.rechargeId as string;
      },
      payee: async (a) => {
        const res = await savePayee(t, a.headers, paypalPayee());
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.payeeId as string;
      },
      'payee-file': (a) => uploadPng(t, a.headers),
      card: async (a) => {
        await t.app.platform.db.transaction((tx) =>
          saveCardFromPayment(tx, {
            userId: a.user.id,
            provider: 'sandbox',
            card: { token: `tok_${a.user.id}`, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, holder: 'A' },
            now: t.clock.now(),
          }),
        );
        const res = await t.app.inject({ method: 'GET', url: '/api/funds/cards', headers: a.headers });
        return res.json().data.items[0].cardId as string;
      },
      'saved-filter': async (a) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/saved-filters',
          headers: a.headers,
          payload: { name: 'mine', filter: {} },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.id as string;
      },
      session: async (a) => {
        const res = await t.app.inject({ method: 'GET', url: '/api/account-manage/sessions', headers: a.headers });
        return res.json().data.items[0].id as string;
      },
      'access-key': async (a) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/account-manage/create-ak',
          headers: a.headers,
          payload: {},
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.keyId as string;
      },
      domain: async (a) => {
        const name = `attack-${a.user.id}.com`;
        await t.app.platform.db.transaction((tx) =>
          deliverDomain(tx, {
            userId: a.user.id,
            domain: name,
            registrar: 'NameBourse Registrar',
            registeredAt: null,
            expiresAt: null,
            orderId: null,
            now: t.clock.now(),
          }),
        );
        return name;
      },
      listing: async (a) => {
        const name = `listing-${a.user.id}.com`;
        const row = await t.app.platform.db.transaction((tx) =>
          deliverDomain(tx, {
            userId: a.user.id,
            domain: name,
            registrar: 'NameBourse Registrar',
            registeredAt: null,
            expiresAt: null,
            orderId: null,
            now: t.clock.now(),
          }),
        );
        // Listed domains have their transfer lock off.
        await t.app.platform.db.update(domains).set({ lockStatus: 'open' }).where(eq(domains.id, row.id));
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/listings',
          headers: a.headers,
          payload: { domain: name, mode: 'fixed', priceCents: 1_000 },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.listingId as string;
      },
      'domain-group': async (a) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/domain-groups',
          headers: a.headers,
          payload: { name: `g${a.user.id}` },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.groupId as string;
      },
      offer: async (a) => {
        const seller = await signIn(t);
        const listing = await insertListing(
          t.app.platform.db,
          seller.user.id,
          `offer-${a.user.id}.com`,
          t.clock.now(),
          {
            mode: 'offer',
            priceCents: null,
          },
        );
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/listings/${listing.id}/offers`,
          headers: a.headers,
          payload: { amountCents: 1_000 },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.offerId as string;
      },
      message: async (a) => {
        await notify(t.app.platform.db, { userId: a.user.id, kind: MESSAGE_KINDS[0], now: t.clock.now() });
        const res = await t.app.inject({ method: 'GET', url: '/api/messages', headers: a.headers });
        return res.json().data.items[0].messageId as string;
      },
      'support-conversation': async (a) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/support/conversations',
          headers: a.headers,
          remoteAddress: nextIp(),
          payload: { message: 'attack fixture', clientId: 'fixture' },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.conversation.conversationId as string;
      },
    };

    it('tries every owner-scoped operation as a second user on the first user\u2019s resource: 404 or 403', async () => {
      const ownerOps = ops.filter((o) => isOwner(o.access));
      expect(ownerOps.length).toBeGreaterThan(0);
      const kinds = [...new Set(ownerOps.map((o) => (o.access as { owner: string }).owner))];
      expect(
        kinds.filter((k) => !FIXTURES[k]),
        'owner kinds without a fixture in attack.db.test.ts',
      ).toEqual([]);
      const wrong: string[] = [];
      for (const op of ownerOps) {
        const access = op.access as { owner: string; id?: string };
        // Both can act (complete contact information), so only ownership stands between B and A's resource.
        const a = await signIn(t);
        const b = await signIn(t);
        for (const who of [a, b]) await writeCompleteContactInfo(t.app.platform.db, who.user.id, t.clock.now());
        const id = await FIXTURES[access.owner]!(a);
        const field = access.id ?? op.pathParams[0]!.name;
        const pathValues = Object.fromEntries(op.pathParams.map((p) => [p.name, String(sample(p.schema))]));
        let payload: string | undefined;
        if (op.pathParams.some((p) => p.name === field)) pathValues[field] = encodeURIComponent(id);
        const inPath = op.pathParams.some((p) => p.name === field);
        const bodySchema = inPath ? op.body : bodyWith(op.body, field);
        const body = hasBody(op) ? ((sample(bodySchema) ?? {}) as Record<string, Json>) : undefined;
        if (body && !inPath) {
          body[field] = typeOf(resolve(bodySchema?.properties?.[field])) === 'array' ? [id] : id;
        }
        if (body) payload = JSON.stringify(body);
        const request = (headers: Record<string, string>) => ({
          url: fill(op.path, pathValues),
          headers,
          ...(payload !== undefined ? { payload, contentType: 'application/json' } : {}),
          ...(op.method !== 'GET' && payload === undefined && op.body
            ? { payload: '{}', contentType: 'application/json' }
            : {}),
        });
        const theirs = await send(op, 'second user', `${access.owner} of another user`, request(b.headers));
        const code = String(codeOf(theirs.body));
        // Not found, or refused as not theirs: never a precondition (MFA, CSRF, contact information)
        // answered before ownership was looked at.
        if (!(theirs.statusCode === 404 || (theirs.statusCode === 403 && code === 'Account.Forbidden'))) {
          wrong.push(
            `${op.label} on another user\u2019s ${access.owner} → ${theirs.statusCode} ${theirs.body.slice(0, 160)}`,
          );
          continue;
        }
        // The owner is not refused the same way: the request reached the resource.
        const own = await send(op, 'owner', `${access.owner} of their own`, request(a.headers));
        if (codeOf(own.body) === code) {
          wrong.push(
            `${op.label}: the owner gets the same ${code} as a stranger (the fixture or the request is wrong)`,
          );
        }
      }
      expect(wrong, wrong.join('\n')).toEqual([]);
    });

    it('refuses API keys on /account-manage/*', async () => {
      const a = await signIn(t);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/account-manage/create-ak',
        headers: a.headers,
        payload: {},
      });
      expect(created.statusCode, created.body).toBe(200);
      const { keyId, secret } = created.json().data as { keyId: string; secret: string };
      const bearer = { authorization: `Bearer ${keyId}.${secret}` };
      // The key works elsewhere.
      const elsewhere = await t.app.inject({ method: 'GET', url: '/api/funds/summary', headers: bearer });
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
      const manage = ops.filter((o) => o.path.startsWith('/api/account-manage/'));
      expect(manage.length).toBeGreaterThan(0);
      const wrong: string[] = [];
      for (const op of manage) {
        const res = await send(op, 'api key', 'account management', {
          url: fill(op.path, {}),
          headers: bearer,
          ...(op.method === 'GET' ? {} : { payload: '{}', contentType: 'application/json' }),
        });
        if (![401, 403].includes(res.statusCode))
          wrong.push(`${op.label} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(wrong, wrong.join('\n')).toEqual([]);
    });
  });

  // Runs last: it looks at every answer the suite received.
  it('answers only with error codes its OpenAPI operation lists (the document tells clients what to handle)', () => {
    const undocumented = findings.filter((f) => f.problem.includes('does not list'));
    const distinct = [...new Set(undocumented.map((f) => `${f.op}: ${f.problem}`))];
    expect(distinct, distinct.join('\n')).toEqual([]);
  });
});
