import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../app/session/session-context.tsx';
import { loginPath } from '../../lib/login-redirect.ts';

/** Whether a user is signed in, and a function that sends a visitor to sign in and back here afterwards. */
export function useBuyerSignIn(): { isLogin: boolean; signIn: () => void } {
  const { isLogin } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signInPath = loginPath(`${location.pathname}${location.search}`);
  const signIn = useCallback(() => navigate(signInPath), [navigate, signInPath]);
  return { isLogin, signIn };
}
