import type { BillingInfo } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './keys.ts';

export const GET_BILLING_INFO_PATH = '/account-manage/get-billing-info';

/** GET /api/account-manage/get-billing-info (errors shown in place by the page: errorMode 'message'). */
export function getBillingInfo(signal?: AbortSignal): Promise<BillingInfo> {
  return api.get<BillingInfo>(GET_BILLING_INFO_PATH, undefined, { errorMode: 'message', signal });
}

export function useBillingInfo() {
  return useQuery({ queryKey: profileKeys.billingInfo, queryFn: ({ signal }) => getBillingInfo(signal) });
}
