import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../test/helpers.ts';
import { redactStatement, serializeError } from './error-log.ts';

/** Looks like a payee's bank account: must never appear in a log line. */
const SECRET = 'GB29NWBK60161331926819';

/** The app's log lines, parsed, as the app writes them. */
function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { lines, raw, stream };
}

describe.each(enginesFor('sql'))('error logs (%s)', (engine) => {
  let t: TestContext;
  const log = logCapture();

  beforeAll(async () => {
    t = await buildTestApp(
      engine,
      {},
      (app) => {
        // A failing statement whose parameter is confidential, as a payee insert with a bad value would be.
        app.get('/api/test/failing-query', { config: { access: 'public' } }, async () => {
          await app.platform.db.execute(sql`select ${SECRET}::bigint as account, ${`${SECRET}-2`} as other`);
          return { code: '200' };
        });
        app.platform.sweeper.register({
          name: 'test.failing',
          claim: async (tx) => {
            await tx.execute(sql`select ${SECRET}::int`);
            return [];
          },
          apply: async () => undefined,
        });
      },
      { logger: { level: 'info', stream: log.stream } },
    );
  });
  afterAll(() => t.close());

  it('logs a failed query with its trace id, SQLSTATE and statement, without its parameters', async () => {
    const res = await t.app.inject({ url: '/api/test/failing-query' });
    expect(res.statusCode).toBe(500);
    expect(log.raw.join('\n')).not.toContain(SECRET);
    const body = res.json();
    expect(body.code).toBe('Request.Unexpected');
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toMatch(/select|bigint/i);

    const line = log.lines.find((l) => l.traceId === body.traceId && l.msg === 'unexpected error');
    expect(line).toBeDefined();
    const err = line?.err as Record<string, unknown>;
    expect(err.code).toBe('22P02');
    expect(JSON.stringify(err)).toContain('select $1::bigint as account, $2 as other');
    expect(log.raw.join('\n')).not.toContain(SECRET);
  });

  it('keeps parameters out of the sweeper log too', async () => {
    await t.app.platform.sweeper.runOnce();
    const line = log.lines.find((l) => l.msg === 'sweep batch failed' && l.sweeper === 'test.failing');
    expect(line).toBeDefined();
    expect(log.raw.join('\n')).not.toContain(SECRET);
  });
});

describe('serializeError', () => {
  it("drops a pg error's detail and the values it quotes, keeping what names the fault", () => {
    const pgError = Object.assign(new Error(`invalid input value for enum payee_type: "${SECRET}"`), {
      name: 'error',
      code: '22P02',
      severity: 'ERROR',
      detail: `Key (account)=(${SECRET}) already exists.`,
      constraint: 'payees_account_key',
      table: 'payees',
    });
    const wrapped = Object.assign(new Error(`Failed query: insert into payees values ($1)\nparams: ${SECRET}`), {
      name: 'DrizzleQueryError',
      query: "insert into payees (account, note) values ($1, 'literal note')",
      params: [SECRET],
      cause: pgError,
    });
    const out = serializeError(wrapped);
    const text = JSON.stringify(out);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('literal note');
    expect(out).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query',
      code: '22P02',
      statement: "insert into payees (account, note) values ($1, '…')",
      cause: { code: '22P02', constraint: 'payees_account_key', table: 'payees' },
    });
    expect(String(out.stack)).toMatch(/^DrizzleQueryError: Failed query\n\s+at /);
  });

  it('cuts long statements', () => {
    expect(redactStatement(`select ${'x, '.repeat(400)}1`).length).toBeLessThanOrEqual(301);
  });
});
