import type { Settings } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setUserTimeZone } from '../../../lib/render-env.ts';
import { profileKeys } from './keys.ts';

export const GET_SETTINGS_PATH = '/account-manage/get-settings';

/** GET /api/account-manage/get-settings (errors shown in place by the page: errorMode 'message'). */
export function getSettings(signal?: AbortSignal): Promise<Settings> {
  return api.get<Settings>(GET_SETTINGS_PATH, undefined, { errorMode: 'message', signal });
}

/** The settings; their time zone becomes the one every date of the app is written in (lib/render-env.ts). */
export function useSettings() {
  return useQuery({
    queryKey: profileKeys.settings,
    queryFn: async ({ signal }) => {
      const settings = await getSettings(signal);
      setUserTimeZone(settings.timeZone);
      return settings;
    },
  });
}
