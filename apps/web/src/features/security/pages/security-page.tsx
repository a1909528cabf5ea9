import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSecurityInfo } from '../api/get-security-info.ts';
import { AuthenticatorRow } from '../components/authenticator-row.tsx';
import { ChangePasswordCard } from '../components/change-password-card.tsx';
import { LoginMfaRow } from '../components/login-mfa-row.tsx';
import { SecureEmailRow } from '../components/secure-email-row.tsx';
import { SecurePhoneRow } from '../components/secure-phone-row.tsx';
import { SecurityOverview } from '../components/security-overview.tsx';
import { SessionsCard } from '../components/sessions-card.tsx';
import { authenticatorUnbindBlocker, isSet, securityOverview } from '../lib/security-checklist.ts';

function LoadingState() {
  const { t } = useTranslation('security');
  return (
    <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 2 }}>
      <Skeleton variant="rounded" height={140} />
      <Skeleton variant="rounded" height={320} />
    </Box>
  );
}

/** /console/user/security: overview, MFA methods, sign-in MFA, password and active sessions. */
export function SecurityPage() {
  const { t } = useTranslation('security');
  usePageTitle(t('page.title'));
  const info = useSecurityInfo();

  return (
    <Box data-testid="security-page">
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <Box sx={{ display: 'grid', gap: { xs: 2, md: 2.5 } }}>
        {info.isPending ? (
          <LoadingState />
        ) : info.isError ? (
          <ErrorView error={info.error} onRetry={() => void info.refetch()} />
        ) : (
          <>
            <SecurityOverview overview={securityOverview(info.data)} />
            <Paper variant="outlined" component="section" aria-labelledby="mfa-methods-title">
              <Box sx={{ px: { xs: 2, md: 3 }, pt: { xs: 2, md: 2.5 }, pb: 0.5 }}>
                <Typography id="mfa-methods-title" component="h2" variant="h6" sx={{ typography: 'text2xl' }}>
                  {t('methods.title')}
                </Typography>
                <Typography color="text.secondary" sx={{ typography: 'textMd', mt: 0.5, lineHeight: 1.6 }}>
                  {t('methods.description')}
                </Typography>
              </Box>
              <AuthenticatorRow
                bound={info.data.hasAuthenticator}
                unbindBlockedBy={authenticatorUnbindBlocker(info.data)}
              />
              <SecurePhoneRow value={info.data.securePhone} />
              <SecureEmailRow
                value={info.data.secureEmail}
                allowed={info.data.hasAuthenticator || isSet(info.data.securePhone)}
              />
              <LoginMfaRow
                enabled={info.data.loginMfaEnabled}
                allowed={securityOverview(info.data).canEnableLoginMfa}
              />
            </Paper>
          </>
        )}
        <ChangePasswordCard />
        <SessionsCard />
      </Box>
    </Box>
  );
}
