import type { Settings } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api-client.ts';
import { setUserTimeZone } from './render-env.ts';

const SETTINGS_PATH = '/account-manage/get-settings';

/**
 * Keeps the dates of the app in the signed-in user's time-zone setting (issue 18): reads the setting once a
 * session is there (quietly: a failure leaves the device's zone) and forgets it on sign-out. Mounted once, by the
 * session provider; the settings form sets the zone itself when it saves.
 */
export function useUserTimeZoneSync(isLogin: boolean): void {
  const { data } = useQuery({
    queryKey: ['session', 'time-zone'],
    queryFn: ({ signal }) =>
      api.get<Settings>(SETTINGS_PATH, undefined, {
        errorMode: 'silent',
        signal,
        handlers: {
          'Account.Unauthorized': () => {
            // Signed out meanwhile: the device's zone stays.
          },
        },
      }),
    enabled: isLogin,
    staleTime: 10 * 60_000,
    retry: false,
  });
  useEffect(() => {
    if (!isLogin) setUserTimeZone(null);
    else if (data?.timeZone) setUserTimeZone(data.timeZone);
  }, [isLogin, data?.timeZone]);
}
