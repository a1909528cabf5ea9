import { type BidRecord, bidHashInput, GENESIS_HASH } from '@namebourse/contract';

export type ChainResult =
  | { status: 'ok'; count: number; head: string }
  | { status: 'broken'; seq: number; reason: 'link' | 'hash' | 'sequence' | 'head' };

type Hasher = (text: string) => Promise<string>;

/** SHA-256 of the UTF-8 bytes of `text`, as lower-case hex (WebCrypto). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Recomputes a lot's bid chain: records in seq order 1…n, each linking to the previous hash (GENESIS_HASH first),
 * each hash equal to sha256(bidHashInput(auctionId, record)), and the last hash equal to the lot's chain head.
 * Returns the first broken record (or 'head' when only the head disagrees).
 */
export async function verifyChain(
  auctionId: string,
  records: readonly BidRecord[],
  chainHead: string | null,
  hash: Hasher = sha256Hex,
): Promise<ChainResult> {
  const ordered = [...records].sort((a, b) => a.seq - b.seq);
  let prev = GENESIS_HASH;
  for (const [index, record] of ordered.entries()) {
    if (record.seq !== index + 1) return { status: 'broken', seq: record.seq, reason: 'sequence' };
    if (record.prevHash !== prev) return { status: 'broken', seq: record.seq, reason: 'link' };
    const computed = await hash(bidHashInput(auctionId, record));
    if (computed !== record.hash.toLowerCase()) return { status: 'broken', seq: record.seq, reason: 'hash' };
    prev = record.hash.toLowerCase();
  }
  const expectedHead = (chainHead ?? GENESIS_HASH).toLowerCase();
  if (prev !== expectedHead) return { status: 'broken', seq: ordered.length, reason: 'head' };
  return { status: 'ok', count: ordered.length, head: prev };
}

/** "3f2a…9c1b": a hash shortened for display. */
export function shortHash(hash: string, keep = 8): string {
  return hash.length <= keep * 2 + 1 ? hash : `${hash.slice(0, keep)}…${hash.slice(-keep)}`;
}
