import type { Ownership } from '@namebourse/contract';
import { api } from '../../../lib/api-client.ts';
import { ownershipPath } from './get-ownership.ts';

/** A DNS lookup may take a few seconds on a slow resolver. */
const CHECK_TIMEOUT_MS = 20_000;

/** POST /api/ownership/:domain: looks the TXT record up now → the result (verified, or failed with a reason). */
export function checkOwnership(domain: string): Promise<Ownership> {
  return api.post<Ownership>(ownershipPath(domain), {}, { errorMode: 'silent', timeoutMs: CHECK_TIMEOUT_MS });
}
