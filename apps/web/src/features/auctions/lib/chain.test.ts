// @vitest-environment node
import { createHash } from 'node:crypto';
import { type BidRecord, bidHashInput, GENESIS_HASH } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { sha256Hex, verifyChain } from './chain.ts';

const AUCTION = '42';
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Three records chained the way the server is specified to chain them (computed here with node:crypto). */
function fixture(): BidRecord[] {
  const records: BidRecord[] = [];
  let prev = GENESIS_HASH;
  const rows = [
    { bidderNo: 1, amountCents: 1_000, kind: 'manual' as const },
    { bidderNo: 2, amountCents: 1_100, kind: 'manual' as const },
    { bidderNo: 1, amountCents: 1_200, kind: 'proxy' as const },
  ];
  for (const [index, row] of rows.entries()) {
    const base = { seq: index + 1, ...row, createdAt: `2025-03-07T10:0${index}:00.000Z`, prevHash: prev };
    const hash = sha(bidHashInput(AUCTION, base));
    records.push({ bidId: String(100 + index), isMine: false, ...base, hash });
    prev = hash;
  }
  return records;
}

describe('bid chain verification', () => {
  it('hashes UTF-8 text with SHA-256 like the server', async () => {
    expect(await sha256Hex('竞价|1')).toBe(sha('竞价|1'));
  });

  it('accepts an intact chain in any order up to its head', async () => {
    const records = fixture();
    const head = records[2]?.hash ?? '';
    expect(await verifyChain(AUCTION, [...records].reverse(), head)).toEqual({ status: 'ok', count: 3, head });
    expect(await verifyChain(AUCTION, [], null)).toMatchObject({ status: 'ok', count: 0 });
  });

  it('names the first broken record when an amount was changed', async () => {
    const records = fixture();
    const tampered = records.map((r) => (r.seq === 2 ? { ...r, amountCents: 1_150 } : r));
    expect(await verifyChain(AUCTION, tampered, records[2]?.hash ?? null)).toEqual({
      status: 'broken',
      seq: 2,
      reason: 'hash',
    });
  });

  it('detects a broken link, a missing record, a wrong head and another lot id', async () => {
    const records = fixture();
    const head = records[2]?.hash ?? null;
    const relinked = records.map((r) => (r.seq === 3 ? { ...r, prevHash: GENESIS_HASH } : r));
    expect(await verifyChain(AUCTION, relinked, head)).toMatchObject({ status: 'broken', seq: 3, reason: 'link' });
    expect(
      await verifyChain(
        AUCTION,
        records.filter((r) => r.seq !== 2),
        head,
      ),
    ).toMatchObject({ status: 'broken', seq: 3 });
    expect(await verifyChain(AUCTION, records, records[1]?.hash ?? null)).toMatchObject({
      status: 'broken',
      reason: 'head',
    });
    expect(await verifyChain('43', records, head)).toMatchObject({ status: 'broken', seq: 1, reason: 'hash' });
  });
});
