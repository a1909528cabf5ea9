import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { needsEncode, serializerCompiler } from './serializer.ts';

const serialize = (schema: z.ZodType, data: unknown) =>
  serializerCompiler({ schema, method: 'GET', url: '/api/x', httpStatus: '200' })(data);

describe('response serializer', () => {
  it('drops keys the schema does not name and keeps the rest', () => {
    const schema = z.object({ a: z.number(), nested: z.array(z.object({ b: z.string().nullable() })) });
    expect(JSON.parse(serialize(schema, { a: 1, secret: 'x', nested: [{ b: null, hidden: true }] }))).toEqual({
      a: 1,
      nested: [{ b: null }],
    });
  });

  it('refuses a response that does not match its schema', () => {
    expect(() => serialize(z.object({ a: z.number() }), { a: 'one' })).toThrow();
  });

  it('encodes a schema with a codec (backward), so the wire gets the encoded value', () => {
    const isoDate = z.codec(z.iso.datetime(), z.date(), {
      decode: (s) => new Date(s),
      encode: (d) => d.toISOString(),
    });
    const schema = z.object({ at: isoDate });
    expect(needsEncode(schema)).toBe(true);
    expect(JSON.parse(serialize(schema, { at: new Date('2026-11-25T00:00:00.000Z') }))).toEqual({
      at: '2026-11-25T00:00:00.000Z',
    });
  });

  it('tells plain schemas from directional ones anywhere inside', () => {
    expect(needsEncode(z.object({ a: z.array(z.union([z.string(), z.number().optional()])) }))).toBe(false);
    expect(needsEncode(z.object({ a: z.array(z.string().transform((s) => s.length)) }))).toBe(true);
    expect(needsEncode(z.object({ a: z.record(z.string(), z.string().pipe(z.email())) }))).toBe(true);
    expect(
      needsEncode(z.discriminatedUnion('k', [z.object({ k: z.literal('a') }), z.object({ k: z.literal('b') })])),
    ).toBe(false);
  });
});
