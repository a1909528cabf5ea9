import type { AccessKey as ContractAccessKey } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { itemsOf } from './get-sessions.ts';
import { securityKeys } from './keys.ts';

export const GET_AK_PATH = '/account-manage/get-ak';

export type AccessKey = ContractAccessKey;

export const AK_STATUS = { enabled: 'enabled', disabled: 'disabled' } as const satisfies Record<
  string,
  AccessKey['status']
>;

export function isKeyEnabled(key: Pick<AccessKey, 'status'>): boolean {
  return key.status.toLowerCase() === AK_STATUS.enabled;
}

/** GET /api/account-manage/get-ak (a bare array or `{ items }`). */
export async function getAccessKeys(signal?: AbortSignal): Promise<AccessKey[]> {
  const data = await api.get<unknown>(GET_AK_PATH, undefined, { errorMode: 'message', signal });
  return itemsOf<AccessKey>(data).map((key) => ({
    ...key,
    status: String(key.status ?? '').toLowerCase() === AK_STATUS.enabled ? AK_STATUS.enabled : AK_STATUS.disabled,
    ipWhiteList: Array.isArray(key.ipWhiteList) ? key.ipWhiteList : [],
    lastUsedAt: key.lastUsedAt ?? null,
  }));
}

export function useAccessKeys(enabled = true) {
  return useQuery({ queryKey: securityKeys.accessKeys(), queryFn: ({ signal }) => getAccessKeys(signal), enabled });
}
