import type { BillingInfo, SaveBillingInfoRequest } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './keys.ts';

export const SAVE_BILLING_INFO_PATH = '/account-manage/save-billing-info';

/** POST /api/account-manage/save-billing-info. Field errors are shown under the fields by the form (errorMode 'message'). */
export function saveBillingInfo(body: SaveBillingInfoRequest): Promise<BillingInfo> {
  return api.post<BillingInfo>(SAVE_BILLING_INFO_PATH, body, { errorMode: 'message' });
}

export function useSaveBillingInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingInfo,
    onSuccess: (data) => queryClient.setQueryData(profileKeys.billingInfo, data),
  });
}
