import type { BatchPriceBody, BatchPriceResult } from '@namebourse/contract';
import { api } from '../../../lib/api-client.ts';
import { LISTINGS_PATH } from './get-listings.ts';

/** POST /api/listings/batch-price (preview or apply) → { succeeded: old → new, failed: reasons }. */
export function batchPrice(body: BatchPriceBody): Promise<BatchPriceResult> {
  return api.post<BatchPriceResult>(`${LISTINGS_PATH}/batch-price`, body, { errorMode: 'silent' });
}
