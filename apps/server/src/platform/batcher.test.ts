import { describe, expect, it } from 'vitest';
import { KeyedBatcher, type Settled } from './batcher.ts';

/** A runner that records its batches and lets the test finish each one. */
function recorder() {
  const batches: { key: string; items: number[]; finish: () => void }[] = [];
  const batcher = new KeyedBatcher<number, number>(
    (key, items) =>
      new Promise<Settled<number>[]>((resolve) => {
        batches.push({
          key,
          items,
          finish: () =>
            resolve(
              items.map((n) => (n < 0 ? { ok: false, error: new Error(`refused ${n}`) } : { ok: true, value: n * 10 })),
            ),
        });
      }),
    3,
  );
  return { batcher, batches };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('KeyedBatcher', () => {
  it('runs the first item alone, then everything that arrived meanwhile together, in order, at most maxBatch', async () => {
    const { batcher, batches } = recorder();
    const results = [1, 2, 3, 4, 5].map((n) => batcher.submit('lot-1', n));
    await tick();
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    batches[0]?.finish();
    await tick();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3, 4]]);
    batches[1]?.finish();
    await tick();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3, 4], [5]]);
    batches[2]?.finish();
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40, 50]);
    expect(batcher.busyKeys).toBe(0);
  });

  it('keeps keys apart and settles each item on its own: one refusal does not fail the others', async () => {
    const { batcher, batches } = recorder();
    const a = batcher.submit('a', 1);
    const b = batcher.submit('b', 2);
    await tick();
    expect(batches.map((x) => x.key)).toEqual(['a', 'b']);
    for (const x of batches) x.finish();
    await tick();
    const bad = expect(batcher.submit('a', -7)).rejects.toThrow('refused -7');
    const good = batcher.submit('a', 8);
    await tick();
    for (const x of batches.slice(2)) x.finish();
    await tick();
    for (const x of batches.slice(3)) x.finish();
    expect(await a).toBe(10);
    expect(await b).toBe(20);
    await bad;
    expect(await good).toBe(80);
  });

  it('a runner that throws fails that batch only; the key works again afterwards', async () => {
    let calls = 0;
    const batcher = new KeyedBatcher<number, number>(async (_key, items) => {
      calls++;
      if (calls === 1) throw new Error('database down');
      return items.map((n) => ({ ok: true, value: n }));
    });
    await expect(batcher.submit('k', 1)).rejects.toThrow('database down');
    expect(await batcher.submit('k', 2)).toBe(2);
  });
});
