import ComputerRounded from '@mui/icons-material/ComputerRounded';
import DevicesOtherRounded from '@mui/icons-material/DevicesOtherRounded';
import PhoneIphoneRounded from '@mui/icons-material/PhoneIphoneRounded';
import TabletMacRounded from '@mui/icons-material/TabletMacRounded';
import TerminalRounded from '@mui/icons-material/TerminalRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MONO_FONT_FAMILY } from '../../../app/theme.ts';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type ActiveSession, useSessions } from '../api/get-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';
import { SECTION_IDS } from '../lib/security-checklist.ts';
import { type DeviceKind, shortFingerprint, summarizeUserAgent, userAgentLabel } from '../lib/user-agent.ts';

const DEVICE_ICON: Record<DeviceKind, ReactNode> = {
  desktop: <ComputerRounded />,
  mobile: <PhoneIphoneRounded />,
  tablet: <TabletMacRounded />,
  tool: <TerminalRounded />,
  unknown: <DevicesOtherRounded />,
};

function Device({ session }: { session: ActiveSession }) {
  const { t } = useTranslation('security');
  const summary = summarizeUserAgent(session.userAgent);
  const label = userAgentLabel(summary) ?? t('sessions.unknownDevice');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ color: 'text.secondary', display: 'flex' }}>{DEVICE_ICON[summary.kind]}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Tooltip title={session.userAgent ?? ''} placement="top-start">
            <Typography sx={{ fontWeight: 600, typography: 'textMd' }}>{label}</Typography>
          </Tooltip>
          {session.isCurrent ? (
            <Chip
              size="small"
              color="primary"
              label={t('sessions.thisDevice')}
              sx={{ height: 20, typography: 'text2xs', fontWeight: 700 }}
              data-testid="this-device"
            />
          ) : null}
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: MONO_FONT_FAMILY }}>
          {t('sessions.fingerprint')}: {shortFingerprint(session.deviceFingerprint)}
        </Typography>
      </Box>
    </Box>
  );
}

export function SessionsCard() {
  const { t } = useTranslation('security');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const sessions = useSessions();
  const revoke = useRevokeSession();

  const signOut = async (session: ActiveSession) => {
    try {
      await revoke.mutateAsync(session.id);
      showToast(t('sessions.revoked'), 'success');
    } catch {
      // The pipeline shows a toast.
    }
  };

  const action = (session: ActiveSession) =>
    session.isCurrent ? null : (
      <Button
        size="small"
        color="error"
        variant="outlined"
        disabled={revoke.isPending && revoke.variables === session.id}
        onClick={() => void signOut(session)}
      >
        {t('sessions.signOut')}
      </Button>
    );

  let body: ReactNode;
  if (sessions.isPending) {
    body = (
      <Box>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={52} />
        ))}
      </Box>
    );
  } else if (sessions.isError) {
    body = <ErrorView error={sessions.error} onRetry={() => void sessions.refetch()} />;
  } else if (sessions.data.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {t('sessions.empty')}
      </Typography>
    );
  } else if (wide) {
    body = (
      <Box sx={{ overflowX: 'auto', mx: -3 }}>
        <Table size="small" aria-label={t('sessions.title')}>
          <TableHead>
            <TableRow
              sx={{
                '& th': { color: 'text.secondary', fontWeight: 600, bgcolor: 'background.default' },
                '& th:first-of-type': { pl: 3 },
              }}
            >
              <TableCell>{t('sessions.device')}</TableCell>
              <TableCell>{t('sessions.ip')}</TableCell>
              <TableCell>{t('sessions.createdAt')}</TableCell>
              <TableCell>{t('sessions.lastUsedAt')}</TableCell>
              <TableCell align="right" sx={{ pr: 3 }}>
                {t('sessions.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sessions.data.map((session) => (
              <TableRow
                key={session.id}
                data-testid="session-row"
                sx={{ '& td:first-of-type': { pl: 3 }, '&:last-of-type td': { border: 0 } }}
              >
                <TableCell sx={{ py: 1.5 }}>
                  <Device session={session} />
                </TableCell>
                <TableCell sx={{ fontFamily: MONO_FONT_FAMILY, typography: 'textSm' }}>{session.ip || '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(session.createdAt)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {session.lastUsedAt ? formatDateTime(session.lastUsedAt) : '—'}
                </TableCell>
                <TableCell align="right" sx={{ pr: 3 }}>
                  {action(session)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    );
  } else {
    body = (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {sessions.data.map((session) => (
          <Box
            component="li"
            key={session.id}
            data-testid="session-row"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}
          >
            <Device session={session} />
            <Box
              component="dl"
              sx={{
                m: 0,
                mt: 1,
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 1.5,
                rowGap: 0.25,
                typography: 'textSm',
              }}
            >
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {t('sessions.ip')}
              </Box>
              <Box component="dd" sx={{ m: 0, fontFamily: MONO_FONT_FAMILY, wordBreak: 'break-all' }}>
                {session.ip || '—'}
              </Box>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {t('sessions.createdAt')}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {formatDateTime(session.createdAt)}
              </Box>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {t('sessions.lastUsedAt')}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {session.lastUsedAt ? formatDateTime(session.lastUsedAt) : '—'}
              </Box>
            </Box>
            {session.isCurrent ? null : (
              <Box sx={{ mt: 1.25, display: 'flex', justifyContent: 'flex-end' }}>{action(session)}</Box>
            )}
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <SectionCard id={SECTION_IDS.sessions} title={t('sessions.title')} description={t('sessions.description')}>
      {body}
    </SectionCard>
  );
}
