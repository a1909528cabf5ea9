import type { DomainBatchBody, DomainBatchResult } from '@namebourse/contract';
import { api } from '../../../lib/api-client.ts';
import { DOMAINS_PATH } from './get-domains.ts';

/** POST /api/domains/batch → { succeeded, failed: [{ name, code, message }] } (one chunk; the caller reports progress). */
export function batchDomains(body: DomainBatchBody): Promise<DomainBatchResult> {
  return api.post<DomainBatchResult>(`${DOMAINS_PATH}/batch`, body, { errorMode: 'silent' });
}
