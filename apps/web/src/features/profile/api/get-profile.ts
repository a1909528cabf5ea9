import type { Profile } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './keys.ts';

export const GET_PROFILE_PATH = '/account-manage/get-profile';

/** GET /api/account-manage/get-profile (errors shown in place by the page: errorMode 'message'). */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return api.get<Profile>(GET_PROFILE_PATH, undefined, { errorMode: 'message', signal });
}

export function useProfile() {
  return useQuery({ queryKey: profileKeys.profile, queryFn: ({ signal }) => getProfile(signal) });
}
