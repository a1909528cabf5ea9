import type { Settings, UpdateSettingsRequest } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setUserTimeZone } from '../../../lib/render-env.ts';
import { profileKeys } from './keys.ts';

export const UPDATE_SETTINGS_PATH = '/account-manage/update-settings';

/** POST /api/account-manage/update-settings. Field errors are shown under the fields by the form (errorMode 'message'). */
export function updateSettings(body: UpdateSettingsRequest): Promise<Settings> {
  return api.post<Settings>(UPDATE_SETTINGS_PATH, body, { errorMode: 'message' });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (data) => {
      queryClient.setQueryData(profileKeys.settings, data);
      setUserTimeZone(data.timeZone);
    },
  });
}
