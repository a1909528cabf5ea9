import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { CheckingStatus } from '../../components/checking-status.tsx';
import { loginPath } from '../../lib/login-redirect.ts';
import { readUserInfo } from '../../lib/user-storage.ts';
import { useSession } from '../session/session-context.tsx';
import { type ConsoleGuardDecision, consoleGuardDecision } from './console-guard-decision.ts';

/** Layout route for /console/*: lets signed-in users through, sends everyone else to login with a redirect. */
export function ConsoleGuard() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const { refresh } = useSession();
  const [decision, setDecision] = useState<ConsoleGuardDecision>(() => consoleGuardDecision(readUserInfo().accountNo));

  // biome-ignore lint/correctness/useExhaustiveDependencies: the check re-runs on every console path change.
  useEffect(() => {
    const stored = readUserInfo().accountNo;
    const early = consoleGuardDecision(stored);
    if (early === 'redirect') {
      setDecision('redirect');
      return;
    }
    let cancelled = false;
    void refresh().then((result) => {
      if (!cancelled) setDecision(consoleGuardDecision(stored, result));
    });
    return () => {
      cancelled = true;
    };
  }, [location.pathname, refresh]);

  if (decision === 'redirect') {
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  }
  if (decision === 'pending') {
    return <CheckingStatus label={t('console.checking')} />;
  }
  return <Outlet />;
}
