import { type LoginState, USER_STORAGE_KEYS } from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { renderEnv } from '../../lib/render-env.ts';
import { clearUserInfo, readUserInfo, writeUserInfo } from '../../lib/user-storage.ts';
import { useUserTimeZoneSync } from '../../lib/user-time-zone.ts';
import { type CheckLoginResult, checkLogin, isLoggedIn, QUIET, SIGNED_OUT } from './check-login.ts';
import { logoutTarget } from './logout-target.ts';
import { reloadPage } from './reload-page.ts';

export interface Session {
  /** Spec §3 login state. */
  userInfo: LoginState;
  isLogin: boolean;
  /** Runs check-login (concurrent callers share one request) and stores the answer. */
  refresh: () => Promise<CheckLoginResult>;
  /** Stores the user after a successful login or registration. */
  setUserInfo: (info: LoginState) => void;
  /** Spec §2 logout: call the API, clear storage, then go to login (console) or reload (elsewhere). */
  logout: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

function persist(info: LoginState): void {
  if (isLoggedIn(info)) writeUserInfo(info);
  else clearUserInfo();
}

function sameUser(a: LoginState, b: LoginState): boolean {
  return a.accountNo === b.accountNo && a.nickname === b.nickname;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  // A server-rendered page starts from the session the server saw (so hydration matches), others from storage.
  const [userInfo, setState] = useState<LoginState>(() => renderEnv()?.session ?? readUserInfo());
  const inflight = useRef<Promise<CheckLoginResult> | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A signed-in user's time-zone setting decides every date the pages show (cookie nb_utz, read by the renderer).
  useUserTimeZoneSync(isLoggedIn(userInfo));

  const apply = useCallback((info: LoginState) => {
    persist(info);
    setState((prev) => (sameUser(prev, info) ? prev : info));
  }, []);

  const refresh = useCallback(() => {
    if (inflight.current) return inflight.current;
    const request = checkLogin()
      .then((result) => {
        if (result.status === 'ok') apply(result.info);
        return result;
      })
      .finally(() => {
        inflight.current = null;
      });
    inflight.current = request;
    return request;
  }, [apply]);

  const pathname = location.pathname;
  const pathWithSearch = `${location.pathname}${location.search}`;

  const logout = useCallback(async () => {
    try {
      // A GET that signs out: sent with the CSRF header, so the server can refuse it cross-site.
      await api.get('/account/logout', undefined, { ...QUIET, csrf: true });
    } catch {
      // Spec §2: logging out locally must work even when the call fails.
    }
    clearUserInfo();
    setState(SIGNED_OUT);
    queryClient.clear();
    const target = logoutTarget(pathname, pathWithSearch);
    if (target.kind === 'login') navigate(target.to, { replace: true });
    else reloadPage();
  }, [navigate, pathname, pathWithSearch, queryClient]);

  // Another tab logged in or out: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || Object.values<string>(USER_STORAGE_KEYS).includes(event.key)) {
        const next = readUserInfo();
        setState((prev) => (sameUser(prev, next) ? prev : next));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<Session>(
    () => ({ userInfo, isLogin: isLoggedIn(userInfo), refresh, setUserInfo: apply, logout }),
    [userInfo, refresh, apply, logout],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
