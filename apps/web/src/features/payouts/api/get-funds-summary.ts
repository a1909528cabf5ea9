import type { FundsSummary } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { payoutsKeys } from './keys.ts';

export const FUNDS_SUMMARY_PATH = '/funds/summary';

/** GET /api/funds/summary: the settlement form needs the available earnings. */
export function getFundsSummary(signal?: AbortSignal): Promise<FundsSummary> {
  return api.get<FundsSummary>(FUNDS_SUMMARY_PATH, undefined, { errorMode: 'message', signal });
}

export function useFundsSummary() {
  return useQuery({ queryKey: payoutsKeys.summary(), queryFn: ({ signal }) => getFundsSummary(signal) });
}
