import { API_ACCESS } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKeys } from './keys.ts';

export const CHECK_CAN_CREATE_AK_PATH = '/account-manage/check-can-create-ak';

/** Eligibility for API access (spec §6): spending in the last 24 months and available balance, in cents. */
export interface AkEligibility {
  canCreate: boolean;
  /** 'OK', 'SPENDING_TOO_LOW', 'BALANCE_TOO_LOW', 'KEY_LIMIT_REACHED' (contract ApiAccessReason), or null. */
  reason: string | null;
  keyCount: number;
  maxKeys: number;
  spentCents: number;
  availableCents: number;
  requiredSpentCents: number;
  requiredAvailableCents: number;
}

const cents = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : 0);

/** GET /api/account-manage/check-can-create-ak. */
export async function checkCanCreateAk(signal?: AbortSignal): Promise<AkEligibility> {
  const data = await api.get<Partial<AkEligibility> | null>(CHECK_CAN_CREATE_AK_PATH, undefined, {
    errorMode: 'message',
    signal,
  });
  return {
    canCreate: Boolean(data?.canCreate),
    reason: typeof data?.reason === 'string' && data.reason ? data.reason : null,
    keyCount: cents(data?.keyCount),
    maxKeys: cents(data?.maxKeys) || API_ACCESS.maxKeysPerAccount,
    spentCents: cents(data?.spentCents),
    availableCents: cents(data?.availableCents),
    requiredSpentCents: cents(data?.requiredSpentCents),
    requiredAvailableCents: cents(data?.requiredAvailableCents),
  };
}

export function useAkEligibility() {
  return useQuery({ queryKey: securityKeys.akEligibility(), queryFn: ({ signal }) => checkCanCreateAk(signal) });
}
