import type { AccessKey } from '@namebourse/contract';
import type { AccessKeyRow } from './security.repository.ts';

/** Access-key row → the contract's AccessKey (never the secret or its hash). */
export function presentAccessKey(row: AccessKeyRow): AccessKey {
  return {
    keyId: row.keyId,
    status: row.status,
    ipWhiteList: row.ipWhiteList,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}
