import type { FundsSummary } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fundsKeys } from './keys.ts';

export const SUMMARY_PATH = '/funds/summary';

/** GET /api/funds/summary: available, frozen (with what holds it) and earnings. The page shows errors in place. */
export function getSummary(signal?: AbortSignal): Promise<FundsSummary> {
  return api.get<FundsSummary>(SUMMARY_PATH, undefined, { errorMode: 'message', signal });
}

export function useFundsSummary() {
  return useQuery({ queryKey: fundsKeys.summary(), queryFn: ({ signal }) => getSummary(signal) });
}
