import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { Operator } from '@namebourse/contract';
import { type ReactElement, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../../../app/session/session-context.tsx';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { CheckingStatus } from '../../../components/checking-status.tsx';
import { ConsoleFrame, type ConsoleFrameSizes } from '../../../components/console-frame.tsx';
import { PAGE_WIDTHS } from '../../../components/page-widths.ts';
import { loginPath } from '../../../lib/login-redirect.ts';
import { isForbidden, isSignedOut, useOperator } from '../../../lib/operator.ts';
import { ADMIN_PATHS, type AdminSection, canOpen, homeSectionFor, navSectionsFor, sectionOfPath } from '../lib/nav.ts';
import type { AdminContext } from './admin-context.ts';
import { NoPermission } from './no-permission.tsx';

const ICONS: Record<AdminSection, ReactElement> = {
  dashboard: <DashboardOutlined />,
  payees: <HowToRegOutlined />,
  settlements: <RequestQuoteOutlined />,
  users: <PeopleAltOutlined />,
  auctions: <GavelOutlined />,
  deliveries: <LocalShippingOutlined />,
  listings: <StorefrontOutlined />,
  feedback: <MailOutlined />,
  support: <SupportAgentOutlined />,
  announcements: <CampaignOutlined />,
  feeds: <CloudUploadOutlined />,
  parameters: <TuneOutlined />,
  audit: <HistoryOutlined />,
};

function Checking() {
  const { t } = useTranslation('admin');
  return <CheckingStatus label={t('guard.checking')} />;
}

function Centered({ children }: { children: React.ReactNode }) {
  return <Box sx={{ bgcolor: 'background.default', minHeight: '70vh', px: 2, py: { xs: 4, md: 8 } }}>{children}</Box>;
}

/** The operator's role as a small chip (admin / finance reviewer / support). */
export function RoleChip({ role, inverted = false }: { role: Operator['role']; inverted?: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Chip
      size="small"
      label={t(`role.${role}`)}
      data-testid="admin-role"
      sx={
        inverted
          ? { bgcolor: 'rgba(255,255,255,0.16)', color: 'common.white', fontWeight: 600 }
          : { bgcolor: (theme) => alpha(theme.palette.primary.main, 0.1), color: 'primary.main', fontWeight: 600 }
      }
    />
  );
}

function OperatorCard({ operator }: { operator: Operator }) {
  const { t } = useTranslation('admin');
  return (
    <Box
      sx={{
        px: 2.5,
        py: 2,
        color: 'common.white',
        background: (theme) =>
          `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.secondary.main} 100%)`,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <AdminPanelSettingsOutlined fontSize="small" />
        <Typography sx={{ fontWeight: 700, typography: 'textLg' }}>{t('title')}</Typography>
      </Box>
      {/* Who is signed in, by e-mail: the nickname of a seeded operator is an English word ('Operator'), and the
          role chip below already names the role in the UI language. */}
      <Typography
        sx={{
          mt: 1.5,
          fontWeight: 600,
          typography: 'textMd',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
        title={operator.email}
        data-testid="admin-operator-email"
      >
        {operator.email}
      </Typography>
      <Box sx={{ mt: 1 }}>
        <RoleChip role={operator.role} inverted />
      </Box>
    </Box>
  );
}

/** The operator console's sizes: a wider frame, a narrower menu, shorter rows and tabs. */
const OPERATOR_CONSOLE: ConsoleFrameSizes = {
  maxWidth: PAGE_WIDTHS.operator,
  gutter: 3,
  menuWidth: 232,
  rowHeight: 42,
  menuPadding: [1, 1],
  tabHeight: 48,
};

/** The console's frame: the operator and a side menu on desktop, a title bar and tabs on phones. */
function OperatorFrame({ operator, children }: { operator: Operator; children: React.ReactNode }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const sections = navSectionsFor(operator.role);
  const section = sectionOfPath(pathname);
  const current = section && sections.includes(section) ? section : false;

  return (
    <ConsoleFrame
      items={sections.map((key) => ({ key, to: ADMIN_PATHS[key], label: t(`nav.${key}`), icon: ICONS[key] }))}
      current={current}
      label={t('nav.label')}
      sizes={OPERATOR_CONSOLE}
      testId="admin-console"
      menuHeader={<OperatorCard operator={operator} />}
      phoneHeader={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5 }}>
          <AdminPanelSettingsOutlined fontSize="small" color="primary" />
          <Typography sx={{ fontWeight: 700, typography: 'textLg', flex: 1, minWidth: 0 }} noWrap>
            {t('title')}
          </Typography>
          <RoleChip role={operator.role} />
        </Box>
      }
    >
      {children}
    </ConsoleFrame>
  );
}

/** A section the operator's role does not open: /admin itself goes to the role's first section. */
function SectionGate({ operator }: { operator: Operator }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const section = sectionOfPath(pathname);
  if (section && !canOpen(operator.role, section)) {
    if (section === 'dashboard') return <Navigate to={ADMIN_PATHS[homeSectionFor(operator.role)]} replace />;
    return (
      <NoPermission
        title={t('forbidden.sectionTitle')}
        body={t('forbidden.sectionBody', { role: t(`role.${operator.role}`), section: t(`nav.${section}`) })}
        actions={
          <Button variant="contained" component={RouterLink} to={ADMIN_PATHS[homeSectionFor(operator.role)]}>
            {t(`nav.${homeSectionFor(operator.role)}`)}
          </Button>
        }
      />
    );
  }
  const context: AdminContext = { operator };
  return <Outlet context={context} />;
}

/**
 * /admin/*: signed out → the sign-in page with a redirect back; signed in but not an operator (GET /api/admin/me
 * answers Account.Forbidden) → a 'no permission' page; otherwise the console with the sections of the role.
 */
export function AdminConsole() {
  const { t } = useTranslation('admin');
  const location = useLocation();
  const { userInfo, refresh } = useSession();
  const operator = useOperator(userInfo.accountNo);
  const signedOut = !userInfo.accountNo || (operator.isError && isSignedOut(operator.error));

  useEffect(() => {
    // The stored account's session is gone: let the session forget it (the top bar shows 'Log in' again).
    if (userInfo.accountNo && operator.isError && isSignedOut(operator.error)) void refresh();
  }, [userInfo.accountNo, operator.isError, operator.error, refresh]);

  if (signedOut) return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  if (operator.isPending) return <Checking />;
  if (operator.isError) {
    if (isForbidden(operator.error)) {
      return (
        <Centered>
          <NoPermission
            title={t('forbidden.title')}
            body={t('forbidden.body', { account: userInfo.nickname || userInfo.accountNo })}
            actions={
              <>
                <Button variant="contained" component={RouterLink} to="/">
                  {t('forbidden.home')}
                </Button>
                <Button variant="outlined" component={RouterLink} to="/console/user/info">
                  {t('forbidden.myAccount')}
                </Button>
              </>
            }
          />
        </Centered>
      );
    }
    return (
      <Centered>
        <Box sx={{ maxWidth: 640, mx: 'auto' }}>
          <ErrorView error={operator.error} title={t('guard.failed')} onRetry={() => void operator.refetch()} />
        </Box>
      </Centered>
    );
  }
  return (
    <OperatorFrame operator={operator.data}>
      <SectionGate operator={operator.data} />
    </OperatorFrame>
  );
}
