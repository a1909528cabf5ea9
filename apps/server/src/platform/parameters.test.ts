import { DEFAULT_PARAMETERS } from '@namebourse/contract';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/open-database.ts';
import type { EventBus } from './events.ts';
import { createParameterStore, valuesFrom } from './parameters.ts';

/** A logger that keeps what was warned (the store logs a stored value it ignores). */
function recordingLog() {
  const warned: unknown[] = [];
  const log = { warn: (obj: unknown) => warned.push(obj) } as unknown as FastifyBaseLogger;
  return { log, warned };
}

describe('valuesFrom', () => {
  it('gives the defaults when nothing is stored', () => {
    expect(valuesFrom([])).toEqual(DEFAULT_PARAMETERS);
  });

  it('puts each stored value over its default and leaves the others alone', () => {
    const values = valuesFrom([
      { key: 'rechargeFeeCardBps', value: 450 },
      { key: 'autoApproveHeldPlain', value: false },
      { key: 'depositMinCents', value: 0 },
    ]);
    expect(values).toEqual({
      ...DEFAULT_PARAMETERS,
      rechargeFeeCardBps: 450,
      autoApproveHeldPlain: false,
      depositMinCents: 0,
    });
  });

  it('ignores (and logs) a stored value that no longer fits its definition; the default applies', () => {
    const { log, warned } = recordingLog();
    const values = valuesFrom(
      [
        { key: 'rechargeFeeCardBps', value: 2_001 },
        { key: 'settlementMinCents', value: 50 },
        { key: 'taxRateBps', value: '600' },
        { key: 'commissionBps', value: 7.5 },
        { key: 'autoApproveHeldPlain', value: 1 },
      ],
      log,
    );
    expect(values).toEqual(DEFAULT_PARAMETERS);
    expect(warned).toEqual([
      { key: 'rechargeFeeCardBps' },
      { key: 'settlementMinCents' },
      { key: 'taxRateBps' },
      { key: 'commissionBps' },
      { key: 'autoApproveHeldPlain' },
    ]);
  });

  it('ignores rows of keys that are no parameter (removed ones, or the prototype’s names)', () => {
    const values = valuesFrom([
      { key: 'retiredParameter', value: 3 },
      { key: '__proto__', value: { polluted: true } },
      { key: 'toString', value: 1 },
    ]);
    expect(values).toEqual(DEFAULT_PARAMETERS);
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
  });

  it('returns a new object each time (the defaults are never written to)', () => {
    const first = valuesFrom([{ key: 'taxRateBps', value: 900 }]);
    expect(first.taxRateBps).toBe(900);
    expect(DEFAULT_PARAMETERS.taxRateBps).not.toBe(900);
    expect(valuesFrom([]).taxRateBps).toBe(DEFAULT_PARAMETERS.taxRateBps);
  });
});

describe('createParameterStore', () => {
  it('keeps the newest read when overlapping reloads finish out of order', async () => {
    // Two reloads on a pool: the first reads before a change commits, the second after; the first
    // answers last. The values in force must be the second read's.
    const reads: ((rows: { key: string; value: unknown }[]) => void)[] = [];
    let initial = true;
    const db = {
      select: () => ({
        from: () => {
          if (!initial) return new Promise<{ key: string; value: unknown }[]>((resolve) => reads.push(resolve));
          initial = false;
          return Promise.resolve([]);
        },
      }),
    } as unknown as Db;
    const events = { subscribe: () => () => undefined, publish: async () => undefined } as unknown as EventBus;
    const { log } = recordingLog();
    const store = await createParameterStore(db, events, log);
    const older = store.reload();
    const newer = store.reload();
    reads[1]?.([{ key: 'rechargeFeeCardBps', value: 450 }]);
    await newer;
    reads[0]?.([]);
    await older;
    expect(store.get('rechargeFeeCardBps')).toBe(450);
  });
});

describe('createParameterStore checks', () => {
  it('warns about a stored value out of its bounds when it is read, not at every later check', async () => {
    const db = {
      select: () => ({ from: async () => [{ key: 'rechargeFeeCardBps', value: 99_999 }] }),
    } as unknown as Db;
    const events = { subscribe: () => () => undefined, publish: async () => undefined } as unknown as EventBus;
    const { log, warned } = recordingLog();
    const store = await createParameterStore(db, events, log);
    await store.reload();
    await store.reload();
    expect(store.get('rechargeFeeCardBps')).toBe(DEFAULT_PARAMETERS.rechargeFeeCardBps);
    expect(warned).toEqual([{ key: 'rechargeFeeCardBps' }]);
  });
});
