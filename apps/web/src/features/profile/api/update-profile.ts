import type { Profile, UpdateProfileRequest } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './keys.ts';

export const UPDATE_PROFILE_PATH = '/account-manage/update-profile';

/** POST /api/account-manage/update-profile. Field errors are shown under the fields by the form (errorMode 'message'). */
export function updateProfile(body: UpdateProfileRequest): Promise<Profile> {
  return api.post<Profile>(UPDATE_PROFILE_PATH, body, { errorMode: 'message' });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => queryClient.setQueryData(profileKeys.profile, data),
  });
}
